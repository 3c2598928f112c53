package org.logplab.fft;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The JDK-native parallel FFT: the serial FFT's radix-4 kernels under {@link RecursiveAction}s
 * in a {@link ForkJoinPool}, in a few level-wide phases. The top radix-4 stages of the
 * decimation in frequency run with their butterflies cut into pieces until there are at least
 * two independent sub-transforms per pool thread; those sub-transforms then run serially (each
 * stays in one core's cache); then the last codelets with the bit reversal ({@link FinalPass})
 * run in pieces. The inverse uses the inverse kernels, as {@link Fft#inverse}. Each phase is cut into
 * {@link #PIECES_PER_THREAD} pieces per thread so that a thread that wakes late or is slowed
 * by the host leaves its share to the others. Same results as {@link Fft#forward} bit for bit.
 *
 * <p>Why phases rather than a recursion that forks at every level: every join is a point where
 * a thread may park and must be woken again, and every level re-partitions the data between the
 * cores; on two cores both cost more than the arithmetic at 2^14..2^17 points ({@code logplab fft
 * --engine forkjoin} measures this form against the serial FFT).
 *
 * <pre>{@code
 * ForkJoinFft.forward(a, ForkJoinPool.commonPool());   // a interleaved, as Fft
 * }</pre>
 */
public final class ForkJoinFft {
    /** Transforms up to this many points run serially: splitting them costs more than it saves. */
    static final int SERIAL_POINTS = 1 << 13;
    /** The parallel top stages stop before sub-transforms get smaller than this many points. */
    private static final int MIN_SUB_POINTS = 1 << 10;
    /** Top-stage pieces are whole groups of this many butterflies (a multiple of any vector's points). */
    private static final int GROUP = 8;
    private static final int PIECES_PER_THREAD = 4;

    private ForkJoinFft() {
    }

    /**
     * The forward DFT of the interleaved {@code a}, in place, on {@code pool}'s threads.
     *
     * @throws IllegalArgumentException as {@link Fft#forward(double[])}, or for a null pool
     */
    public static void forward(double[] a, ForkJoinPool pool) {
        int log = FftSize.checkInterleaved(a);
        checkPool(pool);
        if (a.length / 2 <= SERIAL_POINTS || pool.getParallelism() == 1) {
            Fft.forward(a);
            return;
        }
        pool.invoke(new Transform(a, log, pool.getParallelism(), false));
    }

    /**
     * The inverse DFT scaled by {@code 1/N}, on {@code pool}'s threads, as {@link Fft#inverse(double[])}.
     *
     * @throws IllegalArgumentException as {@link Fft#inverse(double[])}, or for a null pool
     */
    public static void inverse(double[] a, ForkJoinPool pool) {
        int log = FftSize.checkInterleaved(a);
        checkPool(pool);
        if (a.length / 2 <= SERIAL_POINTS || pool.getParallelism() == 1) {
            Fft.inverse(a);
            return;
        }
        // One invocation for all phases: waking parked pool threads costs tens of us each time.
        pool.invoke(new Transform(a, log, pool.getParallelism(), true));
    }

    private static void checkPool(ForkJoinPool pool) {
        if (pool == null) {
            throw new IllegalArgumentException("the fork/join pool must not be null");
        }
    }

    /** The whole transform, phase by phase; the inverse wraps it in conjugations. */
    private static final class Transform extends RecursiveAction {
        private final double[] a;
        private final int log;
        private final int n;
        private final int pieces;
        private final int threads;
        private final boolean inverse;

        Transform(double[] a, int log, int threads, boolean inverse) {
            this.a = a;
            this.log = log;
            this.n = 1 << log;
            this.threads = threads;
            this.pieces = PIECES_PER_THREAD * threads;
            this.inverse = inverse;
        }

        @Override
        protected void compute() {
            TwiddleTable table = TwiddleTable.of(n);
            boolean vector = FftKernels.active() == FftKernels.VECTOR;
            int span = n;
            int blocks = 1;
            while (blocks < 2 * threads && span >= 4 * MIN_SUB_POINTS) {
                topStage(span, blocks, table, inverse, vector);
                span >>>= 2;
                blocks <<= 2;
            }
            int sub = span;
            RecursiveAction[] subs = new RecursiveAction[blocks];
            for (int k = 0; k < blocks; k++) {
                int off = k * sub;
                subs[k] = action(() -> Radix4.stages(a, off, sub, table, inverse, vector));
            }
            invokeAll(subs);
            double scale = inverse ? 1.0 / n : 1.0;
            inPieces(FinalPass.parts(log),
                    (from, to) -> FinalPass.run(a, log, (int) from, (int) to, inverse, scale, vector));
        }

        /** The radix-4 butterflies of span {@code span} in all {@code blocks} blocks, in pieces. */
        private void topStage(int span, int blocks, TwiddleTable table, boolean inverse, boolean vector) {
            int q = span >>> 2;
            // Pieces of whole groups of GROUP butterflies: a vector kernel then never leaves a
            // ragged end to the scalar loop, so the result equals the serial FFT's to the bit.
            inPieces((long) blocks * q / GROUP, (fromGroup, toGroup) -> {
                long from = fromGroup * GROUP;
                long to = toGroup * GROUP;
                // Butterfly number x is butterfly x % q of block x / q.
                for (long x = from; x < to; ) {
                    int block = (int) (x / q);
                    int j = (int) (x % q);
                    int end = (int) Math.min(q, j + (to - x));
                    Radix4.butterflies(a, block * span, span, j, end, table, inverse, vector);
                    x += end - j;
                }
            });
        }

        /** Runs {@code body} over {@code 0..total-1} cut into at most {@code pieces} ranges. */
        private void inPieces(long total, Range body) {
            int count = (int) Math.min(pieces, total);
            RecursiveAction[] actions = new RecursiveAction[count];
            for (int k = 0; k < count; k++) {
                long from = total * k / count;
                long to = total * (k + 1) / count;
                actions[k] = action(() -> body.run(from, to));
            }
            invokeAll(actions);
        }
    }

    /** A half-open range of work items. */
    @FunctionalInterface
    private interface Range {
        void run(long from, long to);
    }

    private static RecursiveAction action(Runnable body) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                body.run();
            }
        };
    }
}
