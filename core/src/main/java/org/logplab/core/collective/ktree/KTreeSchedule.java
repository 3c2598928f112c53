package org.logplab.core.collective.ktree;

import java.util.ArrayList;
import java.util.List;

/**
 * The pipelined k-tree schedule, round by round, for running through a {@link KPortNetwork}. In
 * round {@code r} (from 1) a processor at depth {@code d} of tree {@code t} with children sends
 * them message {@code (r - 1 - d) k' + t}, if that is one of the {@code m}: the source (depth 0)
 * injects messages {@code (r-1)k'..rk'-1}, and everyone else forwards what it received in the
 * round before. The trees do not depend on {@code m}, so one schedule serves every {@code m}.
 * Holds every processor's tree edges, O(n k') memory. Immutable.
 */
public final class KTreeSchedule {
    private final KTreeBroadcast broadcast;
    private final int ports;
    private final int[] senderRank;
    private final int[] senderTree;
    private final int[] senderDepth;
    private final int[][] senderChildren;

    KTreeSchedule(KTreeBroadcast broadcast) {
        this.broadcast = broadcast;
        this.ports = broadcast.ports();
        List<int[]> edges = new ArrayList<>();
        List<int[]> children = new ArrayList<>();
        for (int rank = 0; rank < broadcast.n(); rank++) {
            KTreeRole role = broadcast.role(rank);
            for (int t = 0; t < role.trees(); t++) {
                if (role.childrenView(t).length > 0) {
                    edges.add(new int[] {rank, t, role.depth(t)});
                    children.add(role.childrenView(t));
                }
            }
        }
        this.senderRank = edges.stream().mapToInt(e -> e[0]).toArray();
        this.senderTree = edges.stream().mapToInt(e -> e[1]).toArray();
        this.senderDepth = edges.stream().mapToInt(e -> e[2]).toArray();
        this.senderChildren = children.toArray(int[][]::new);
    }

    /** The rounds the schedule takes for {@code m} messages, {@link KTreeBroadcast#rounds(int)}. */
    public int rounds(int m) {
        return broadcast.rounds(m);
    }

    /**
     * The sends of round {@code round} ({@code 1..rounds(m)}) when broadcasting {@code m >= 1}
     * messages; a new list each call, free to alter.
     */
    public List<KPortSend> sends(int round, int m) {
        int rounds = rounds(m);
        if (round < 1 || round > rounds) {
            throw new IllegalArgumentException("round " + round + " is outside 1.." + rounds);
        }
        List<KPortSend> sends = new ArrayList<>();
        for (int s = 0; s < senderRank.length; s++) {
            long batch = round - 1L - senderDepth[s];
            long message = batch * ports + senderTree[s];
            if (batch < 0 || message >= m) {
                continue;
            }
            for (int child : senderChildren[s]) {
                sends.add(new KPortSend(senderRank[s], child, (int) message));
            }
        }
        return sends;
    }

    /**
     * Runs every round for the network's {@code m} messages through {@code network} and returns the
     * number of rounds; a violation propagates.
     */
    public int run(KPortNetwork network) {
        int rounds = rounds(network.m());
        for (int r = 1; r <= rounds; r++) {
            network.round(sends(r, network.m()));
        }
        return rounds;
    }
}
