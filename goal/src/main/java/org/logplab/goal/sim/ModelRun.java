package org.logplab.goal.sim;

import java.util.List;

/**
 * The result of a model-clock run of a GOAL schedule: every rank's finish time as LogGOPSim
 * prints it ({@code Host i}: the latest time one of its CPUs is busy until, model units), what the
 * run did, and what it could not finish. A run is {@link #complete()} when every operation
 * finished and no receive or message was left unmatched; LogGOPSim prints its times when the
 * matching queues are empty ({@link #queuesEmpty()}), even if operations never ran.
 */
public final class ModelRun {
    private final long[] finish;
    private final int operations;
    private final long messages;
    private final long eager;
    private final long events;
    private final boolean queuesEmpty;
    private final List<StuckOperation> stuck;

    ModelRun(long[] finish, int operations, long messages, long eager, long events, boolean queuesEmpty,
            List<StuckOperation> stuck) {
        this.finish = finish;
        this.operations = operations;
        this.messages = messages;
        this.eager = eager;
        this.events = events;
        this.queuesEmpty = queuesEmpty;
        this.stuck = List.copyOf(stuck);
    }

    /** The number of ranks. */
    public int ranks() {
        return finish.length;
    }

    /** Rank {@code rank}'s finish time, model units: LogGOPSim's {@code Host rank}. */
    public long finish(int rank) {
        return finish[rank];
    }

    /** Every rank's finish time, in rank order (a copy). */
    public long[] finishTimes() {
        return finish.clone();
    }

    /** The latest finish time: LogGOPSim's maximum finishing time. */
    public long makespan() {
        return finish[slowestRank()];
    }

    /** The rank that finishes last (the lowest such rank, as LogGOPSim names it). */
    public int slowestRank() {
        int slowest = 0;
        for (int r = 1; r < finish.length; r++) {
            if (Long.compareUnsigned(finish[r], finish[slowest]) > 0) {
                slowest = r;
            }
        }
        return slowest;
    }

    /** The schedule's operations. */
    public int operations() {
        return operations;
    }

    /** The messages sent. */
    public long messages() {
        return messages;
    }

    /** The messages sent eagerly (at most {@code S} bytes). */
    public long eager() {
        return eager;
    }

    /** The messages sent by rendezvous (more than {@code S} bytes). */
    public long rendezvous() {
        return messages - eager;
    }

    /** The events the simulation handled (an event queued again counts each time). */
    public long events() {
        return events;
    }

    /** Whether every receive and every message was matched: when LogGOPSim prints the times. */
    public boolean queuesEmpty() {
        return queuesEmpty;
    }

    /** Whether every operation finished and nothing was left unmatched. */
    public boolean complete() {
        return stuck.isEmpty();
    }

    /**
     * What could not finish, rank by rank: unmatched receives and messages (each in the order it was
     * queued), unreleased sends, then operations that never started (in the schedule's order).
     */
    public List<StuckOperation> stuck() {
        return stuck;
    }
}
