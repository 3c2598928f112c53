package org.logplab.core.runtime;

import java.util.List;
import org.logplab.core.DeadlockException;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;

/**
 * One process's ranks at a moment when all of them were blocked or finished (quiescent), taken
 * atomically under the runtime's lock: what the cluster's coordinator needs to resolve model-clock
 * {@code recvAny}, to recognise a deadlock, and to assemble the result once every rank is done.
 *
 * @param ranks one entry per local rank, by rank
 * @param leftovers messages queued for local ranks and not received, by channel
 */
public record NodeSnapshot(List<Rank> ranks, List<RunResult.InFlight> leftovers) {
    public NodeSnapshot {
        ranks = List.copyOf(ranks);
        leftovers = List.copyOf(leftovers);
    }

    /** Whether every local rank's program has returned. */
    public boolean allDone() {
        return ranks.stream().allMatch(r -> r.status() == Status.DONE);
    }

    /** What a local rank is doing. */
    public enum Status { RECV, RECV_ANY, SEND, DONE }

    /**
     * One local rank.
     *
     * @param rank the rank
     * @param status blocked in a receive from {@code peer}, in a receive decided at quiescence (from
     *     any rank, or by a deadline from {@code peer}), waiting for room to send to {@code peer}, or done
     * @param peer the rank waited on, or -1 for any
     * @param waiter for a model-clock {@code RECV_ANY} that may be let go, its view for
     *     {@link RecvAnyRule}; otherwise null
     * @param finish when its program returned (done ranks), in clock units
     * @param sent messages it sent
     * @param received messages it received
     * @param tag for a receive, the tag it waits for, or {@link Processor#ANY_TAG}
     */
    public record Rank(int rank, Status status, int peer, RecvAnyRule.Waiter waiter, long finish, long sent,
            long received, int tag) {
        /** A rank that waits for no particular tag. */
        public Rank(int rank, Status status, int peer, RecvAnyRule.Waiter waiter, long finish, long sent,
                    long received) {
            this(rank, status, peer, waiter, finish, sent, received, Processor.ANY_TAG);
        }

        /** What it waits for, as a deadlock names it, or null if it is done. */
        public DeadlockException.Wait waitFor() {
            return RankWaits.wait(rank, status, peer, tag);
        }
    }
}
