package org.logplab.bench.experiment;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.jtransforms.fft.DoubleFFT_1D;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.fft.Fft;
import org.logplab.fft.ForkJoinFft;
import org.logplab.fft.MasterWorkerFft;
import org.visnow.jlargearrays.ConcurrencyUtils;

/**
 * Wall-clock timings of one FFT size on each engine, for {@code logplab fft}: median of
 * repeated in-place forward transforms after a warm-up, ns.
 *
 * <p>Repeated forward transforms grow the data by about {@code sqrt(N)} each; the input starts
 * near {@code 2^-500} and is scaled back by an exact power of two between timed repetitions, so
 * no value ever overflows or turns subnormal (which would change the arithmetic's speed).
 */
public final class FftRuns {
    private static final double TINY = Math.scalb(1.0, -500);
    private static final long WARMUP_NANOS = 300_000_000;

    private final int n;
    private final double[] a;
    private final int reps;

    /** Random input of {@code n} points; {@code reps} timed repetitions per engine. */
    public FftRuns(int n, int reps, long seed) {
        this.n = n;
        this.reps = reps;
        Random random = new Random(seed);
        a = new double[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            a[i] = random.nextGaussian() * TINY;
        }
    }

    /** Our serial FFT. */
    public long serial() {
        return median(() -> Fft.forward(a));
    }

    /** The fork/join FFT on a pool of {@code p} threads. */
    public long forkJoin(int p) {
        ForkJoinPool pool = new ForkJoinPool(p);
        try {
            return median(() -> ForkJoinFft.forward(a, pool));
        } finally {
            pool.shutdown();
        }
    }

    /** JTransforms {@code complexForward} on {@code p} threads (interleaved layout). */
    public long jtransforms(int p) {
        int before = ConcurrencyUtils.getNumberOfThreads();
        ConcurrencyUtils.setNumberOfThreads(p);
        try {
            DoubleFFT_1D fft = new DoubleFFT_1D(n);
            return median(() -> fft.complexForward(a));
        } finally {
            ConcurrencyUtils.setNumberOfThreads(before);
        }
    }

    /**
     * The seed's master/worker parallel FFT on the LogP runtime with zero injected delays, {@code p}
     * processors, repeated inside one run on an agreed schedule ({@link TimedRepetitions}).
     */
    public TimedRepetitions.Result logp(int p, long serialNanos) {
        LogP none = LogP.of(0, 0, 0, p);
        // Compile the exchange and scatter/gather paths first under the model clock, whose
        // threads block instead of spinning: spinning wall-clock threads on every core would
        // starve the JIT's compiler threads and leave the first repetitions interpreted.
        long warmEnd = System.nanoTime() + Math.min(WARMUP_NANOS, reps * 15_000_000L);
        for (int i = 0; i < 5 || System.nanoTime() < warmEnd; i++) {
            Machine.run(none, ClockKind.MODEL, proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? a : null, 0));
            rescale(a);
        }
        // Generous: a repetition that overruns the period makes the next ones start late, and those
        // are dropped; waiting between repetitions costs nothing measured.
        long period = 3 * serialNanos + 1_000_000;
        int[] since = new int[1];
        return TimedRepetitions.run(none, Math.max(5, reps / 2), reps, period, (proc, k) -> {
            if (proc.rank() == 0 && ++since[0] % 32 == 0) {
                rescale(a);
            }
            MasterWorkerFft.transform(proc, proc.rank() == 0 ? a : null, 0);
        });
    }

    private long median(Runnable transform) {
        // Warm up for 5 transforms and a while (up to WARMUP_NANOS, less for a quick run of few
        // repetitions): the JIT needs both.
        long warmEnd = System.nanoTime() + Math.min(WARMUP_NANOS, reps * 15_000_000L);
        for (int i = 0; i < 5 || System.nanoTime() < warmEnd; i++) {
            transform.run();
            rescale(a);
        }
        long[] nanos = new long[reps];
        for (int i = 0; i < reps; i++) {
            long start = System.nanoTime();
            transform.run();
            nanos[i] = System.nanoTime() - start;
            rescale(a);
        }
        Arrays.sort(nanos);
        return nanos[reps / 2];
    }

    /** Scales back to around {@code 2^-500} by an exact power of two when values have grown. */
    private static void rescale(double[] a) {
        int exponent = Math.getExponent(a[0]) ;
        for (int i = 0; i < a.length; i += Math.max(1, a.length / 64)) {
            exponent = Math.max(exponent, Math.getExponent(a[i]));
        }
        if (exponent > -200) {
            int shift = -500 - exponent;
            for (int i = 0; i < a.length; i++) {
                a[i] = Math.scalb(a[i], shift);
            }
        }
    }
}
