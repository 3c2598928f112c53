package org.logplab.core.runtime;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.logplab.core.DeadlockException;
import org.logplab.core.Message;

/**
 * Blocking, waking, quiescence, deterministic {@code recvAny} and deadlock detection for one run.
 *
 * <p>Processors never take the lock while messages flow: only to block on an empty channel (or a
 * full one), to wake a blocked peer, and to finish. The lock guards {@link #running}, the number
 * of live processors that are not blocked. When it drops to zero the run is <em>quiescent</em>:
 * nothing can happen until the coordinator lets some processor go.
 * <ol>
 *   <li>A sender waiting for room whose channel has room again is woken (recovers a missed wake).</li>
 *   <li>Model clock: {@code recvAny} (and {@code recvAnyBy}) waiters are resolved: every message
 *       not yet sent follows some waiter's next receive or time-out, which bounds its arrival from
 *       below; a waiter whose earliest queued message arrives before that bound takes the message
 *       with the smallest {@code (arrival, source)} now, and one whose deadline passes before it
 *       gets none ({@link #resolveRecvAny()}): no message that does not causally follow its
 *       receive can beat it. This conservative rule makes model times independent of thread interleaving
 *       without any per-operation synchronisation; its price is that a model-clock
 *       {@code recvAny} waits for the rest of the run to block.</li>
 *   <li>Otherwise every live processor waits on something that cannot happen: a
 *       {@link DeadlockException} ends the run at once.</li>
 * </ol>
 */
final class Coordinator {
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private final Run run;
    final boolean modelClock;
    private final ReentrantLock lock = new ReentrantLock();
    private int running;
    private int live;
    private final Set<ProcessorImpl> anyWaiters = new HashSet<>();
    private final Set<ProcessorImpl> roomWaiters = new HashSet<>();

    Coordinator(Run run, boolean modelClock, int processors) {
        this.run = run;
        this.modelClock = modelClock;
        this.running = processors;
        this.live = processors;
    }

    /**
     * Blocks {@code p} (its own thread) in wait state {@code kind} unless {@code ready} holds once
     * the state is published; returns when woken. May return without the condition holding: callers loop.
     */
    void block(ProcessorImpl p, int kind, int peer, Channel channel, BooleanSupplier ready) {
        lock.lock();
        try {
            run.checkAbort();
            p.waitPeer = peer;
            p.waitChannel = channel;
            p.state = kind;
            if (ready.getAsBoolean()) {
                p.state = ProcessorImpl.RUNNING;
                return;
            }
            if (kind == ProcessorImpl.WAIT_ANY) {
                anyWaiters.add(p);
            } else if (kind == ProcessorImpl.WAIT_SEND) {
                roomWaiters.add(p);
            }
            running--;
            if (running == 0) {
                onQuiescent();
            }
        } finally {
            lock.unlock();
        }
        boolean timed = kind == ProcessorImpl.WAIT_SEND || run.spinning;
        while (p.state != ProcessorImpl.RUNNING) {
            if (timed) {
                // Wake-ups without a fence on the sender's (or receiver's) hot path are best
                // effort: re-check on a timer.
                LockSupport.parkNanos(this, RECHECK_NANOS);
                run.checkAbort();
                lock.lock();
                try {
                    wakeIfSatisfiable(p);
                } finally {
                    lock.unlock();
                }
            } else {
                LockSupport.park(this);
                run.checkAbort();
            }
        }
    }

    /** Under the lock: wakes blocked {@code p} if what it waits for has happened unseen. */
    private boolean wakeIfSatisfiable(ProcessorImpl p) {
        boolean satisfiable = switch (p.state) {
            case ProcessorImpl.WAIT_SEND -> p.waitChannel.hasRoom();
            case ProcessorImpl.WAIT_RECV -> run.spinning && p.waitChannel.peek() != null;
            case ProcessorImpl.WAIT_ANY -> run.spinning && p.earliestHead() != null;
            default -> false;
        };
        if (satisfiable) {
            wake(p);
        }
        return satisfiable;
    }

    /** A message from {@code source} was queued for {@code receiver}, which was seen not running. */
    void messageSent(ProcessorImpl receiver, int source) {
        lock.lock();
        try {
            int s = receiver.state;
            if ((s == ProcessorImpl.WAIT_RECV && receiver.waitPeer == source)
                    || (s == ProcessorImpl.WAIT_ANY && !modelClock)) {
                wake(receiver);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The destination of {@code ch} polled it while its sender was waiting for room. */
    void roomFreed(ProcessorImpl sender, Channel ch) {
        lock.lock();
        try {
            if (sender.state == ProcessorImpl.WAIT_SEND && sender.waitChannel == ch) {
                wake(sender);
            }
        } finally {
            lock.unlock();
        }
    }

    /** {@code p}'s program returned. */
    void finish(ProcessorImpl p) {
        lock.lock();
        try {
            p.state = ProcessorImpl.DONE;
            live--;
            running--;
            if (live == 0) {
                run.allDone();
            } else if (running == 0) {
                onQuiescent();
            }
        } finally {
            lock.unlock();
        }
    }

    private void wake(ProcessorImpl p) {
        anyWaiters.remove(p);
        roomWaiters.remove(p);
        running++;
        p.state = ProcessorImpl.RUNNING;
        LockSupport.unpark(p.thread);
    }

    private void onQuiescent() {
        if (run.failed()) {
            return;
        }
        for (ProcessorImpl p : new ArrayList<>(roomWaiters)) {
            wakeIfSatisfiable(p);
        }
        if (run.spinning && running == 0) {
            for (ProcessorImpl p : run.processors) {
                wakeIfSatisfiable(p);
            }
        }
        if (running > 0 || (modelClock && resolveRecvAny())) {
            return;
        }
        run.fail(-1, new DeadlockException(waits()));
    }

    /**
     * Model clock, at quiescence: lets go every {@code recvAny} waiter whose answer is now certain.
     * Each waiter's next possible action has a time: a receive of its earliest queued message
     * accepted by its deadline starts at {@code s = max(ready, arrival)}, and the message it may
     * send next arrives no earlier than {@code s + 2o + L}; a waiter with a deadline and no such
     * message times out at {@code t = max(now, deadline)} and may send at once, arriving no earlier
     * than {@code t + o + L}. Every message not yet sent follows one of these actions, so none
     * arrives before {@code bound}, the least of those times. A waiter whose queued message
     * arrives before {@code bound} takes it; a waiter whose deadline passes before {@code bound}
     * gets none. The waiter with the earliest action (lowest rank on ties) qualifies whenever
     * {@code L + o > 0}; it is let go in any case, so that the run progresses (with
     * {@code L = o = 0} a message sent at the very instant of a deadline may miss it).
     */
    private boolean resolveRecvAny() {
        long o = run.params.o();
        long latency = run.params.L();
        long bound = Long.MAX_VALUE;
        ProcessorImpl first = null;
        long firstAction = Long.MAX_VALUE;
        List<ProcessorImpl> waiters = new ArrayList<>(anyWaiters);
        for (ProcessorImpl w : waiters) {
            Channel ch = w.earliestHead();
            long action;
            long earliestArrival;
            if (ch != null && ch.peek().arrival() <= w.anyDeadline) {
                action = Math.max(w.clock.receiveReady(), ch.peek().arrival());
                earliestArrival = action + 2 * o + latency;
            } else if (w.anyDeadline != Long.MAX_VALUE) {
                action = Math.max(w.clock.now(), w.anyDeadline);
                earliestArrival = action + o + latency;
            } else {
                continue;
            }
            bound = Math.min(bound, earliestArrival);
            if (action < firstAction || (action == firstAction && w.rank < first.rank)) {
                first = w;
                firstAction = action;
            }
        }
        if (first == null) {
            return false;
        }
        for (ProcessorImpl w : waiters) {
            Channel ch = w.earliestHead();
            if (ch != null && ch.peek().arrival() <= w.anyDeadline) {
                // The first waiter qualifies unless L + 2o = 0, where simultaneous messages tie:
                // it goes anyway, so that the run progresses.
                if (w == first || ch.peek().arrival() < bound) {
                    w.grant = ch;
                    wake(w);
                }
            } else if (w.anyDeadline != Long.MAX_VALUE
                    && (w == first || Math.max(w.clock.now(), w.anyDeadline) < bound)) {
                w.grant = null;
                wake(w);
            }
        }
        return true;
    }

    private List<DeadlockException.Wait> waits() {
        List<DeadlockException.Wait> waits = new ArrayList<>();
        for (ProcessorImpl p : run.processors) {
            switch (p.state) {
                case ProcessorImpl.WAIT_RECV -> waits.add(new DeadlockException.Wait(p.rank, DeadlockException.Kind.RECV, p.waitPeer));
                case ProcessorImpl.WAIT_ANY -> waits.add(new DeadlockException.Wait(p.rank, DeadlockException.Kind.RECV_ANY, -1));
                case ProcessorImpl.WAIT_SEND -> waits.add(new DeadlockException.Wait(p.rank, DeadlockException.Kind.SEND, p.waitPeer));
                default -> { }
            }
        }
        return waits;
    }

    /** What each unfinished processor is doing, for a timeout report. */
    String describeUnfinished(int limit) {
        lock.lock();
        try {
            StringBuilder b = new StringBuilder();
            int shown = 0;
            int total = 0;
            for (ProcessorImpl p : run.processors) {
                if (p.state == ProcessorImpl.DONE) {
                    continue;
                }
                total++;
                if (shown < limit) {
                    b.append(shown++ == 0 ? "" : "; ").append("rank ").append(p.rank).append(switch (p.state) {
                        case ProcessorImpl.WAIT_RECV -> " waits to receive from rank " + p.waitPeer;
                        case ProcessorImpl.WAIT_ANY -> " waits to receive from any rank";
                        case ProcessorImpl.WAIT_SEND -> " waits for room to send to rank " + p.waitPeer;
                        default -> " is running";
                    });
                }
            }
            if (total > shown) {
                b.append("; ... and ").append(total - shown).append(" more");
            }
            return total + " unfinished: " + b;
        } finally {
            lock.unlock();
        }
    }
}
