package org.logplab.core.runtime;

import org.logplab.core.LogP;
import org.logplab.core.Message;

/**
 * Which queued message one processor's {@code recvAny}, {@code recvAnyBy} or {@code pollAny}
 * takes, among the head messages of its inbound channels (the candidates):
 * <ul>
 *   <li>Time-stamped messages (model clock, or a wall-clock run that times its messages): the one
 *       with the smallest {@code (arrival, source)}.</li>
 *   <li>Messages without time stamps (an untimed wall-clock run) count as arrived at
 *       {@link Message#UNSTAMPED}: the channels take turns, starting after the one served last,
 *       so that no sender is starved.</li>
 *   <li>Model clock: the {@link Coordinator} grants the choice at quiescence
 *       ({@link #grantEarliest()}): the earliest candidate if it arrives by the waiter's deadline,
 *       else none. What the waiter does next, for {@link RecvAnyRule}, is {@link #waiter}.</li>
 * </ul>
 * Times are clock units: model units, or nanoseconds since the run's time zero.
 *
 * <p>Threads: the processor's own thread; the coordinator, under its lock, while that thread is
 * blocked in {@code recvAny}; the pool between runs.
 */
final class RecvAnyChoice {
    private final InboundChannels inbound;
    /** Whether the run time-stamps every message (set for each run). */
    private boolean timed;
    /** Untimed wall clock: the index in {@link InboundChannels#consumers()} served last. */
    private int turn = -1;
    /** Model clock: the channel a waiting recvAny was granted at quiescence, or null for none. */
    private ChannelConsumer grant;
    /** Model clock: the latest arrival a waiting recvAny accepts ({@code Long.MAX_VALUE}: no deadline). */
    private long deadline = Long.MAX_VALUE;

    /** The choice among the channels of {@code inbound}. */
    RecvAnyChoice(InboundChannels inbound) {
        this.inbound = inbound;
    }

    /** Between runs: whether the next run time-stamps its messages; forgets any grant and deadline. */
    void reset(boolean timedRun) {
        timed = timedRun;
        grant = null;
        deadline = Long.MAX_VALUE;
    }

    /** Between runs, once the channels were emptied: the turns start again from the first channel. */
    void restartTurns() {
        turn = -1;
    }

    /**
     * The channel whose head message is the one to take (see the class comment), or null if all
     * are empty. Untimed, it counts as served: the next look starts after it.
     */
    ChannelConsumer earliest() {
        ChannelConsumer[] all = inbound.consumers();
        int n = all.length;
        ChannelConsumer best = null;
        long bestArrival = Long.MAX_VALUE;
        int first = timed || n == 0 ? 0 : (turn + 1) % n;
        for (int k = 0; k < n; k++) {
            int i = first + k < n ? first + k : first + k - n;
            ChannelConsumer in = all[i];
            if (in.peek()) {
                long arrival = in.arrival(timed);
                if (arrival < bestArrival
                        || (timed && arrival == bestArrival && in.channel.source < best.channel.source)) {
                    best = in;
                    bestArrival = arrival;
                    if (!timed && arrival == Message.UNSTAMPED) {
                        turn = i;
                        break;
                    }
                }
            }
        }
        return best;
    }

    /**
     * Model clock, the processor's thread, before it blocks for a grant: no grant yet, and the
     * latest arrival it accepts is {@code latest} ({@code Long.MAX_VALUE}: any).
     */
    void awaitGrant(long latest) {
        grant = null;
        deadline = latest;
    }

    /** Model clock, the processor's thread, once its wait for a grant is over (or aborted): no deadline. */
    void grantWaitOver() {
        deadline = Long.MAX_VALUE;
    }

    /** Model clock, the processor's thread: the granted channel, or null if none was; forgets it. */
    ChannelConsumer takeGrant() {
        ChannelConsumer in = grant;
        grant = null;
        return in;
    }

    /**
     * Model clock, the coordinator under its lock: grants the earliest candidate if it arrives by
     * the deadline, else none.
     */
    void grantEarliest() {
        ChannelConsumer in = earliest();
        grant = in != null && in.arrival() <= deadline ? in : null;
    }

    /**
     * Model clock, the coordinator under its lock: what this waiter does next, as {@link RecvAnyRule}
     * sees it, or null if it can only wait (no candidate by its deadline, and no deadline).
     *
     * @param rank the waiting processor
     * @param receiveReady when it could start a receive, ignoring arrivals
     * @param now its clock's time
     * @param params the run's parameters ({@code o} and {@code L} bound the next arrival)
     */
    RecvAnyRule.Waiter waiter(int rank, long receiveReady, long now, LogP params) {
        long o = params.o();
        long latency = params.L();
        ChannelConsumer in = earliest();
        if (in != null && in.arrival() <= deadline) {
            long arrival = in.arrival();
            long action = Math.max(receiveReady, arrival);
            return new RecvAnyRule.Waiter(rank, true, action, action + 2 * o + latency, arrival);
        }
        if (deadline != Long.MAX_VALUE) {
            long action = Math.max(now, deadline);
            return new RecvAnyRule.Waiter(rank, false, action, action + o + latency, action);
        }
        return null;
    }
}
