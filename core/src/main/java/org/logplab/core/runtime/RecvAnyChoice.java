package org.logplab.core.runtime;

import org.logplab.core.LogP;
import org.logplab.core.Message;

/**
 * Which queued message one processor's {@code recvAny}, {@code recvAnyBy} or {@code pollAny}
 * takes, among the head messages of its inbound channels (the candidates), and how a receive that
 * matches by source and tag waits for the coordinator's decision:
 * <ul>
 *   <li>Time-stamped messages (model clock, or a wall-clock run that times its messages): the one
 *       with the smallest {@code (arrival, source)}.</li>
 *   <li>Messages without time stamps (an untimed wall-clock run) count as arrived at
 *       {@link Message#UNSTAMPED}: the channels take turns, starting after the one served last,
 *       so that no sender is starved.</li>
 *   <li>Model clock: the {@link Coordinator} grants the choice at quiescence
 *       ({@link #grantEarliest()}): the earliest candidate if it arrives by the waiter's deadline,
 *       else none. What the waiter does next, for {@link RecvAnyRule}, is {@link #waiter}.</li>
 *   <li>A receive that matches by source and tag ({@link MatchingReceive}), or any receive while
 *       the processor's unexpected-message queue holds messages, chooses among the queued
 *       messages, once every message of the channels it matches from is in the queue. It blocks
 *       through {@link #awaitMatch}, naming those channels (wall clock: a message in them may
 *       satisfy it, {@link #newMessages}) and, under the model clock, its {@link Match}: the
 *       coordinator, under its lock, has it bring the queue up to date and say which queued
 *       message it would take each time it needs the waiter's view ({@link #waiter}), then
 *       decides at quiescence as for {@code recvAny} ({@link #grantEarliest()}, read back with
 *       {@link #decided()} and {@link #grantedMatch()}).</li>
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
    /** Whether the waiting receive matches from the unexpected-message queue (the fields below). */
    private boolean matching;
    /** Matching, model clock: how its view is brought up to date; null under the wall clock. */
    private Match match;
    /** Matching, model clock: the queued message it would take, as of its last view, or null. */
    private UnexpectedQueue.Entry candidate;
    /** Matching: the one channel it matches from, or null for every channel. */
    private ChannelConsumer only;
    /** Matching, model clock: whether the coordinator has decided, and whether it granted the candidate. */
    private boolean decided;
    private boolean granted;

    /**
     * A model-clock matching receive's view: called by the coordinator under its lock while the
     * receive's processor is blocked.
     */
    interface Match {
        /**
         * Takes every message that reached the channels it matches from into the unexpected-message
         * queue; returns the queued message it would take (the smallest {@code (arrival, source)}
         * among matches), or null if none matches.
         */
        UnexpectedQueue.Entry refresh();
    }

    /** The choice among the channels of {@code inbound}. */
    RecvAnyChoice(InboundChannels inbound) {
        this.inbound = inbound;
    }

    /** Between runs: whether the next run time-stamps its messages; forgets any grant and deadline. */
    void reset(boolean timedRun) {
        timed = timedRun;
        grant = null;
        deadline = Long.MAX_VALUE;
        matching = false;
        match = null;
        candidate = null;
        only = null;
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

    /**
     * A matching receive, the processor's thread, before it blocks: it matches from {@code channel}
     * (null: from every channel), accepts arrivals up to {@code latest} ({@code Long.MAX_VALUE}: any),
     * and under the model clock has its view brought up to date by {@code view} (null under the
     * wall clock, where nothing is decided for it). No decision yet.
     */
    void awaitMatch(long latest, Match view, ChannelConsumer channel) {
        matching = true;
        deadline = latest;
        match = view;
        candidate = null;
        only = channel;
        decided = false;
        granted = false;
    }

    /** Whether the waiting receive is a matching one (under the coordinator's lock, or its own thread). */
    boolean matching() {
        return matching;
    }

    /**
     * Whether a channel a matching receive matches from holds a message not yet taken into the
     * queue (all it had were, before it blocked).
     */
    boolean newMessages() {
        return only != null ? only.peek() : anyQueued();
    }

    /** Whether any channel holds a message. */
    boolean anyQueued() {
        for (ChannelConsumer in : inbound.consumers()) {
            if (in.peek()) {
                return true;
            }
        }
        return false;
    }

    /** Matching, model clock, its own thread once woken: whether the coordinator decided (else look again). */
    boolean decided() {
        return decided;
    }

    /** Matching, model clock, once decided: the queued message granted, or null if none came by the deadline. */
    UnexpectedQueue.Entry grantedMatch() {
        return granted ? candidate : null;
    }

    /** The processor's thread, once its wait for a grant or a match is over (or aborted): no deadline. */
    void grantWaitOver() {
        deadline = Long.MAX_VALUE;
        matching = false;
        match = null;
        only = null;
    }

    /** Model clock, the processor's thread: the granted channel, or null if none was; forgets it. */
    ChannelConsumer takeGrant() {
        ChannelConsumer in = grant;
        grant = null;
        return in;
    }

    /**
     * Model clock, the coordinator under its lock: grants the earliest candidate if it arrives by
     * the deadline, else none (a matching receive: its candidate, read back by {@link #grantedMatch()}).
     */
    void grantEarliest() {
        if (matching) {
            // As of the view the decision was taken on: anything sent since arrives after the bound.
            decided = true;
            granted = candidate != null && candidate.message().arrival() <= deadline;
            return;
        }
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
        boolean queued;
        long arrival;
        if (matching) {
            candidate = match == null ? null : match.refresh();
            queued = candidate != null;
            arrival = queued ? candidate.message().arrival() : 0;
        } else {
            ChannelConsumer in = earliest();
            queued = in != null;
            arrival = queued ? in.arrival() : 0;
        }
        if (queued && arrival <= deadline) {
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
