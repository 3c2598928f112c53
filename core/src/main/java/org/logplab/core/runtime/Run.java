package org.logplab.core.runtime;

import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
import org.logplab.core.trace.Trace;
import org.logplab.core.trace.TraceEvent;

/**
 * One execution of a program on {@code P} processors: starts their threads, waits for them, turns
 * the first failure into a {@link RunFailedException} and the rest into a {@link RunResult}.
 * Use it through {@link org.logplab.core.Machine}.
 */
public final class Run {
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    final RunConfig config;
    final LogP params;
    /** By rank; null for ranks that other processes run. */
    final ProcessorImpl[] processors;
    /** This process's processors, by rank. */
    final ProcessorImpl[] local;
    /** The rest of the cluster, or null when this process runs every rank. */
    final RemoteRanks remote;
    /** Cluster runs: the totals over every process, given by {@link #end}; published by {@link #done}. */
    private ClusterTotals clusterTotals;

    /** Every rank's finish time and counts, and every channel's leftovers, over the whole cluster. */
    record ClusterTotals(long[] finish, long[] sent, long[] received, List<RunResult.InFlight> inFlight) {
    }
    final Coordinator coordinator;
    final LatencyRecorder latency;
    /**
     * Wall clock with a core per processor: receivers spin up to {@link #SPIN_NANOS} before
     * blocking, so that a message's delivery is seen within nanoseconds, not after an unpark.
     */
    final boolean spinning;
    static final long SPIN_NANOS = 10_000_000;
    private final Program program;
    /** Wall clock: time zero, set once every thread has started; published by {@link #startGate}. */
    private long baseNanos;
    private final CountDownLatch startGate = new CountDownLatch(1);
    /**
     * The same gate for spinning runs, opened by the last processor thread to arrive (not by the
     * starting thread, which would compete with the spinners for the cores): waking a parked
     * thread would take tens of microseconds.
     */
    private volatile boolean gateOpen;
    private final AtomicInteger arrived = new AtomicInteger();
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicReference<RunFailedException> failure = new AtomicReference<>();
    private volatile boolean aborted;

    Run(RunConfig config, Program program, RemoteRanks remote) {
        this.config = config;
        this.params = config.params();
        this.program = program;
        this.remote = remote;
        boolean model = config.clock() == ClockKind.MODEL;
        int p = params.P();
        int first = remote == null ? 0 : remote.firstLocal();
        int count = remote == null ? p : remote.localCount();
        if (first < 0 || count < 1 || first + count > p) {
            throw new IllegalArgumentException("local ranks " + first + ".." + (first + count - 1) + " are not within 0.." + (p - 1));
        }
        this.coordinator = new Coordinator(this, model, count);
        this.latency = new LatencyRecorder(p);
        // Spinning only pays when every processor has its own core; a cluster process also has a
        // transport thread (and its media driver) to feed.
        this.spinning = !model && remote == null && config.threads() == ThreadKind.PLATFORM
                && p <= Runtime.getRuntime().availableProcessors();
        this.processors = new ProcessorImpl[p];
        this.local = new ProcessorImpl[count];
        for (int i = 0; i < count; i++) {
            local[i] = new ProcessorImpl(first + i, this);
            processors[first + i] = local[i];
        }
    }

    /** Runs {@code program} on a new machine configured by {@code config}; see {@link org.logplab.core.Machine}. */
    public static RunResult execute(RunConfig config, Program program) {
        return new Run(config, program, null).execute();
    }

    private RunResult execute() {
        long started = startThreads();
        // Time zero is after the last thread started, so that thread start-up is not counted as
        // communication time. Model-clock threads need no gate: their clock is not real time.
        if (!spinning) {
            openGate();
        }
        return awaitResult(started);
    }

    /** Starts every local processor's thread (waiting at the start gate under the wall clock); returns the time. */
    long startThreads() {
        Thread.Builder builder = config.threads() == ThreadKind.VIRTUAL
                ? Thread.ofVirtual().name("logp-", 0)
                : Thread.ofPlatform().daemon(true).name("logp-", 0);
        for (ProcessorImpl p : local) {
            p.thread = builder.unstarted(() -> body(p));
        }
        long started = System.nanoTime();
        for (ProcessorImpl p : local) {
            p.thread.start();
        }
        return started;
    }

    /** Sets time zero to now and lets the processors go. */
    void openGate() {
        baseNanos = System.nanoTime();
        startGate.countDown();
    }

    /** Waits for the run to end; returns its result or throws its failure. */
    RunResult awaitResult(long started) {
        awaitDone();
        joinAll();
        long realNanos = System.nanoTime() - started;
        RunFailedException f = failure.get();
        if (f != null) {
            throw f;
        }
        return result(realNanos);
    }

    private void body(ProcessorImpl p) {
        try {
            if (!coordinator.modelClock) {
                if (spinning) {
                    if (arrived.incrementAndGet() == local.length) {
                        baseNanos = System.nanoTime();
                        gateOpen = true;
                    }
                    while (!gateOpen) {
                        Thread.onSpinWait();
                        checkAbort();
                    }
                } else {
                    startGate.await();
                }
                ((WallClock) p.clock).start(baseNanos);
            }
            program.run(p);
            p.finishTime = p.clock.now();
            coordinator.finish(p);
        } catch (RunAborted aborted) {
            // another rank's failure ended the run; that failure is reported
        } catch (Throwable t) {
            fail(p.rank, t);
        }
    }

    private void awaitDone() {
        try {
            Duration timeout = config.timeout();
            if (timeout == null) {
                done.await();
            } else if (!done.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                fail(-1, new RunFailedException(-1, "run timed out after " + timeout.toMillis() + " ms; "
                        + coordinator.describeUnfinished(12), null));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(-1, new RunFailedException(-1, "interrupted while waiting for the run", e));
        }
    }

    private void joinAll() {
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        List<Integer> stuck = new ArrayList<>();
        for (ProcessorImpl p : local) {
            if (p.thread == null) {
                continue; // a cluster run that failed before it started
            }
            try {
                long left = deadline - System.nanoTime();
                if (!p.thread.join(Duration.ofNanos(Math.max(left, 1)))) {
                    p.thread.interrupt();
                    if (!p.thread.join(Duration.ofMillis(100))) {
                        stuck.add(p.rank);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!stuck.isEmpty()) {
            RunFailedException f = failure.get();
            throw new RunFailedException(f == null ? -1 : f.rank(), (f == null ? "run failed" : f.getMessage())
                    + "; ranks " + stuck.subList(0, Math.min(stuck.size(), 12))
                    + (stuck.size() > 12 ? " ..." : "") + " did not stop (stuck in program code)", f);
        }
    }

    /** Records the first failure and aborts every processor. */
    void fail(int rank, Throwable cause) {
        RunFailedException f;
        if (cause instanceof RunFailedException r) {
            f = r;
        } else {
            f = new RunFailedException(rank, "rank " + rank + " failed: " + cause, cause);
        }
        if (failure.compareAndSet(null, f)) {
            aborted = true;
            for (ProcessorImpl p : local) {
                LockSupport.unpark(p.thread);
            }
            done.countDown();
            if (remote != null && !(cause instanceof RemoteFailure)) {
                remote.failed(f);
            }
        }
    }

    /** A failure reported by another process of the cluster: ends this run without echoing it back. */
    static final class RemoteFailure extends RunFailedException {
        RemoteFailure(int rank, String message) {
            super(rank, message, null);
        }
    }

    /** Cluster runs: the run is over everywhere; {@code totals} covers every rank. */
    void end(ClusterTotals totals) {
        clusterTotals = totals;
        done.countDown();
    }

    /**
     * Cluster runs, the transport's thread: queues {@code m} from a remote rank for local rank
     * {@code dst} and wakes it if it waits. Under the wall clock the message arrives {@code L}
     * after now (the injected latency on top of the real transport's), and its send start becomes
     * now: the processes' clocks are not synchronised, so its latency counts from its delivery.
     */
    void deliver(Message m, int dst) {
        ProcessorImpl receiver = processors[dst];
        if (!coordinator.modelClock) {
            long now = System.nanoTime() - baseNanos;
            m = new Message(m.source(), m.tag(), m.payload(), m.bytes(), now, now + params.L());
        }
        Channel ch = channel(m.source(), dst);
        if (!ch.offer(m)) {
            throw new IllegalStateException("channel " + m.source() + " -> " + dst + " holds " + ch.size() + " messages: full");
        }
        VarHandle.fullFence();
        if (receiver.state != ProcessorImpl.RUNNING) {
            coordinator.messageSent(receiver, m.source());
        }
    }

    boolean failed() {
        return aborted;
    }

    void allDone() {
        done.countDown();
    }

    /** Throws {@link RunAborted} in a processor's thread once the run has failed. */
    void checkAbort() {
        if (aborted) {
            throw new RunAborted();
        }
    }

    void checkRank(int rank, String role) {
        if (rank < 0 || rank >= processors.length) {
            throw new IllegalArgumentException(role + " rank " + rank + " is outside 0.." + (processors.length - 1));
        }
    }

    /**
     * The channel from {@code src} to {@code dst}, created on first use by either side. A channel
     * from another process is practically unbounded: its producer, the transport's thread, must
     * never wait on one receiver (Aeron's flow control bounds what is in flight).
     */
    Channel channel(int src, int dst) {
        return processors[dst].inbound.computeIfAbsent(src, s -> new Channel(src, dst,
                processors[src] == null ? REMOTE_CHANNEL_CAPACITY : config.channelCapacity()));
    }

    private static final int REMOTE_CHANNEL_CAPACITY = 1 << 30;

    Clock newClock() {
        return coordinator.modelClock ? new ModelClock(params) : new WallClock(params, this);
    }

    WallClock wallClock(ProcessorImpl p) {
        return (WallClock) p.clock;
    }

    private List<TraceEvent> localEvents() {
        List<TraceEvent> events = new ArrayList<>();
        for (ProcessorImpl p : local) {
            events.addAll(p.trace);
        }
        return events;
    }

    private RunResult result(long realNanos) {
        if (remote != null) {
            ClusterTotals t = clusterTotals;
            Trace trace = config.trace() ? new Trace(config.clock(), localEvents()) : null;
            return new RunResult(config, t.finish(), t.sent(), t.received(), latency.merged(), trace,
                    t.inFlight(), realNanos);
        }
        RankTotals totals = new RankTotals(processors.length);
        List<TraceEvent> events = config.trace() ? new ArrayList<>() : null;
        for (ProcessorImpl p : local) {
            totals.rank(p.rank, p.finishTime, p.sent, p.received);
            p.leftovers(totals::left);
            if (events != null) {
                events.addAll(p.trace);
            }
        }
        totals.checkConservation("");
        Trace trace = events == null ? null : new Trace(config.clock(), events);
        return new RunResult(config, totals.finish(), totals.sent(), totals.received(), latency.merged(), trace,
                totals.inFlight(), realNanos);
    }
}
