package org.logplab.fft;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The JDK-native parallel FFT: the serial FFT's radix-4 kernels under {@link RecursiveAction}s
 * in a {@link ForkJoinPool}. Decimation in frequency splits naturally: a span's butterflies run
 * as parallel chunks of {@code j}, then its four quarters are independent sub-transforms, forked;
 * below {@link #SERIAL_POINTS} (or when the pool has one thread) a sub-transform runs serially.
 * The bit reversal runs in parallel parts. Same results as {@link Fft#forward} bit for bit.
 *
 * <pre>{@code
 * ForkJoinFft.forward(a, ForkJoinPool.commonPool());   // a interleaved, as Fft
 * }</pre>
 */
public final class ForkJoinFft {
    /** Sub-transforms up to this many points run serially: forking below costs more than it saves. */
    static final int SERIAL_POINTS = 1 << 13;
    private static final int CHUNK = 1 << 12;

    private ForkJoinFft() {
    }

    /**
     * The forward DFT of the interleaved {@code a}, in place, on {@code pool}'s threads.
     *
     * @throws IllegalArgumentException as {@link Fft#forward(double[])}, or for a null pool
     */
    public static void forward(double[] a, ForkJoinPool pool) {
        int log = FftSize.checkInterleaved(a);
        if (pool == null) {
            throw new IllegalArgumentException("the fork/join pool must not be null");
        }
        int n = a.length / 2;
        if (n <= SERIAL_POINTS || pool.getParallelism() == 1) {
            Fft.forward(a);
            return;
        }
        TwiddleTable table = TwiddleTable.of(n);
        // One invocation for both phases: waking parked pool threads twice costs tens of us here.
        pool.invoke(new Whole(new Dif(a, 0, n, table), new Permute(a, log, 0, BitReversal.parts(log))));
    }

    /**
     * The inverse DFT scaled by {@code 1/N}, on {@code pool}'s threads, as {@link Fft#inverse(double[])}.
     */
    public static void inverse(double[] a, ForkJoinPool pool) {
        FftSize.checkInterleaved(a);
        if (a.length / 2 <= SERIAL_POINTS || pool == null || pool.getParallelism() == 1) {
            Fft.conjugate(a);
            forward(a, pool);
            Fft.scaleConjugate(a, 1.0 / (a.length / 2));
            return;
        }
        pool.invoke(new Points(a, 0, a.length / 2, 1, -1));
        forward(a, pool);
        pool.invoke(new Points(a, 0, a.length / 2, 1.0 / (a.length / 2), -1.0 / (a.length / 2)));
    }

    /** Two tasks one after the other inside the pool. */
    private static final class Whole extends RecursiveAction {
        private final RecursiveAction first;
        private final RecursiveAction then;

        Whole(RecursiveAction first, RecursiveAction then) {
            this.first = first;
            this.then = then;
        }

        @Override
        protected void compute() {
            first.invoke();
            then.invoke();
        }
    }

    /** Multiplies the real parts of points {@code from..to-1} by {@code re}, the imaginary by {@code im}. */
    private static final class Points extends RecursiveAction {
        private final double[] a;
        private final int from;
        private final int to;
        private final double re;
        private final double im;

        Points(double[] a, int from, int to, double re, double im) {
            this.a = a;
            this.from = from;
            this.to = to;
            this.re = re;
            this.im = im;
        }

        @Override
        protected void compute() {
            if (to - from <= 4 * CHUNK) {
                for (int x = 2 * from, end = 2 * to; x < end; x += 2) {
                    a[x] *= re;
                    a[x + 1] *= im;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Points(a, from, mid, re, im), new Points(a, mid, to, re, im));
        }
    }

    /** A sub-transform of {@code m} points at {@code off}. */
    private static final class Dif extends RecursiveAction {
        private final double[] a;
        private final int off;
        private final int m;
        private final TwiddleTable table;

        Dif(double[] a, int off, int m, TwiddleTable table) {
            this.a = a;
            this.off = off;
            this.m = m;
            this.table = table;
        }

        @Override
        protected void compute() {
            if (m <= SERIAL_POINTS) {
                Radix4.dif(a, off, m, table);
                return;
            }
            invokeAll(new Butterflies(a, off, m, 0, m >>> 2, table));
            int q = m >>> 2;
            invokeAll(new Dif(a, off, q, table), new Dif(a, off + q, q, table),
                    new Dif(a, off + 2 * q, q, table), new Dif(a, off + 3 * q, q, table));
        }
    }

    /** Butterflies {@code from..to-1} of one radix-4 span, halved until {@link #CHUNK}. */
    private static final class Butterflies extends RecursiveAction {
        private final double[] a;
        private final int b;
        private final int m;
        private final int from;
        private final int to;
        private final TwiddleTable table;

        Butterflies(double[] a, int b, int m, int from, int to, TwiddleTable table) {
            this.a = a;
            this.b = b;
            this.m = m;
            this.from = from;
            this.to = to;
            this.table = table;
        }

        @Override
        protected void compute() {
            if (to - from <= CHUNK) {
                Radix4.butterflies(a, b, m, from, to, table);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Butterflies(a, b, m, from, mid, table), new Butterflies(a, b, m, mid, to, table));
        }
    }

    /** Parts {@code from..to-1} of the bit reversal, halved until one part. */
    private static final class Permute extends RecursiveAction {
        private final double[] a;
        private final int log;
        private final int from;
        private final int to;

        Permute(double[] a, int log, int from, int to) {
            this.a = a;
            this.log = log;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= Math.max(1, BitReversal.parts(log) / 16)) {
                BitReversal.permute(a, log, from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Permute(a, log, from, mid), new Permute(a, log, mid, to));
        }
    }
}
