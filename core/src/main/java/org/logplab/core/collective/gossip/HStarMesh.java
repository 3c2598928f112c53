package org.logplab.core.collective.gossip;

import java.util.List;
import java.util.function.Consumer;

/**
 * A round-based {@code n x n} square mesh under the H* model of Wang and Ying (<i>The
 * Gossiping Algorithm in Square Mesh</i>, §1; Krumme et al.'s half-duplex all-port model): the
 * referee every gossip schedule here runs through.
 *
 * <p>Node {@code (x, y)} is {@code x * n + y} and starts holding message {@code x * n + y}; its
 * neighbours are the nodes one step away in {@code x} or in {@code y}. A timestep is a set of
 * {@link Transfer}s. {@link #step} accepts it only if every rule of the model holds, and otherwise
 * throws an {@link IllegalStateException} that names the timestep, the transfer and the rule:
 * <ul>
 *   <li>a packet crosses one edge: sender and receiver are mesh neighbours;</li>
 *   <li>half-duplex: a link carries data in one direction per timestep;</li>
 *   <li>one message per packet: a link carries at most one message per direction per timestep;</li>
 *   <li>store and forward: a node sends only messages it holds at the start of the timestep (what
 *       it receives during a timestep it can forward from the next one).</li>
 * </ul>
 * All-port: a node may use all its links in one timestep, each in either direction. A rejected
 * step changes nothing. Sending a message the receiver already holds is legal but useless; such
 * transfers are counted by {@link #redundantTransfers()}.
 *
 * <pre>{@code
 * HStarMesh mesh = new HStarMesh(4);
 * mesh.step(List.of(new Transfer(0, 1, 0), new Transfer(5, 4, 5)));
 * assert mesh.holds(1, 0) && mesh.steps() == 1;
 * }</pre>
 *
 * <p>Not thread-safe. Memory: one bit per (node, message), {@code n^4 / 8} bytes (2 MiB at n = 64).
 */
public final class HStarMesh {
    /** The largest side accepted: the holdings take {@code n^4 / 8} bytes, 32 MiB at 128. */
    public static final int MAX_N = 128;

    private final int n;
    private final int nodes;
    private final int words;
    private final long[] held;
    private final int[] heldCount;
    private final int[] rightLink;
    private final int[] linkStamp;
    private final int[] linkFrom;
    private final int[] linkTransfer;
    private final Consumer<Timestep> onAccepted;
    private int steps;
    private long complete;
    private long transfers;
    private long redundant;

    /** An {@code n x n} mesh, {@code n >= 2}, each node holding only its own message. */
    public HStarMesh(int n) {
        this(n, step -> { });
    }

    /**
     * An {@code n x n} mesh that hands every accepted timestep to {@code onAccepted} (before the
     * producer may clear it), for recording a schedule.
     */
    public HStarMesh(int n, Consumer<Timestep> onAccepted) {
        if (n < 2 || n > MAX_N) {
            throw new IllegalArgumentException("mesh side n must be in 2.." + MAX_N + ", got " + n);
        }
        this.n = n;
        this.nodes = n * n;
        this.words = (nodes + 63) >>> 6;
        this.held = new long[nodes * words];
        this.heldCount = new int[nodes];
        int links = 2 * n * (n - 1);
        this.linkStamp = new int[links];
        // Row links by table, -1 at a row's end: no division per transfer.
        this.rightLink = new int[nodes];
        for (int v = 0; v < nodes; v++) {
            rightLink[v] = v % n < n - 1 ? v / n * (n - 1) + v % n : -1;
        }
        this.linkFrom = new int[links];
        this.linkTransfer = new int[links];
        this.onAccepted = onAccepted;
        for (int v = 0; v < nodes; v++) {
            set(v, v);
            heldCount[v] = 1;
        }
    }

    /** The side of the mesh. */
    public int n() {
        return n;
    }

    /** The number of nodes (and messages), {@code n^2}. */
    public int nodes() {
        return nodes;
    }

    /** The timesteps accepted so far. */
    public int steps() {
        return steps;
    }

    /** Transfers accepted so far, over all timesteps. */
    public long transfers() {
        return transfers;
    }

    /** Accepted transfers that brought a node a message it already held or received twice in one step. */
    public long redundantTransfers() {
        return redundant;
    }

    /** Whether {@code node} holds {@code message}. */
    public boolean holds(int node, int message) {
        checkNode("node", node);
        checkNode("message", message);
        return isSet(node, message);
    }

    /** How many messages {@code node} holds. */
    public int heldBy(int node) {
        checkNode("node", node);
        return heldCount[node];
    }

    /** Whether every node holds all {@code n^2} messages: the gossip is complete. */
    public boolean allHoldEverything() {
        return complete == nodes;
    }

    /** Checks and applies one timestep given as records. */
    public void step(List<Transfer> step) {
        step(Timestep.of(step));
    }

    /**
     * Checks one timestep against the H* rules and, if all hold, applies it: every receiver then
     * holds its message, and the step count grows by one (an empty timestep counts too).
     *
     * @throws IllegalStateException naming the first violated rule; the mesh is then unchanged
     * @throws IllegalArgumentException if a node or message id is outside {@code 0..n^2-1}
     */
    public void step(Timestep step) {
        int stamp = steps + 1;
        for (int i = 0; i < step.size(); i++) {
            check(step, i, stamp);
        }
        for (int i = 0; i < step.size(); i++) {
            int to = step.to(i);
            int m = step.message(i);
            if (isSet(to, m)) {
                redundant++;
                continue;
            }
            set(to, m);
            if (++heldCount[to] == nodes) {
                complete++;
            }
        }
        transfers += step.size();
        steps = stamp;
        onAccepted.accept(step);
    }

    private void check(Timestep step, int i, int stamp) {
        int from = step.from(i);
        int to = step.to(i);
        int m = step.message(i);
        checkNode("sender", from);
        checkNode("receiver", to);
        checkNode("message", m);
        int link = link(from, to);
        if (link < 0) {
            throw violation(stamp, step, i, "nodes " + node(from) + " and " + node(to)
                    + " are not mesh neighbours; a packet crosses one edge per timestep");
        }
        if (!isSet(from, m)) {
            throw violation(stamp, step, i, "node " + node(from) + " sends message " + m
                    + ", which it does not hold at the start of the timestep");
        }
        if (linkStamp[link] == stamp) {
            int other = linkTransfer[link];
            if (linkFrom[link] != from) {
                throw violation(stamp, step, i, "link " + node(from) + "-" + node(to)
                        + " is used in both directions (also " + step.transfer(other)
                        + "); H* links are half-duplex");
            }
            throw violation(stamp, step, i, "link " + node(from) + "->" + node(to) + " carries two messages ("
                    + step.message(other) + " and " + m + ") in one direction; a packet holds one message");
        }
        linkStamp[link] = stamp;
        linkFrom[link] = from;
        linkTransfer[link] = i;
    }

    /** The index of the link between neighbours {@code a} and {@code b}, or -1 if they are not neighbours. */
    private int link(int a, int b) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        if (hi == lo + 1) {
            return rightLink[lo];
        }
        if (hi == lo + n) {
            return n * (n - 1) + lo;
        }
        return -1;
    }

    private IllegalStateException violation(int stamp, Timestep step, int i, String rule) {
        return new IllegalStateException("H* violation in timestep " + stamp + ", transfer " + step.transfer(i)
                + ": " + rule);
    }

    private String node(int v) {
        return v + " (" + v / n + "," + v % n + ")";
    }

    private void checkNode(String what, int id) {
        if (id < 0 || id >= nodes) {
            throw new IllegalArgumentException(what + " " + id + " is outside 0.." + (nodes - 1) + " of a "
                    + n + " x " + n + " mesh");
        }
    }

    // Message-major: a transfer's two ends are neighbours, so both of its bits share a cache line or two.
    private boolean isSet(int node, int m) {
        return (held[m * words + (node >>> 6)] & (1L << node)) != 0;
    }

    private void set(int node, int m) {
        held[m * words + (node >>> 6)] |= 1L << node;
    }
}
