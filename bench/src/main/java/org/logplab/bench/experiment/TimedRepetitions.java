package org.logplab.bench.experiment;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.function.LongSupplier;
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
 * (milliseconds on a 2-core VM) do not pollute the figures. Repetition {@code k} of a block starts
 * at the common wall time {@code start + k * period}, {@code start} agreed afresh for every block
 * of at most {@value #BLOCK} repetitions: every processor busy-waits until then (its clock is the
 * run's clock, shared by all), runs the step, and notes when it finished. A repetition's time is
 * the latest finish minus its start.
 *
 * <p>Two runs on the same machine, both on this schedule: the <b>warm-up</b>, not recorded, then
 * the <b>measured</b> run. The warm-up lasts at least its count of repetitions and at least
 * {@link Warmup#minNanos()}, and goes on, up to {@link Warmup#maxNanos()}, until the JIT compiler
 * has compiled nothing for {@link Warmup#quietNanos()}: a compilation takes a core from the
 * spinning processors for milliseconds, and on a host with as many cores as processors the first
 * few hundred milliseconds of a run are full of them. So neither the times nor the message
 * latencies of the measured run include the warm-up.
 *
 * <p>A measured repetition that some processor began late (a stalled thread: a descheduled vCPU, a
 * compilation) does not measure the algorithm: it is dropped and replaced by another, up to
 * {@code 2 x reps} in all, unless the run has more processors than cores (some thread is then
 * always late: every repetition is kept, and the figures measure the scheduler) or no repetition
 * at all began on time (then the first {@code reps} are kept rather than none).
 *
 * <p>The period is given, or <b>learned</b> in the warm-up where the caller has no estimate of a
 * repetition's time that it can trust (a user's program: its first run is cold, milliseconds where
 * a warm one takes microseconds, and a period taken from it would make every repetition spin for
 * milliseconds and tolerate a start that late): each warm-up block then runs at
 * {@code max(4 x the median repetition of the block before, }{@value #LEAST_PERIOD_NANOS}{@code  ns)},
 * the first at the least, and the measured run at the period the last block gave.
 */
public final class TimedRepetitions {
    private static final int HANDSHAKE = 0x7173;
    private static final int BLOCK = 50;
    /** The least period a warm-up learns, ns: as short as a repetition may usefully be spaced. */
    public static final long LEAST_PERIOD_NANOS = 100_000;

    /** One processor's part of one repetition. */
    @FunctionalInterface
    public interface Step {
        /**
         * Runs repetition {@code k} on {@code p}; {@code k} counts the warm-up's repetitions first,
         * then the measured ones, from 0.
         */
        void run(Processor p, int k) throws Exception;
    }

    /**
     * How long the warm-up lasts: at least {@code reps} repetitions and {@code minNanos}, then until
     * {@code compileMillis} (the JIT's accumulated compilation time, ms) has stood still for
     * {@code quietNanos}, but past the count no longer than {@code maxNanos} in all. No warm-up at
     * all when {@code reps} is 0.
     */
    public record Warmup(int reps, long minNanos, long quietNanos, long maxNanos, LongSupplier compileMillis) {
        /** The least a warm-up lasts, ns. */
        public static final long MIN_NANOS = 500_000_000;
        /** How long the JIT must have been quiet, ns. */
        public static final long QUIET_NANOS = 50_000_000;
        /** The longest a warm-up goes on past its count, ns (a JIT that never rests). */
        public static final long MAX_NANOS = 1_000_000_000;

        /** At least {@code reps} repetitions, timed with the defaults against this JVM's JIT compiler. */
        public static Warmup of(int reps) {
            return new Warmup(reps, MIN_NANOS, QUIET_NANOS, MAX_NANOS, TimedRepetitions::compileMillis);
        }

        /** Exactly {@code reps} repetitions, whatever the time and the JIT. */
        public static Warmup exactly(int reps) {
            return new Warmup(reps, 0, 0, 0, () -> 0);
        }
    }

    /**
     * Per-repetition times.
     *
     * @param nanos time of each repetition that every processor began on time, ns (sorted)
     * @param discarded repetitions dropped because some processor began them late
     * @param warmup repetitions of the warm-up, run before and not recorded
     * @param finish each rank's median finish time over the repetitions kept, ns after the repetition's start
     * @param latency message latencies of the measured run, ns: its repetitions (the late ones too)
     *     and the start handshakes ({@code 2 (P - 1)} messages a block), not the warm-up's, as sampled by
     *     the machine's {@link RunConfig#latency()}
     * @param oversubscribed whether the run had more processors than cores
     * @param periodNanos the period of the measured repetitions, ns: the one given, or the one learned
     */
    public record Result(long[] nanos, int discarded, int warmup, long[] finish, Histogram latency,
                         boolean oversubscribed, long periodNanos) {
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
     * Runs a warm-up of at least {@code warmup} repetitions ({@link Warmup#of}) and {@code reps}
     * measured ones, {@code periodNanos} apart, with injected {@code params} (ns), on a wall-clock
     * machine opened for them and closed after; every message latency is recorded.
     */
    public static Result run(LogP params, int warmup, int reps, long periodNanos, Step step) {
        checkArguments(warmup, reps, periodNanos);
        try (Machine machine = Machine.open(RunConfig.builder(params).clock(ClockKind.WALL).build())) {
            return run(machine, warmup, reps, periodNanos, step);
        }
    }

    /**
     * Runs a warm-up of at least {@code warmup} repetitions ({@link Warmup#of}) and {@code reps}
     * measured ones, {@code periodNanos} apart, on {@code machine} with its own parameters (ns), as
     * two runs. The machine stays open, so a caller measuring many rows keeps its threads; its
     * configuration decides which message latencies {@link Result#latency()} holds
     * ({@link RunConfig#latency()}).
     *
     * @throws IllegalArgumentException if the machine is not on the wall clock (the schedule is in ns)
     */
    public static Result run(Machine machine, int warmup, int reps, long periodNanos, Step step) {
        return run(machine, Warmup.of(warmup), reps, periodNanos, step);
    }

    /** As {@link #run(Machine, int, int, long, Step)}, with the warm-up {@code warmup}. */
    public static Result run(Machine machine, Warmup warmup, int reps, long periodNanos, Step step) {
        return run(machine, warmup, reps, periodNanos, false, step);
    }

    /**
     * As {@link #run(Machine, int, int, long, Step)}, with the period learned in the warm-up (see
     * above) rather than given: for a step whose time is not known before it runs warm.
     */
    public static Result run(Machine machine, int warmup, int reps, Step step) {
        return run(machine, Warmup.of(warmup), reps, LEAST_PERIOD_NANOS, true, step);
    }

    private static Result run(Machine machine, Warmup warmup, int reps, long periodNanos, boolean learn, Step step) {
        checkArguments(warmup.reps(), reps, periodNanos);
        if (machine.config().clock() != ClockKind.WALL) {
            throw new IllegalArgumentException("timed repetitions need a wall-clock machine, got the "
                    + machine.config().clock() + " clock");
        }
        int processors = machine.config().params().P();
        WarmupPhase warm = new WarmupPhase(warmup, processors, periodNanos, learn);
        if (warmup.reps() > 0) {
            machine.run(p -> schedule(p, warm, 0, step));
        }
        long period = warm.period();
        // Oversubscribed, some thread is always late: keep every repetition (the run measures the scheduler).
        boolean oversubscribed = WallTolerance.oversubscribed(processors, WallTolerance.cores());
        long tolerance = oversubscribed ? Long.MAX_VALUE : Math.max(2_000, period / 100);
        MeasuredPhase measured = new MeasuredPhase(processors, reps, tolerance, period);
        RunResult run = machine.run(p -> schedule(p, measured, warm.done, step));
        return measured.result(warm.done, run);
    }

    private static void checkArguments(int warmup, int reps, long periodNanos) {
        if (warmup < 0 || reps < 1 || periodNanos < 1) {
            throw new IllegalArgumentException("need warmup >= 0, reps >= 1, period >= 1 ns; got "
                    + warmup + ", " + reps + ", " + periodNanos);
        }
    }

    /** The JIT's accumulated compilation time, ms; 0 where the JVM does not say. */
    public static long compileMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** One processor's repetitions of one phase, block after block, as rank 0 decides. */
    private static void schedule(Processor p, Phase phase, int firstK, Step step) throws Exception {
        int k = 0;
        while (true) {
            long[] block = agreeOnBlock(p, phase, k);
            if (block[1] == 0) {
                return;
            }
            for (int i = 0; i < block[1]; i++, k++) {
                long start = block[0] + i * block[2];
                long wait = start - p.now();
                if (wait > 0) {
                    p.compute(wait);
                }
                long late = p.now() - start;
                step.run(p, firstK + k);
                phase.record(p.rank(), k, late, p.now() - start);
            }
        }
    }

    /**
     * A handshake so that each block starts when every processor is running (a thread may get its
     * first time slice milliseconds after the run's time zero): everyone tells rank 0 it is ready;
     * rank 0 answers with a start time one period (at least 1 ms) ahead, the block's length (0 when
     * the phase is over) and its period.
     */
    private static long[] agreeOnBlock(Processor p, Phase phase, int done) {
        int n = p.size();
        if (p.rank() == 0) {
            for (int r = 1; r < n; r++) {
                p.recv(r);
            }
            int length = phase.next(done);
            long period = phase.period();
            long[] block = {p.now() + Math.max(period, 1_000_000), length, period};
            for (int r = 1; r < n; r++) {
                p.send(r, HANDSHAKE, block);
            }
            return block;
        }
        p.send(0, HANDSHAKE, null);
        return (long[]) p.recv(0).payload();
    }

    /** What rank 0 decides at each block: how many repetitions follow. */
    private interface Phase {
        /** Rank 0, after {@code done} repetitions: the next block's length, 0 to end the phase. */
        int next(int done);

        /** Rank 0, after {@link #next}: the next block's period, ns. */
        long period();

        /** Rank {@code rank}'s repetition {@code k}: begun {@code late} ns late, done {@code finish} ns after start. */
        void record(int rank, int k, long late, long finish);
    }

    /**
     * The warm-up: sized by count, time and the JIT's rest; nothing recorded but, where the period
     * is learned, each block's repetitions, to set the next block's period.
     */
    private static final class WarmupPhase implements Phase {
        private final Warmup warmup;
        private final boolean learn;
        private final long[][] late;
        private final long[][] finish;
        private long period;
        private int blockStart;
        private long began;
        private long lastCompile;
        private long lastCompileChange;
        /** Repetitions run, read after the run. */
        private int done;

        WarmupPhase(Warmup warmup, int processors, long periodNanos, boolean learn) {
            this.warmup = warmup;
            this.learn = learn;
            this.period = periodNanos;
            this.late = learn ? new long[processors][BLOCK] : null;
            this.finish = learn ? new long[processors][BLOCK] : null;
        }

        @Override
        public long period() {
            return period;
        }

        @Override
        public int next(int doneSoFar) {
            long now = System.nanoTime();
            long compile = warmup.compileMillis().getAsLong();
            if (doneSoFar == 0) {
                began = now;
                lastCompileChange = now;
            } else if (compile != lastCompile) {
                lastCompileChange = now;
            }
            lastCompile = compile;
            done = doneSoFar;
            if (learn && doneSoFar > blockStart) {
                // Every rank wrote the block's repetitions before telling rank 0 it is ready.
                long[] times = new long[doneSoFar - blockStart];
                long[] lateOfK = new long[late.length];
                long[] finishOfK = new long[late.length];
                for (int k = blockStart; k < doneSoFar; k++) {
                    for (int r = 0; r < late.length; r++) {
                        lateOfK[r] = late[r][k % BLOCK];
                        finishOfK[r] = finish[r][k % BLOCK];
                    }
                    times[k - blockStart] = repetitionNanos(lateOfK, finishOfK);
                }
                period = periodAfter(times);
            }
            blockStart = doneSoFar;
            if (doneSoFar < warmup.reps()) {
                return Math.min(BLOCK, warmup.reps() - doneSoFar);
            }
            long elapsed = now - began;
            boolean settled = elapsed >= warmup.minNanos() && now - lastCompileChange >= warmup.quietNanos();
            return settled || elapsed >= warmup.maxNanos() ? 0 : BLOCK;
        }

        @Override
        public void record(int rank, int k, long lateNanos, long finishNanos) {
            if (learn) {
                late[rank][k % BLOCK] = lateNanos;
                finish[rank][k % BLOCK] = finishNanos;
            }
        }
    }

    /**
     * How long a repetition took, ns, from the first rank's actual start to the last rank's end:
     * {@code max(finish) - min(late)}, both ns after the scheduled start, so that a block run at too
     * short a period (each repetition begun later than the last) is not taken for a slow one.
     */
    static long repetitionNanos(long[] late, long[] finish) {
        long first = Long.MAX_VALUE;
        long last = 0;
        for (int r = 0; r < late.length; r++) {
            first = Math.min(first, late[r]);
            last = Math.max(last, finish[r]);
        }
        return Math.max(0, last - Math.max(0, first));
    }

    /** The period after a block of repetitions of these times (ns): {@code max(4 x median, least)}. */
    static long periodAfter(long[] times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return Math.max(LEAST_PERIOD_NANOS, 4 * sorted[sorted.length / 2]);
    }

    /**
     * The measured repetitions: blocks until {@code reps} began on time everywhere, at most
     * {@code 2 x reps} in all.
     */
    private static final class MeasuredPhase implements Phase {
        private final int reps;
        private final long tolerance;
        private final long period;
        private final long[][] finish;
        private final long[][] late;
        private int onTime;
        private int checked;

        MeasuredPhase(int processors, int reps, long tolerance, long period) {
            this.reps = reps;
            this.tolerance = tolerance;
            this.period = period;
            this.finish = new long[processors][2 * reps];
            this.late = new long[processors][2 * reps];
        }

        @Override
        public int next(int done) {
            // Every rank wrote its repetitions before telling rank 0 it is ready: they are visible here.
            for (; checked < done; checked++) {
                onTime += onTime(checked) ? 1 : 0;
            }
            int attempts = finish[0].length;
            return onTime >= reps || done >= attempts ? 0 : Math.min(BLOCK, Math.min(reps - onTime, attempts - done));
        }

        @Override
        public long period() {
            return period;
        }

        @Override
        public void record(int rank, int k, long lateNanos, long finishNanos) {
            late[rank][k] = lateNanos;
            finish[rank][k] = finishNanos;
        }

        private boolean onTime(int k) {
            for (long[] l : late) {
                if (l[k] > tolerance) {
                    return false;
                }
            }
            return true;
        }

        Result result(int warmup, RunResult run) {
            int attempts = checked;
            // The machine too busy for any clean repetition: report the first reps rather than none.
            boolean any = onTime > 0;
            int candidates = any ? attempts : Math.min(attempts, reps);
            long[] times = new long[candidates];
            long[][] byRank = new long[finish.length][candidates];
            int kept = 0;
            for (int k = 0; k < candidates; k++) {
                if (any && !onTime(k)) {
                    continue;
                }
                long latest = 0;
                for (int r = 0; r < finish.length; r++) {
                    latest = Math.max(latest, finish[r][k]);
                    byRank[r][kept] = finish[r][k];
                }
                times[kept++] = latest;
            }
            long[] measured = Arrays.copyOf(times, kept);
            Arrays.sort(measured);
            long[] medians = new long[finish.length];
            for (int r = 0; r < medians.length; r++) {
                long[] mine = Arrays.copyOf(byRank[r], kept);
                Arrays.sort(mine);
                medians[r] = mine[kept / 2];
            }
            return new Result(measured, attempts - kept, warmup, medians, run.latency(), run.oversubscribed(),
                    period);
        }
    }
}
