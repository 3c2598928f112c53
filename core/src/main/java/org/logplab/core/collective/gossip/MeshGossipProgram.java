package org.logplab.core.collective.gossip;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.Program;

/**
 * Runs a checked H* gossip schedule (Wang and Ying) on the LogP runtime: mesh node {@code (x, y)}
 * is the processor of rank {@code x * n + y}, and every packet of the schedule becomes a real
 * message whose payload is the id of the gossiped message, so the data itself travels through the
 * runtime's channels.
 *
 * <p>In timestep {@code s} (the message tag) each processor first sends its packets of that
 * step, then receives, from each neighbour the schedule names, the one packet that neighbour sends
 * it. Packets between one pair arrive in order, so this needs no global barrier: a processor knows
 * from the schedule whom it hears from in each step. Each processor sends only what it has
 * received (or its own message) and records what the payloads say, not what the schedule promised;
 * at the end it checks that it holds all {@code n^2} ids and fails the run otherwise.
 *
 * <pre>{@code
 * MeshGossipProgram program = MeshGossipProgram.of(new ImprovedGossip(), 4);
 * Machine.run(LogP.of(6, 2, 4, 16), ClockKind.MODEL, program);
 * assert program.allComplete();
 * }</pre>
 *
 * <p>The schedule is recorded once, through {@link HStarMesh}, so it obeys H*. One instance serves
 * one run at a time (each rank writes only its own result slot; the run's join publishes them).
 * Memory: the whole schedule, {@code n^2 (n^2 - 1)} packets: meant for small meshes.
 */
public final class MeshGossipProgram implements Program {
    private final int n;
    private final int steps;
    /** Per rank, per step: the packets it sends, as {@code {to, message}} pairs. */
    private final int[][][] sends;
    /** Per rank, per step: the neighbours it hears from and the message the schedule says each sends. */
    private final int[][][] receives;
    private final int[] held;

    private MeshGossipProgram(int n, List<Timestep> schedule) {
        this.n = n;
        this.steps = schedule.size();
        int nodes = n * n;
        this.sends = new int[nodes][steps][];
        this.receives = new int[nodes][steps][];
        this.held = new int[nodes];
        for (int s = 0; s < steps; s++) {
            List<List<Integer>> out = new ArrayList<>();
            List<List<Integer>> in = new ArrayList<>();
            for (int v = 0; v < nodes; v++) {
                out.add(new ArrayList<>());
                in.add(new ArrayList<>());
            }
            Timestep step = schedule.get(s);
            for (int i = 0; i < step.size(); i++) {
                out.get(step.from(i)).addAll(List.of(step.to(i), step.message(i)));
                in.get(step.to(i)).addAll(List.of(step.from(i), step.message(i)));
            }
            for (int v = 0; v < nodes; v++) {
                sends[v][s] = out.get(v).stream().mapToInt(Integer::intValue).toArray();
                receives[v][s] = in.get(v).stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    /** The program for {@code algorithm}'s schedule on an {@code n x n} mesh, checked step by step while recorded. */
    public static MeshGossipProgram of(GossipAlgorithm algorithm, int n) {
        List<Timestep> schedule = new ArrayList<>();
        HStarMesh mesh = new HStarMesh(n, step -> schedule.add(Timestep.of(step.transfers())));
        algorithm.run(mesh);
        return new MeshGossipProgram(n, schedule);
    }

    /** The mesh side. */
    public int n() {
        return n;
    }

    /** The timesteps of the schedule. */
    public int steps() {
        return steps;
    }

    /** How many distinct message ids rank {@code rank} held when it finished (after a run). */
    public int heldBy(int rank) {
        return held[rank];
    }

    /** Whether every rank finished holding all {@code n^2} ids (after a run). */
    public boolean allComplete() {
        for (int h : held) {
            if (h != n * n) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void run(Processor p) {
        int nodes = n * n;
        if (p.size() != nodes) {
            throw new IllegalArgumentException("a " + n + " x " + n + " mesh needs P = " + nodes + " processors, got "
                    + p.size());
        }
        int me = p.rank();
        boolean[] has = new boolean[nodes];
        has[me] = true;
        int count = 1;
        for (int s = 0; s < steps; s++) {
            int[] out = sends[me][s];
            for (int k = 0; k < out.length; k += 2) {
                if (!has[out[k + 1]]) {
                    throw new IllegalStateException("rank " + me + " must send message " + out[k + 1] + " in step " + s
                            + " but has not received it");
                }
                p.send(out[k], s, (long) out[k + 1]);
            }
            int[] in = receives[me][s];
            for (int k = 0; k < in.length; k += 2) {
                Message msg = p.recv(in[k]);
                int id = (int) msg.asLong();
                if (msg.tag() != s || id != in[k + 1]) {
                    throw new IllegalStateException("rank " + me + " expected message " + in[k + 1] + " of step " + s
                            + " from rank " + in[k] + ", got " + id + " of step " + msg.tag());
                }
                if (!has[id]) {
                    has[id] = true;
                    count++;
                }
            }
        }
        held[me] = count;
        if (count != nodes) {
            throw new IllegalStateException("rank " + me + " holds " + count + " of " + nodes
                    + " messages after the schedule");
        }
    }
}
