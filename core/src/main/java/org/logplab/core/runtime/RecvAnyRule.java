package org.logplab.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The model clock's conservative rule for {@code recvAny} at quiescence, shared by a single
 * process's coordinator and by the cluster's: every message not yet sent follows some waiter's
 * next action, so none arrives before {@code bound}, the least {@link Waiter#earliestNextArrival()}.
 * A waiter whose key (message arrival or time-out) is before the bound goes now; so does the
 * waiter with the earliest action (lowest rank on ties), which qualifies whenever {@code L + o > 0}
 * and goes anyway otherwise, so that the run progresses.
 */
public final class RecvAnyRule {
    private RecvAnyRule() {
    }

    /** The ranks of the waiters that go now, in the order given; empty only if {@code waiters} is. */
    public static List<Integer> select(List<Waiter> waiters) {
        long bound = Long.MAX_VALUE;
        Waiter first = null;
        for (Waiter w : waiters) {
            bound = Math.min(bound, w.earliestNextArrival());
            if (first == null || w.action() < first.action() || (w.action() == first.action()
                    && w.rank() < first.rank())) {
                first = w;
            }
        }
        List<Integer> go = new ArrayList<>();
        for (Waiter w : waiters) {
            if (w == first || w.key() < bound) {
                go.add(w.rank());
            }
        }
        return go;
    }

    /**
     * A model-clock {@code recvAny} (or {@code recvAnyBy}) waiter at quiescence, as
     * {@link RecvAnyRule} sees it. Times in model units.
     *
     * @param rank the waiting processor
     * @param message whether its next action is to take its earliest queued message (accepted by its
     *     deadline); otherwise it is to time out at its deadline
     * @param action when that action starts: {@code max(receive ready, arrival)} for a message,
     *     {@code max(now, deadline)} for a time-out
     * @param earliestNextArrival the earliest arrival of any message that action may lead to:
     *     {@code action + 2o + L} after a receive, {@code action + o + L} after a time-out
     * @param key what must beat the bound for the waiter to go: the message's arrival, or the time-out's time
     */
    public record Waiter(int rank, boolean message, long action, long earliestNextArrival, long key) {
    }
}
