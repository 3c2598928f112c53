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
 *       the processor's unexpected-message queue holds messages, chooses among the queued messages
 *       itself, having taken every message of the channels it matches from into the queue. Before
 *       it blocks it leaves here ({@link #awaitMatch}) the arrival of the message it would take and
 *       the channel (or all of them) a new message in which it must look at; the coordinator
 *       wakes it for such a message ({@link #wakesOn}, {@link #newMessages}) rather than decide on
 *       a stale view, and otherwise decides at quiescence as for {@code recvAny}
 *       ({@link #grantEarliest()}, read back with {@link #decided()} and {@link #granted()}).</li>
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
    /** Matching: whether a queued message matches, and its arrival. */
    private boolean hasCandidate;
    private long candidateArrival;
    /** Matching: the one channel it matches from, or null for every channel. */
    private ChannelConsumer only;
    /** Matching, model clock: whether the coordinator has decided, and whether it granted the candidate. */
    private boolean decided;
    private boolean granted;

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
     * A matching receive, the processor's thread, before it blocks: the queued message it would
     * take arrives at {@code arrival} (if {@code hasMatch}); it accepts arrivals up to {@code latest}
     * ({@code Long.MAX_VALUE}: any); a new message in {@code channel} (null: in any channel) may
     * change its choice. No decision yet.
     */
    void awaitMatch(long latest, boolean hasMatch, long arrival, ChannelConsumer channel) {
        matching = true;
        deadline = latest;
        hasCandidate = hasMatch;
        candidateArrival = arrival;
        only = channel;
        decided = false;
        granted = false;
    }

    /** Whether the waiting receive is a matching one (under the coordinator's lock, or its own thread). */
    boolean matching() {
        return matching;
    }

    /** Whether a blocked matching receive must look at a new message from {@code source}. */
    boolean wakesOn(int source) {
        return matching && (only == null || only.channel.source == source);
    }

    /**
     * Whether a channel a matching receive matches from holds a message it has not looked at (all
     * it had were taken into the queue before it blocked).
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

    /** Matching, model clock, once decided: whether the candidate was granted (else none by the deadline). */
    boolean granted() {
        return granted;
    }

    /** The processor's thread, once its wait for a grant or a match is over (or aborted): no deadline. */
    void grantWaitOver() {
        deadline = Long.MAX_VALUE;
        matching = false;
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
     * the deadline, else none (a matching receive: its candidate, read back by {@link #granted()}).
     */
    void grantEarliest() {
        if (matching) {
            decided = true;
            granted = hasCandidate && candidateArrival <= deadline;
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
        ChannelConsumer in = matching ? null : earliest();
        if (matching ? hasCandidate && candidateArrival <= deadline : in != null && in.arrival() <= deadline) {
            long arrival = matching ? candidateArrival : in.arrival();
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
