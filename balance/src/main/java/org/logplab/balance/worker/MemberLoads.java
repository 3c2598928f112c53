package org.logplab.balance.worker;

import java.util.Arrays;

/**
 * What a node last heard of every node's queued work (work units), and when (clock units): each
 * balancing message carries its sender's queued work. The estimate of a member's load now starts
 * from its last report and takes off what the member has worked off since. Used on the node's own
 * thread only.
 */
final class MemberLoads {
    private final long[] capacities;
    private final long unit;
    /** The queued work each node last reported, -1 before it reported any. */
    private final long[] reported;
    private final long[] reportedAt;

    /**
     * Loads of {@code nodes} nodes, none heard of yet.
     *
     * @param capacities every node's capacity, work units per time unit
     * @param unit       clock units per time unit
     */
    MemberLoads(int nodes, long[] capacities, long unit) {
        this.capacities = capacities;
        this.unit = unit;
        this.reported = new long[nodes];
        this.reportedAt = new long[nodes];
        Arrays.fill(reported, -1);
    }

    /** Node {@code j} had {@code work} work units queued at {@code now}. */
    void heard(int j, long work, long now) {
        reported[j] = work;
        reportedAt[j] = now;
    }

    /**
     * Node {@code j}'s queued work at {@code now}, estimated from what it last reported: it has
     * worked its queue off at its capacity since, and received new work meanwhile at the rate this
     * node sees (its own busy fraction {@code u}), so the report shrinks by {@code c_j (1 - u)} per
     * time unit, never below 0. -1 before anything was heard from {@code j}.
     */
    long estimate(int j, long now, double busyFraction) {
        if (reported[j] < 0) {
            return -1;
        }
        double idle = 1 - busyFraction;
        double worked = (double) (now - reportedAt[j]) / unit * capacities[j] * idle;
        return Math.max(0, reported[j] - (long) worked);
    }
}
