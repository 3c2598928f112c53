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
import org.logplab.core.Processor;

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
 * A model-clock receive that matches by source and tag waits as a {@code recvAny} waiter does; its
 * view, taken under the lock while it is blocked, first takes every message that reached the
 * channels it matches from into its unexpected-message queue (see {@link RecvAnyChoice}), so that
 * it is as current as a {@code recvAny} waiter's look at its channels' heads.
 * Which message a let-go waiter takes is its {@link RecvAnyChoice}'s; what the processors wait
 * for, in a deadlock, a cluster snapshot or a timeout report, is read by {@link RankWaits}.
 */
final class Coordinator {
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private final Run run;
    private final ProcessorImpl[] local;
    private final boolean spinning;
    final boolean modelClock;
    private final ReentrantLock lock = new ReentrantLock();
    private int running;
    private int live;
    private final Set<ProcessorImpl> anyWaiters = new HashSet<>();
    private final Set<ProcessorImpl> roomWaiters = new HashSet<>();

    Coordinator(Run run, ProcessorImpl[] local, boolean spinning, boolean modelClock) {
        this.run = run;
        this.local = local;
        this.spinning = spinning;
        this.modelClock = modelClock;
        this.running = local.length;
        this.live = local.length;
    }

    /**
     * Blocks {@code p} (its own thread) in wait state {@code kind} unless {@code ready} holds once
     * the state is published; returns when woken. May return without the condition holding: callers loop.
     */
    void block(ProcessorImpl p, int kind, int peer, ChannelConsumer in, ChannelProducer out, BooleanSupplier ready) {
        block(p, kind, peer, Processor.ANY_TAG, in, out, ready);
    }

    /**
     * As {@link #block(ProcessorImpl, int, int, ChannelConsumer, ChannelProducer, BooleanSupplier)}
     * for a receive that waits for a message with {@code tag} ({@link Processor#ANY_TAG}: any), as
     * its wait is described.
     */
    void block(ProcessorImpl p, int kind, int peer, int tag, ChannelConsumer in, ChannelProducer out,
               BooleanSupplier ready) {
        lock.lock();
        try {
            p.checkAbort();
            p.enterWait(kind, peer, tag, in, out);
            if (ready.getAsBoolean()) {
                p.state(ProcessorImpl.RUNNING);
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
        boolean timed = kind == ProcessorImpl.WAIT_SEND || spinning;
        while (p.state() != ProcessorImpl.RUNNING) {
            if (timed) {
                // Wake-ups without a fence on the sender's (or receiver's) hot path are best
                // effort: re-check on a timer.
                LockSupport.parkNanos(this, RECHECK_NANOS);
                p.checkAbort();
                lock.lock();
                try {
                    wakeIfSatisfiable(p);
                } finally {
                    lock.unlock();
                }
            } else {
                LockSupport.park(this);
                p.checkAbort();
            }
        }
    }

    /** Under the lock: wakes blocked {@code p} if what it waits for has happened unseen. */
    private boolean wakeIfSatisfiable(ProcessorImpl p) {
        boolean satisfiable = switch (p.state()) {
            case ProcessorImpl.WAIT_SEND -> p.waitProducer().hasRoom();
            case ProcessorImpl.WAIT_RECV -> spinning && p.waitConsumer().peek();
            case ProcessorImpl.WAIT_ANY -> spinning
                    && (p.anyChoice().matching() ? p.anyChoice().newMessages() : p.anyChoice().earliest() != null);
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
            int s = receiver.state();
            if ((s == ProcessorImpl.WAIT_RECV && receiver.waitPeer() == source)
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
            if (sender.state() == ProcessorImpl.WAIT_SEND && sender.waitProducer().channel == ch) {
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
            p.state(ProcessorImpl.DONE);
            live--;
            running--;
            if (live == 0) {
                run.outside.localRanksDone();
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
        p.state(ProcessorImpl.RUNNING);
        LockSupport.unpark(p.thread());
    }

    private void onQuiescent() {
        if (run.failed()) {
            return;
        }
        for (ProcessorImpl p : new ArrayList<>(roomWaiters)) {
            wakeIfSatisfiable(p);
        }
        if (spinning && running == 0) {
            for (ProcessorImpl p : local) {
                wakeIfSatisfiable(p);
            }
        }
        if (running > 0) {
            return;
        }
        if (run.outside.quiescent()) {
            return; // messages may still come from other processes: the cluster decides, on snapshots
        }
        if (modelClock && resolveRecvAny()) {
            return;
        }
        run.fail(-1, new DeadlockException(RankWaits.deadlock(local)));
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
        List<RecvAnyRule.Waiter> waiters = new ArrayList<>();
        for (ProcessorImpl w : new ArrayList<>(anyWaiters)) {
            RecvAnyRule.Waiter view = w.recvAnyWaiter(run.params);
            if (view != null) {
                waiters.add(view);
            }
        }
        if (running > 0) {
            // A matching receive's view took messages out of a full channel: its sender goes first.
            return true;
        }
        if (waiters.isEmpty()) {
            return false;
        }
        for (int rank : RecvAnyRule.select(waiters)) {
            letGo(run.pool.processors[rank]);
        }
        return true;
    }

    /** Under the lock: lets model-clock recvAny waiter {@code w} go, with its earliest message or none. */
    private void letGo(ProcessorImpl w) {
        w.anyChoice().grantEarliest();
        wake(w);
    }

    /**
     * Cluster runs: the local ranks' state if all are blocked or done, else null (see {@link NodeSnapshot}).
     */
    NodeSnapshot snapshot() {
        lock.lock();
        try {
            if (running != 0) {
                return null;
            }
            if (modelClock) {
                // Matching receives take in what reached them; that may free room for a sender.
                for (ProcessorImpl w : new ArrayList<>(anyWaiters)) {
                    w.recvAnyWaiter(run.params);
                }
                if (running != 0) {
                    return null;
                }
            }
            return RankWaits.snapshot(local, run.params, modelClock);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Cluster runs, model clock: lets the given local recvAny waiters go, as the cluster's
     * coordinator decided on a snapshot that still holds (nothing can change a quiescent process
     * but a message, and the coordinator decides only when none is in flight).
     *
     * @throws IllegalStateException if one of them is not waiting in recvAny
     */
    void letGo(List<Integer> ranks) {
        lock.lock();
        try {
            for (int rank : ranks) {
                ProcessorImpl w = run.pool.processors[rank];
                if (w == null || w.state() != ProcessorImpl.WAIT_ANY) {
                    throw new IllegalStateException("cluster protocol: rank " + rank
                            + " is not waiting in recvAny here");
                }
                letGo(w);
            }
        } finally {
            lock.unlock();
        }
    }

    /** What each unfinished processor is doing, for a timeout report. */
    String describeUnfinished(int limit) {
        lock.lock();
        try {
            return RankWaits.describeUnfinished(local, limit);
        } finally {
            lock.unlock();
        }
    }
}
