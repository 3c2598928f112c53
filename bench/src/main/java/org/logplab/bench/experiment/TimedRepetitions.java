package org.logplab.bench.experiment;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Processor;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;

/**
 * Repeats one wall-clock step (a broadcast, a reduction, ...) many times inside a single run and
 * measures each repetition, so that thread start-up and scheduler placement at the start of a run
 * (milliseconds on a 2-core VM) do not pollute the figures. Repetition {@code k} starts at the
 * common wall time {@code start + k * period} (with {@code start} agreed afresh every
 * {@value #BLOCK} repetitions, after a warm-up run that lets the JIT compile the step): every processor busy-waits
 * until then (its clock is
 * the run's clock, shared by all), runs the step, and notes when it finished. A repetition's time
 * is the latest finish minus its start; the first {@code warmup} repetitions are dropped, and so
 * is every repetition that some processor began late (a stalled thread: a JIT compile, a
 * descheduled vCPU), because it does not measure the algorithm, unless the run has more
 * processors than cores (or no repetition at all began on time): then every repetition is kept,
 * and the figures measure the scheduler.
 */
public final class TimedRepetitions {
    private static final int HANDSHAKE = 0x7173;
    private static final int BLOCK = 50;

    /** One processor's part of one repetition. */
    @FunctionalInterface
    public interface Step {
        /** Runs repetition {@code k} on {@code p}. */
        void run(Processor p, int k) throws Exception;
    }

    /**
     * Per-repetition times.
     *
     * @param nanos time of each repetition that every processor began on time, ns (sorted)
     * @param discarded repetitions dropped because some processor began them late
     * @param latency message latencies of the whole measured run, ns: every repetition (the first
     *     {@code warmup} and the late ones too) and the start handshakes, as sampled by the machine's
     *     {@link RunConfig#latency()}
     * @param oversubscribed whether the run had more processors than cores
     */
    public record Result(long[] nanos, int discarded, Histogram latency, boolean oversubscribed) {
        /** Median repetition time, ns. */
        public long median() {
            return nanos[nanos.length / 2];
        }

        /** 99th percentile repetition time, ns. */
        public long p99() {
            return nanos[Math.min(nanos.length - 1, (int) Math.ceil(nanos.length * 0.99) - 1)];
        }
    }

    private TimedRepetitions() {
    }

    /**
     * Runs {@code warmup + reps} repetitions, {@code periodNanos} apart, with injected {@code params}
     * (ns), on a wall-clock machine opened for them and closed after; every message latency is
     * recorded.
     */
    public static Result run(LogP params, int warmup, int reps, long periodNanos, Step step) {
        checkArguments(warmup, reps, periodNanos);
        try (Machine machine = Machine.open(RunConfig.builder(params).clock(ClockKind.WALL).build())) {
            return run(machine, warmup, reps, periodNanos, step);
        }
    }

    /**
     * Runs {@code warmup + reps} repetitions, {@code periodNanos} apart, on {@code machine} with its
     * own parameters (ns), as two runs: the warm-up and the measured one. The machine stays open,
     * so a caller measuring many rows keeps its threads; its configuration decides which message
     * latencies {@link Result#latency()} holds ({@link RunConfig#latency()}).
     *
     * @throws IllegalArgumentException if the machine is not on the wall clock (the schedule is in ns)
     */
    public static Result run(Machine machine, int warmup, int reps, long periodNanos, Step step) {
        checkArguments(warmup, reps, periodNanos);
        if (machine.config().clock() != ClockKind.WALL) {
            throw new IllegalArgumentException("timed repetitions need a wall-clock machine, got the "
                    + machine.config().clock() + " clock");
        }
        int processors = machine.config().params().P();
        // Warm-up run first, repetitions back to back: the JIT compiles the step, so that the
        // measured run is not stalled by compilations for hundreds of repetitions.
        machine.run(p -> {
            for (int k = 0; k < warmup; k++) {
                step.run(p, k);
            }
        });
        int total = warmup + reps;
        long[][] finish = new long[processors][total];
        long[][] late = new long[processors][total];
        RunResult run = machine.run(p -> {
            long first = 0;
            for (int k = 0; k < total; k++) {
                if (k % BLOCK == 0) {
                    // a fresh schedule every block, so that one stall spoils at most one block
                    first = agreeOnStart(p, periodNanos) - k * periodNanos;
                }
                long start = first + k * periodNanos;
                long wait = start - p.now();
                if (wait > 0) {
                    p.compute(wait);
                }
                late[p.rank()][k] = p.now() - start;
                step.run(p, k);
                finish[p.rank()][k] = p.now() - start;
            }
        });
        // Oversubscribed, some thread is always late: keep every repetition (the run measures the scheduler).
        long tolerance = run.oversubscribed() ? Long.MAX_VALUE : Math.max(2_000, periodNanos / 100);
        long[] times = new long[reps];
        int kept = 0;
        for (int k = warmup; k < total; k++) {
            long latest = 0;
            boolean onTime = true;
            for (int r = 0; r < finish.length; r++) {
                latest = Math.max(latest, finish[r][k]);
                onTime &= late[r][k] <= tolerance;
            }
            if (onTime) {
                times[kept++] = latest;
            }
        }
        if (kept == 0) {
            // The machine is too busy for any clean repetition: report them all rather than none.
            for (int k = warmup; k < total; k++) {
                long latest = 0;
                for (long[] f : finish) {
                    latest = Math.max(latest, f[k]);
                }
                times[kept++] = latest;
            }
        }
        long[] measured = Arrays.copyOf(times, kept);
        Arrays.sort(measured);
        return new Result(measured, reps - measured.length, run.latency(), run.oversubscribed());
    }

    private static void checkArguments(int warmup, int reps, long periodNanos) {
        if (warmup < 0 || reps < 1 || periodNanos < 1) {
            throw new IllegalArgumentException("need warmup >= 0, reps >= 1, period >= 1 ns; got "
                    + warmup + ", " + reps + ", " + periodNanos);
        }
    }

    /**
     * A handshake so that the schedule starts when every processor is running (a thread may get
     * its first time slice milliseconds after the run's time zero): everyone tells rank 0 it is
     * ready; rank 0 answers with a start time one period (at least 1 ms) ahead.
     */
    private static long agreeOnStart(Processor p, long periodNanos) {
        int n = p.size();
        if (p.rank() == 0) {
            for (int r = 1; r < n; r++) {
                p.recv(r);
            }
            long start = p.now() + Math.max(periodNanos, 1_000_000);
            for (int r = 1; r < n; r++) {
                p.send(r, HANDSHAKE, start);
            }
            return start;
        }
        p.send(0, HANDSHAKE, null);
        return p.recv(0).asLong();
    }
}
