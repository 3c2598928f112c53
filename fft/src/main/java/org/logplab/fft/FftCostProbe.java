package org.logplab.fft;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Times, one by one, the pieces the parallel FFTs of this module are made of, so that
 * {@link MachineFftModel} can predict a whole run from them without ever looking at a run of the
 * parallel FFT itself. Each piece runs on its own arrays, either on one thread (the master's
 * packing and unpacking, which nothing overlaps) or on {@code p} threads at once (everything the
 * ranks do side by side, so that the memory bandwidth the cores share is in the figure): the
 * time of a repetition is from the moment all threads are released together to the moment the
 * last one is done; a figure is the median over repetitions, after as many untimed ones, and
 * each piece first runs untimed on one thread for 50 ms (at least 20 times) so that it is compiled.
 *
 * <p>Platform threads started per call; not for use while another benchmark runs.
 */
public final class FftCostProbe {
    /** How long each piece runs untimed, on one thread, before it is timed. */
    private static final long WARMUP_NANOS = 50_000_000;

    /**
     * The measured pieces for {@code n} points on {@code p} ranks ({@code B = n/p} points each),
     * ns per occurrence.
     *
     * @param serialNanos    our serial FFT of all {@code n} points on one thread
     * @param localFftNanos  the serial FFT of {@code B} points on each of {@code p} threads at once
     * @param snapshotNanos  copying a block of {@code B} points, {@code p} threads at once
     * @param twiddleNanos   an exchange's twiddle-and-snapshot pass over {@code B} points, {@code p} threads at once
     * @param combineNanos   an exchange's combine over {@code B} points, {@code p} threads at once
     * @param lentButterfliesNanos a lent exchange's half of a pair's {@code B} butterflies, in
     *                       place in both blocks, {@code p} threads at once (two per pair)
     * @param packNanos      the master packing every rank's strided block, one thread (the seed's scatter)
     * @param unpackNanos    the master copying {@code p - 1} output blocks back, one thread (the seed's gather)
     * @param gatherNanos    each rank gathering its own strided block from a shared array, {@code p} threads at once
     */
    public record Costs(int n, int p, double serialNanos, double localFftNanos, double snapshotNanos,
                        double twiddleNanos, double combineNanos, double lentButterfliesNanos, double packNanos,
                        double unpackNanos,
                        double gatherNanos) { }

    private FftCostProbe() {
    }

    /**
     * Measures every piece for {@code n} points on {@code p} ranks, {@code reps} timed repetitions each.
     *
     * @throws IllegalArgumentException if {@code n} or {@code p} is not a power of two, {@code n/p < 2},
     *     or {@code reps < 1}
     */
    public static Costs measure(int n, int p, int reps) {
        FftSize.log2(n, "N");
        FftSize.log2(p, "p");
        if (n / p < 2) {
            throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + p);
        }
        if (reps < 1) {
            throw new IllegalArgumentException("reps must be at least 1, got " + reps);
        }
        int block = n / p;
        double[] whole = ComplexArrays.randomTiny(n, 1);
        double[][] blocks = new double[p][];
        double[][] spares = new double[p][];
        for (int r = 0; r < p; r++) {
            blocks[r] = ComplexArrays.randomTiny(block, r + 2);
            spares[r] = new double[2 * block];
        }
        int span = 2 * block;
        double serial = onThreads(1, reps, r -> {
            Fft.forward(whole);
            ComplexArrays.keepInRange(whole);
        });
        double local = onThreads(p, reps, r -> {
            Fft.forward(blocks[r]);
            ComplexArrays.keepInRange(blocks[r]);
        });
        double snapshot = onThreads(p, reps, r -> System.arraycopy(blocks[r], 0, spares[r], 0, 2 * block));
        double twiddle = onThreads(p, reps, r -> {
            ButterflyExchangeFft.twiddle(blocks[r], spares[r], 0, span);
        });
        double combine = onThreads(p, reps, r -> {
            ButterflyExchangeFft.combine(blocks[r], spares[r], (r & 1) == 0);
            ComplexArrays.keepInRange(blocks[r]);
        });
        double lent = onThreads(p, reps, r -> {
            double[] lower = blocks[r & ~1];
            double[] upper = blocks[r | 1];
            int half = block / 2;
            int from = (r & 1) == 0 ? 0 : half;
            ButterflyExchangeFft.butterflies(lower, upper, from, from + half, 0, span, lower, 0, upper, 0);
            // each thread keeps its own half of the pair's two blocks in range
            ComplexArrays.keepInRange(lower, 2 * from, 2 * (from + half));
            ComplexArrays.keepInRange(upper, 2 * from, 2 * (from + half));
        });
        double pack = onThreads(1, reps, r -> {
            for (int q = 0; q < p; q++) {
                ButterflyExchangeFft.inputBlock(whole, p, q, blocks[q]);
            }
        });
        double unpack = onThreads(1, reps, r -> {
            for (int q = 1; q < p; q++) {
                System.arraycopy(blocks[q], 0, whole, q * 2 * block, 2 * block);
            }
        });
        double gather = onThreads(p, reps, r -> ButterflyExchangeFft.inputBlock(whole, p, r, blocks[r]));
        return new Costs(n, p, serial, local, snapshot, twiddle, combine, lent, pack, unpack, gather);
    }

    /** Work for thread {@code rank} of a repetition. */
    private interface Piece {
        void run(int rank);
    }

    /**
     * Median over {@code reps} repetitions (after a warm-up and {@code reps} untimed ones) of the time from the
     * release of {@code threads} threads to the last one's end, ns.
     */
    private static double onThreads(int threads, int reps, Piece piece) {
        // Compile the piece for this size first, on this thread (a new size can make the JIT
        // recompile: a first twiddle pass at 2^16 took 5x its compiled time for a while).
        long warmEnd = System.nanoTime() + WARMUP_NANOS;
        for (int k = 0; k < 20 || System.nanoTime() < warmEnd; k++) {
            piece.run(k % threads);
        }
        int untimed = reps;
        int total = untimed + reps;
        long[] starts = new long[total];
        long[][] ends = new long[threads][total];
        AtomicInteger arrived = new AtomicInteger();
        Thread[] workers = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            int rank = t;
            workers[t - 1] = Thread.ofPlatform().daemon(true).name("fft-probe-" + t).start(() -> {
                for (int k = 0; k < total; k++) {
                    await(arrived, threads * (k + 1));
                    piece.run(rank);
                    ends[rank][k] = System.nanoTime();
                }
            });
        }
        for (int k = 0; k < total; k++) {
            // Everyone arrives, then starts at once: the last to arrive releases the others.
            await(arrived, threads * (k + 1));
            starts[k] = System.nanoTime();
            piece.run(0);
            ends[0][k] = System.nanoTime();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while timing the FFT's pieces", e);
            }
        }
        long[] times = new long[reps];
        for (int k = untimed; k < total; k++) {
            long last = 0;
            for (long[] e : ends) {
                last = Math.max(last, e[k]);
            }
            times[k - untimed] = last - starts[k];
        }
        Arrays.sort(times);
        return times[reps / 2];
    }

    private static void await(AtomicInteger arrived, int target) {
        arrived.incrementAndGet();
        while (arrived.get() < target) {
            Thread.onSpinWait();
        }
    }
}
