package org.logplab.bench.experiment.fft;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.jtransforms.fft.DoubleFFT_1D;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.bench.peers.FftwPeer;
import org.logplab.bench.peers.PeerResult;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.fft.ButterflyExchangeFft;
import org.logplab.fft.ComplexArrays;
import org.logplab.fft.Fft;
import org.logplab.fft.FftPhases;
import org.logplab.fft.ForkJoinFft;
import org.logplab.fft.Handover;
import org.logplab.fft.MasterWorkerFft;
import org.visnow.jlargearrays.ConcurrencyUtils;

/**
 * Wall-clock timings of one FFT size on each engine against our serial FFT, for
 * {@code logplab fft}: medians of repeated in-place forward transforms after a warm-up, ns, the
 * serial and the engine's repetitions alternating so that both see the same host.
 *
 * <p>Repeated forward transforms grow the data by about {@code sqrt(N)} each; the input starts
 * near {@code 2^-500} and is scaled back by an exact power of two between timed repetitions, so
 * no value ever overflows or turns subnormal (which would change the arithmetic's speed).
 */
public final class FftRuns {
    private static final long WARMUP_NANOS = 300_000_000;
    private static final int SETTLE_ROUND = 5;
    private static final long SETTLE_NANOS = 3_000_000_000L;
    private static final long JIT_IDLE_NANOS = 50_000_000L;
    /** About how long the timed repetitions of one measurement should take at least, ns. */
    private static final double MEASURE_NANOS = 150e6;
    /** The most repetitions {@link #repetitions} asks for. */
    private static final int MAX_REPS = 1000;
    /**
     * The most timed rounds of the FFTW peer: each round times transforms for 50 ms or more, so 21
     * hold a second of them, where {@link #repetitions} fills 150 ms; up to 1000 rounds (a small
     * N's repetitions) took 50 s per size.
     */
    private static final int FFTW_MOST_ROUNDS = 21;

    private final int n;
    private final double[] serialData;
    private final double[] engineData;
    private final int reps;

    /**
     * Medians of one comparison, ns: our serial FFT and the engine, measured in alternation in the
     * same stretch of time, so that a noisy host slows both alike.
     */
    public record Pair(long serialNanos, long engineNanos) {
        /** {@code serial / engine}. */
        public double speedup() {
            return serialNanos / (double) engineNanos;
        }
    }

    /**
     * Timed repetitions for {@code n} points: at least {@code atLeast}, and enough to fill about
     * 150 ms at 1 ns per point per radix-2 stage (at most 1000): a transform of {@code 2^16}
     * points takes half a millisecond, and a median of a few such on a shared host is noise.
     */
    public static int repetitions(int n, int atLeast) {
        double estimate = n * (double) Math.max(1, Integer.numberOfTrailingZeros(n));
        return (int) Math.max(atLeast, Math.min(MAX_REPS, Math.ceil(MEASURE_NANOS / estimate)));
    }

    /** Random input of {@code n} points; {@code reps} timed repetitions per engine (see {@link #repetitions}). */
    public FftRuns(int n, int reps, long seed) {
        this.n = n;
        this.reps = reps;
        serialData = ComplexArrays.randomTiny(n, seed);
        engineData = serialData.clone();
    }

    /** Our serial FFT against itself: the p = 1 row of every engine that runs our code. */
    public Pair serial() {
        return alternate(() -> Fft.forward(engineData));
    }

    /** The fork/join FFT on a pool of {@code p} threads. */
    public Pair forkJoin(int p) {
        ForkJoinPool pool = new ForkJoinPool(p);
        try {
            return alternate(() -> ForkJoinFft.forward(engineData, pool));
        } finally {
            pool.shutdown();
        }
    }

    /** An engine that runs outside this JVM could not run here: the message says why and what to install. */
    public static final class PeerUnavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PeerUnavailable(String message) {
            super(message);
        }
    }

    /**
     * FFTW on one thread ({@link FftwPeer}: its own process, {@code reps} rounds but at most
     * {@value #FFTW_MOST_ROUNDS}, the median ns per transform) against our serial FFT timed here
     * just before. The two do not alternate (one is another process), so a noisy host can favour
     * either.
     *
     * @throws PeerUnavailable when FFTW or a C compiler is not installed
     * @throws IllegalStateException when the peer fails or times out
     */
    public Pair fftw() {
        Pair serial = serial();
        int log2 = Integer.numberOfTrailingZeros(n);
        PeerResult<FftwPeer.Measurement> result = FftwPeer.run(List.of(log2), Math.min(reps, FFTW_MOST_ROUNDS),
                Duration.ofMinutes(10));
        return switch (result) {
            case PeerResult.Measured<FftwPeer.Measurement> m -> new Pair(serial.serialNanos(),
                    Math.round(m.measurements().get(0).medianNs()));
            case PeerResult.Unavailable<FftwPeer.Measurement> u -> throw new PeerUnavailable(u.message());
            case PeerResult.Failed<FftwPeer.Measurement> f -> throw new IllegalStateException("the FFTW peer failed: "
                    + f.reason());
        };
    }

    /** JTransforms {@code complexForward} on {@code p} threads (the same interleaved layout). */
    public Pair jtransforms(int p) {
        int before = ConcurrencyUtils.getNumberOfThreads();
        ConcurrencyUtils.setNumberOfThreads(p);
        try {
            DoubleFFT_1D fft = new DoubleFFT_1D(n);
            return alternate(() -> fft.complexForward(engineData));
        } finally {
            ConcurrencyUtils.setNumberOfThreads(before);
        }
    }

    /**
     * The master/worker parallel FFT on the LogP runtime with zero injected delays, {@code p}
     * processors, blocks handed out and back as {@code handover} says, repeated inside one run
     * on an agreed schedule ({@link TimedRepetitions}); the serial FFT is timed just before and
     * just after, and its median over both blocks is the pair's serial time.
     */
    public Pair masterWorker(int p, Handover handover) {
        return onRuntime(p, masterWorkerStep(p, handover, null));
    }

    /**
     * The butterfly-exchange FFT with the data already distributed ({@link ButterflyExchangeFft}): each of
     * the {@code p} ranks holds its decimated block before the run; a repetition is the local FFT
     * and the {@code log2 p} exchanges (done as {@code handover} says), without the master's
     * scatter and gather. Timed like {@link #masterWorker}.
     */
    public Pair distributed(int p, Handover handover) {
        return onRuntime(p, distributedStep(p, handover, null));
    }

    /**
     * Where the time of a runtime engine goes: {@code reps} transforms on {@code p} processors of
     * a wall-clock machine (each its own run, after as many untimed ones), every phase timed per
     * rank; returns the figures divided by {@code reps}, so ns per transform. Not the timed
     * repetitions of {@link #masterWorker} and {@link #distributed}: the clock reads of the phases
     * stay out of those.
     *
     * @param masterWorker the master/worker form, or the distributed one
     * @param handover how blocks move between ranks
     */
    public FftPhases phases(int p, boolean masterWorker, Handover handover) {
        FftPhases phases = new FftPhases(p);
        TimedRepetitions.Step step = masterWorker ? masterWorkerStep(p, handover, phases)
                : distributedStep(p, handover, phases);
        try (Machine machine = Machine.open(RunConfig.builder(LogP.of(0, 0, 0, p)).clock(ClockKind.WALL).build())) {
            for (int k = 0; k < 2 * reps; k++) {
                if (k == reps) {
                    phases.reset(); // what the untimed half recorded
                }
                int rep = k;
                machine.run(proc -> step.run(proc, rep));
            }
        }
        return phases.per(reps);
    }

    private TimedRepetitions.Step masterWorkerStep(int p, Handover handover, FftPhases phases) {
        // Blocks and spares reused by every repetition: nothing allocated (nor zeroed) per transform.
        MasterWorkerFft.Buffers buffers = new MasterWorkerFft.Buffers(n, p);
        return (proc, k) -> {
            if (proc.rank() == 0 && k % 32 == 31) {
                ComplexArrays.keepInRange(engineData);
            }
            MasterWorkerFft.transform(proc, proc.rank() == 0 ? engineData : null, 0, handover, phases, buffers);
        };
    }

    private TimedRepetitions.Step distributedStep(int p, Handover handover, FftPhases phases) {
        double[][] blocks = new double[p][];
        // One spare block per rank, handed from rank to rank by the exchanges: nothing allocated per repetition.
        double[][] spares = new double[p][2 * n / p];
        for (int r = 0; r < p; r++) {
            blocks[r] = ButterflyExchangeFft.inputBlock(engineData, p, r);
        }
        return (proc, k) -> {
            if (k % 32 == 31) {
                ComplexArrays.keepInRange(blocks[proc.rank()]);
            }
            int r = proc.rank();
            spares[r] = ButterflyExchangeFft.transform(proc, blocks[r], spares[r], 0, handover, phases);
        };
    }

    /**
     * Times {@code step} on {@code p} processors of the runtime (wall clock, nothing injected),
     * repeated on an agreed schedule, against the serial FFT timed just before and just after.
     * The timed repetitions (and {@link TimedRepetitions}' own warm-up) run on one wall-clock
     * machine that stays up, the warm-up before them on one model-clock machine.
     */
    private Pair onRuntime(int p, TimedRepetitions.Step step) {
        LogP none = LogP.of(0, 0, 0, p);
        // Compile the step first under the model clock, whose threads block instead of spinning:
        // spinning wall-clock threads on every core would starve the JIT's compiler threads and
        // leave the first repetitions interpreted. One machine for the whole warm-up, a run per
        // repetition: a run costs microseconds on it, not two thread starts.
        try (Machine warm = Machine.open(RunConfig.builder(none).clock(ClockKind.MODEL).build())) {
            long warmEnd = System.nanoTime() + warmupNanos();
            for (int i = 0; i < 5 || System.nanoTime() < warmEnd; i++) {
                int k = i;
                warm.run(proc -> step.run(proc, k));
                // the serial side too: the first engine of a size would otherwise time its compilation
                Fft.forward(serialData);
                ComplexArrays.keepInRange(serialData);
            }
        }
        long[] before = times(() -> Fft.forward(serialData), serialData, reps);
        // Generous: a repetition that overruns the period makes the next ones start late, and those
        // are dropped; waiting between repetitions costs nothing measured.
        long period = 2 * median(before) + 200_000;
        TimedRepetitions.Result r;
        try (Machine machine = Machine.open(RunConfig.builder(none).clock(ClockKind.WALL).build())) {
            // the warm-up above took its time already: here a count of repetitions is enough
            r = TimedRepetitions.run(machine, TimedRepetitions.Warmup.exactly(Math.max(5, reps / 2)), reps, period,
                    step);
        }
        long[] after = times(() -> Fft.forward(serialData), serialData, reps);
        long[] both = Arrays.copyOf(before, 2 * reps);
        System.arraycopy(after, 0, both, reps, reps);
        return new Pair(median(both), r.median());
    }

    private Pair alternate(Runnable engine) {
        // Warm up for 5 transforms and a while (up to WARMUP_NANOS, less for a quick run of few
        // repetitions): the JIT needs both.
        long warmEnd = System.nanoTime() + warmupNanos();
        for (int i = 0; i < 5 || System.nanoTime() < warmEnd; i++) {
            bothOnce(engine);
        }
        settle(engine);
        long[] serial = new long[reps];
        long[] other = new long[reps];
        for (int i = 0; i < reps; i++) {
            serial[i] = time(() -> Fft.forward(serialData), serialData);
            other[i] = time(engine, engineData);
        }
        return new Pair(median(serial), median(other));
    }

    /**
     * Goes on warming up until the JIT has been idle for {@value #JIT_IDLE_NANOS} ns of rounds of
     * both transforms and the last two rounds are within 10 % of each other, for at most
     * {@value #SETTLE_NANOS} ns (ten warm-ups for a quick run of few repetitions). The vector
     * kernels run on objects until the JIT has compiled them, 10 to 70 times slower, and that
     * compilation can outlast the warm-up: a 300 ms warm-up left the first size of a sweep, 2^10,
     * timed at 45-155 us instead of 3.5.
     */
    private void settle(Runnable engine) {
        long now = System.nanoTime();
        long end = now + Math.min(SETTLE_NANOS, 10 * warmupNanos());
        long previous = Long.MAX_VALUE;
        long compiled = TimedRepetitions.compileMillis();
        long jitIdleSince = now;
        while (now < end) {
            for (int i = 0; i < SETTLE_ROUND; i++) {
                bothOnce(engine);
            }
            long round = System.nanoTime() - now;
            now += round;
            long c = TimedRepetitions.compileMillis();
            if (c != compiled) {
                compiled = c;
                jitIdleSince = now;
            }
            if (now - jitIdleSince >= JIT_IDLE_NANOS && round >= 0.9 * previous && round <= 1.1 * previous) {
                return;
            }
            previous = round;
        }
    }

    /** One untimed transform of each side, their data kept in range. */
    private void bothOnce(Runnable engine) {
        Fft.forward(serialData);
        ComplexArrays.keepInRange(serialData);
        engine.run();
        ComplexArrays.keepInRange(engineData);
    }

    private long warmupNanos() {
        return Math.min(WARMUP_NANOS, reps * 15_000_000L);
    }

    private static long[] times(Runnable transform, double[] data, int count) {
        long[] nanos = new long[count];
        for (int i = 0; i < count; i++) {
            nanos[i] = time(transform, data);
        }
        return nanos;
    }

    private static long time(Runnable transform, double[] data) {
        long start = System.nanoTime();
        transform.run();
        long took = System.nanoTime() - start;
        ComplexArrays.keepInRange(data);
        return took;
    }

    private static long median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
