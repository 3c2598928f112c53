package org.logplab.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The model clock's conservative rule for {@code recvAny} at quiescence, shared by a single
 * process's coordinator and by the cluster's: every message not yet sent follows some waiter's
 * next action, so none arrives before {@code bound}, the least {@link RecvAnyWaiter#earliestNextArrival()}.
 * A waiter whose key (message arrival or time-out) is before the bound goes now; so does the
 * waiter with the earliest action (lowest rank on ties), which qualifies whenever {@code L + o > 0}
 * and goes anyway otherwise, so that the run progresses.
 */
public final class RecvAnyRule {
    private RecvAnyRule() {
    }

    /** The ranks of the waiters that go now, in the order given; empty only if {@code waiters} is. */
    public static List<Integer> select(List<RecvAnyWaiter> waiters) {
        long bound = Long.MAX_VALUE;
        RecvAnyWaiter first = null;
        for (RecvAnyWaiter w : waiters) {
            bound = Math.min(bound, w.earliestNextArrival());
            if (first == null || w.action() < first.action() || (w.action() == first.action() && w.rank() < first.rank())) {
                first = w;
            }
        }
        List<Integer> go = new ArrayList<>();
        for (RecvAnyWaiter w : waiters) {
            if (w == first || w.key() < bound) {
                go.add(w.rank());
            }
        }
        return go;
    }
}
