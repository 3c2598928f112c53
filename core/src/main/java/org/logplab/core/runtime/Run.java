package org.logplab.core.runtime;

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
    final ProcessorImpl[] processors;
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

    private Run(RunConfig config, Program program) {
        this.config = config;
        this.params = config.params();
        this.program = program;
        boolean model = config.clock() == ClockKind.MODEL;
        int p = params.P();
        this.coordinator = new Coordinator(this, model, p);
        this.latency = new LatencyRecorder(p);
        // Spinning only pays when every processor has its own core.
        this.spinning = !model && config.threads() == ThreadKind.PLATFORM
                && p <= Runtime.getRuntime().availableProcessors();
        this.processors = new ProcessorImpl[p];
        for (int r = 0; r < p; r++) {
            processors[r] = new ProcessorImpl(r, this);
        }
    }

    /** Runs {@code program} on a new machine configured by {@code config}; see {@link org.logplab.core.Machine}. */
    public static RunResult execute(RunConfig config, Program program) {
        return new Run(config, program).execute();
    }

    private RunResult execute() {
        Thread.Builder builder = config.threads() == ThreadKind.VIRTUAL
                ? Thread.ofVirtual().name("logp-", 0)
                : Thread.ofPlatform().daemon(true).name("logp-", 0);
        for (ProcessorImpl p : processors) {
            p.thread = builder.unstarted(() -> body(p));
        }
        long started = System.nanoTime();
        for (ProcessorImpl p : processors) {
            p.thread.start();
        }
        // Time zero is after the last thread started, so that thread start-up is not counted as
        // communication time. Model-clock threads need no gate: their clock is not real time.
        if (!spinning) {
            baseNanos = System.nanoTime();
            startGate.countDown();
        }
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
                    if (arrived.incrementAndGet() == processors.length) {
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
        for (ProcessorImpl p : processors) {
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
            for (ProcessorImpl p : processors) {
                LockSupport.unpark(p.thread);
            }
            done.countDown();
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

    /** The channel from {@code src} to {@code dst}, created on first use by either side. */
    Channel channel(int src, int dst) {
        return processors[dst].inbound.computeIfAbsent(src, s -> new Channel(src, dst, config.channelCapacity()));
    }

    Clock newClock() {
        return coordinator.modelClock ? new ModelClock(params) : new WallClock(params, this);
    }

    WallClock wallClock(ProcessorImpl p) {
        return (WallClock) p.clock;
    }

    private RunResult result(long realNanos) {
        int n = processors.length;
        long[] finish = new long[n];
        long[] sent = new long[n];
        long[] received = new long[n];
        long totalSent = 0;
        long totalReceived = 0;
        long totalLeft = 0;
        List<RunResult.InFlight> inFlight = new ArrayList<>();
        List<TraceEvent> events = config.trace() ? new ArrayList<>() : null;
        for (ProcessorImpl p : processors) {
            finish[p.rank] = p.finishTime;
            sent[p.rank] = p.sent;
            received[p.rank] = p.received;
            totalSent += p.sent;
            totalReceived += p.received;
            for (Channel ch : p.inbound.values()) {
                int left = ch.size();
                if (left > 0) {
                    inFlight.add(new RunResult.InFlight(ch.source, ch.destination, left));
                    totalLeft += left;
                }
            }
            if (events != null) {
                events.addAll(p.trace);
            }
        }
        if (totalSent != totalReceived + totalLeft) {
            throw new IllegalStateException("conservation violated: " + totalSent + " messages sent, "
                    + totalReceived + " received, " + totalLeft + " left in flight");
        }
        inFlight.sort((a, b) -> a.source() != b.source() ? Integer.compare(a.source(), b.source())
                : Integer.compare(a.destination(), b.destination()));
        Trace trace = events == null ? null : new Trace(config.clock(), events);
        return new RunResult(config, finish, sent, received, latency.merged(), trace, inFlight, realNanos);
    }
}
