package org.logplab.core.runtime;

import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;
import org.logplab.core.Trace;
import org.logplab.core.TraceEvent;

/**
 * One execution of a program on a {@link ProcessorPool}: what the run asks of the message path,
 * its time zero, its first failure, and when it is over. Each local processor's thread runs
 * {@link #execute}; the thread that started the run waits in {@link #await} and gets the result
 * or the failure.
 */
final class Run {
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    /** How long the waiting caller yields before it parks: an empty run takes a few microseconds. */
    private static final WaitStrategy CALLER_WAIT = WaitStrategy.yielding(50_000);
    /**
     * Spinning processors spin this long for a message, then yield their core (to whatever else
     * runs on the host) for {@link #YIELD_NANOS} more before they block.
     */
    static final long SPIN_NANOS = 100_000;
    static final long YIELD_NANOS = 10_000_000;

    final ProcessorPool pool;
    final RunConfig config;
    final LogP params;
    final Program program;
    final RestOfCluster outside;
    final Coordinator coordinator;
    final boolean model;
    /** Whether every message is time-stamped by the clock rules: model clock, injected delays, or a trace. */
    final boolean timed;
    /** Record one message's latency in this many (0: none). */
    final int latencyEvery;
    final WaitStrategy messageWait;
    volatile boolean aborted;
    private final AtomicReference<RunFailedException> failure = new AtomicReference<>();
    /** Wall clock: time zero, published by {@link #gateOpen}. */
    private long baseNanos;
    private volatile boolean gateOpen;
    private final AtomicInteger arrived = new AtomicInteger();
    /** Local processors still in this run's program (or about to enter it). */
    private final AtomicInteger inRun;
    private volatile Thread waiter;
    /** Whether the pool has let the threads run this run (a cluster run may fail before it starts). */
    volatile boolean released;
    /**
     * When the pool let the threads run this run, set before {@link #released}. A cluster node
     * prepares its run before its peers connect and releases it when all are ready: its real
     * time counts from here, not from {@link #startedNanos}.
     */
    volatile long releasedNanos;
    private final long startedNanos = System.nanoTime();
    /** Cluster runs: the totals over every process, given by {@link #end}. */
    volatile RestOfCluster.Totals clusterTotals;

    Run(ProcessorPool pool, LogP params, Program program) {
        this.pool = pool;
        this.config = pool.config().withParams(params);
        this.params = params;
        this.program = program;
        this.outside = pool.outside;
        this.model = config.clock() == ClockKind.MODEL;
        this.timed = model || config.trace() || params.L() > 0 || params.o() > 0 || params.g() > 0 || params.G() > 0;
        this.latencyEvery = config.latency().every();
        this.messageWait = pool.spinning ? WaitStrategy.spinningThenYielding(SPIN_NANOS, YIELD_NANOS)
                : outside.messageWait();
        this.coordinator = new Coordinator(this, pool.local, pool.spinning, model);
        this.inRun = new AtomicInteger(pool.local.length);
    }

    /** A processor's thread: runs its program in this run. */
    void execute(ProcessorImpl p) {
        try {
            if (!model) {
                awaitGate();
                p.startClock(baseNanos);
            }
            program.run(p);
            p.programReturned();
            coordinator.finish(p);
        } catch (RunAborted aborted) {
            // another rank's failure ended the run; that failure is reported
        } catch (Throwable t) {
            fail(p.rank, t);
        } finally {
            p.leftRun();
            if (inRun.decrementAndGet() == 0) {
                LockSupport.unpark(waiter);
            }
        }
    }

    /**
     * Wall clock, a processor's thread: waits until every local processor has arrived (time zero
     * is then, so that a late thread's wake-up is not counted as the program's time). In one
     * process the last to arrive opens the gate; a cluster node opens it when it hears "go".
     */
    private void awaitGate() {
        if (arrived.incrementAndGet() == pool.local.length && outside.allowsSpinning()) {
            openGate();
            return;
        }
        if (pool.spinning) {
            for (int i = 1; !gateOpen; i++) {
                Thread.onSpinWait();
                if ((i & 1023) == 0 && aborted && !gateOpen) {
                    throw RunAborted.INSTANCE;
                }
            }
        } else {
            while (!gateOpen) {
                LockSupport.park(this);
                if (aborted && !gateOpen) {
                    throw RunAborted.INSTANCE;
                }
            }
        }
    }

    /** Sets time zero to now and lets the processors go. */
    void openGate() {
        baseNanos = System.nanoTime();
        gateOpen = true;
        if (!pool.spinning) {
            for (ProcessorImpl p : pool.local) {
                LockSupport.unpark(p.thread());
            }
        }
    }

    /** Wall clock: now in this run's clock (nanoseconds since time zero). */
    long wallNow() {
        return System.nanoTime() - baseNanos;
    }

    /**
     * The thread that started the run: waits for it to end (or for the configured timeout, which
     * fails it), then returns the result or throws the failure. If some processor does not stop
     * within seconds of a failure, the pool is closed as unusable and the failure says which.
     */
    RunResult await() {
        waiter = Thread.currentThread();
        Duration timeout = config.timeout();
        long deadline = timeout == null ? Long.MAX_VALUE : startedNanos + timeout.toNanos();
        if (!CALLER_WAIT.await(this::over, () -> { })) {
            while (!over()) {
                if (deadline == Long.MAX_VALUE) {
                    LockSupport.park(this);
                } else {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        fail(-1, new RunFailedException(-1, "run timed out after " + timeout.toMillis() + " ms; "
                                + coordinator.describeUnfinished(12), null));
                        break;
                    }
                    LockSupport.parkNanos(this, left);
                }
                if (Thread.interrupted()) {
                    fail(-1, new RunFailedException(-1, "interrupted while waiting for the run", null));
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        awaitStopped();
        long realNanos = released ? System.nanoTime() - releasedNanos : 0;
        RunFailedException f = failure.get();
        if (f != null) {
            throw f;
        }
        RestOfCluster.Totals t = outside.totals(this);
        Trace trace = config.trace() ? new Trace(config.clock(), traceEvents()) : null;
        return new RunResult(config, t.finish(), t.sent(), t.received(), pool.latency.merged(), trace, t.inFlight(),
                realNanos);
    }

    /** Whether every local processor is out of its program and the run's outcome is known. */
    private boolean over() {
        return (!released || inRun.get() == 0) && (failure.get() != null || outside.resultReady(this));
    }

    /** After a failure: waits for every local processor to leave its program, or gives up on it. */
    private void awaitStopped() {
        if (!released) {
            return;
        }
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        while (inRun.get() > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            LockSupport.parkNanos(this, Math.min(left, 1_000_000));
        }
        if (inRun.get() == 0) {
            return;
        }
        List<Integer> stuck = new ArrayList<>();
        for (ProcessorImpl p : pool.local) {
            if (p.inRun()) {
                p.thread().interrupt();
            }
        }
        LockSupport.parkNanos(this, 100_000_000);
        for (ProcessorImpl p : pool.local) {
            if (p.inRun()) {
                stuck.add(p.rank);
            }
        }
        if (stuck.isEmpty()) {
            return;
        }
        RunFailedException f = failure.get();
        String why = (f == null ? "run failed" : f.getMessage()) + "; ranks "
                + stuck.subList(0, Math.min(stuck.size(), 12))
                + (stuck.size() > 12 ? " ..." : "") + " did not stop (stuck in program code)";
        pool.broken(why);
        throw new RunFailedException(f == null ? -1 : f.rank(), why, f);
    }

    private List<TraceEvent> traceEvents() {
        List<TraceEvent> events = new ArrayList<>();
        for (ProcessorImpl p : pool.local) {
            events.addAll(p.trace());
        }
        return events;
    }

    /** Records the first failure and aborts every processor. */
    void fail(int rank, Throwable cause) {
        RunFailedException f = cause instanceof RunFailedException r ? r
                : new RunFailedException(rank, "rank " + rank + " failed: " + cause, cause);
        if (failure.compareAndSet(null, f)) {
            aborted = true;
            for (ProcessorImpl p : pool.local) {
                Thread t = p.thread();
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
            LockSupport.unpark(waiter);
            outside.failed(f);
        }
    }

    boolean failed() {
        return aborted;
    }

    /**
     * Cluster runs, the transport's thread: queues {@code m} from a remote rank for local rank
     * {@code dst} and wakes it if it waits. Under the wall clock the message arrives {@code L}
     * after now (the injected latency on top of the real transport's), and its send start becomes
     * now: the processes' clocks are not synchronised, so its latency counts from its delivery.
     */
    void deliver(Message m, int dst) {
        ProcessorImpl receiver = pool.processors[dst];
        long sendStart = m.sendStart();
        long arrival = m.arrival();
        if (!model) {
            sendStart = wallNow();
            arrival = sendStart + params.L();
        }
        ChannelProducer out = pool.channel(m.source(), dst).producer();
        if (!out.claim()) {
            throw new IllegalStateException(out.channel + " holds " + out.channel.capacity + " messages: full");
        }
        out.publish(SlotRing.OBJECT, latencyEvery > 0, m.tag(),
                SlotRing.objectValue(m.bytes(), config.checkOwnership() ? OwnershipCheck.fingerprint(m.payload()) : 0),
                m.payload(), sendStart, arrival);
        VarHandle.fullFence();
        if (receiver.state() != ProcessorImpl.RUNNING) {
            coordinator.messageSent(receiver, m.source());
        }
    }

    /** Cluster runs: the run is over everywhere; {@code totals} covers every rank. */
    void end(RestOfCluster.Totals totals) {
        clusterTotals = totals;
        LockSupport.unpark(waiter);
    }

    @Override
    public String toString() {
        return "run of " + program + " on " + params
                + (config.threads() == ThreadKind.VIRTUAL ? " (virtual threads)" : "");
    }

}
