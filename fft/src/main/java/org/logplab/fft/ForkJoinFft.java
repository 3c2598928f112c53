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
 * ForkJoinFft.forward(re, im, ForkJoinPool.commonPool());
 * }</pre>
 */
public final class ForkJoinFft {
    /** Sub-transforms up to this many points run serially: forking below costs more than it saves. */
    static final int SERIAL_POINTS = 1 << 13;
    private static final int CHUNK = 1 << 12;

    private ForkJoinFft() {
    }

    /**
     * The forward DFT of {@code (re, im)}, in place, on {@code pool}'s threads.
     *
     * @throws IllegalArgumentException as {@link Fft#forward}, or for a null pool
     */
    public static void forward(double[] re, double[] im, ForkJoinPool pool) {
        int log = FftSize.checkPair(re, im);
        if (pool == null) {
            throw new IllegalArgumentException("the fork/join pool must not be null");
        }
        int n = re.length;
        if (n <= SERIAL_POINTS || pool.getParallelism() == 1) {
            Fft.forward(re, im);
            return;
        }
        TwiddleTable table = TwiddleTable.of(n);
        pool.invoke(new Dif(re, im, 0, n, table));
        pool.invoke(new Permute(re, im, log, 0, BitReversal.parts(log)));
    }

    /** A sub-transform of {@code m} points at {@code off}. */
    private static final class Dif extends RecursiveAction {
        private final double[] re;
        private final double[] im;
        private final int off;
        private final int m;
        private final TwiddleTable table;

        Dif(double[] re, double[] im, int off, int m, TwiddleTable table) {
            this.re = re;
            this.im = im;
            this.off = off;
            this.m = m;
            this.table = table;
        }

        @Override
        protected void compute() {
            if (m <= SERIAL_POINTS) {
                Radix4.dif(re, im, off, m, table);
                return;
            }
            invokeAll(new Butterflies(re, im, off, m, 0, m >>> 2, table));
            int q = m >>> 2;
            invokeAll(new Dif(re, im, off, q, table), new Dif(re, im, off + q, q, table),
                    new Dif(re, im, off + 2 * q, q, table), new Dif(re, im, off + 3 * q, q, table));
        }
    }

    /** Butterflies {@code from..to-1} of one radix-4 span, halved until {@link #CHUNK}. */
    private static final class Butterflies extends RecursiveAction {
        private final double[] re;
        private final double[] im;
        private final int b;
        private final int m;
        private final int from;
        private final int to;
        private final TwiddleTable table;

        Butterflies(double[] re, double[] im, int b, int m, int from, int to, TwiddleTable table) {
            this.re = re;
            this.im = im;
            this.b = b;
            this.m = m;
            this.from = from;
            this.to = to;
            this.table = table;
        }

        @Override
        protected void compute() {
            if (to - from <= CHUNK) {
                Radix4.butterflies(re, im, b, m, from, to, table);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Butterflies(re, im, b, m, from, mid, table), new Butterflies(re, im, b, m, mid, to, table));
        }
    }

    /** Parts {@code from..to-1} of the bit reversal, halved until one part. */
    private static final class Permute extends RecursiveAction {
        private final double[] re;
        private final double[] im;
        private final int log;
        private final int from;
        private final int to;

        Permute(double[] re, double[] im, int log, int from, int to) {
            this.re = re;
            this.im = im;
            this.log = log;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= Math.max(1, BitReversal.parts(log) / 16)) {
                BitReversal.permute(re, im, log, from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Permute(re, im, log, from, mid), new Permute(re, im, log, mid, to));
        }
    }
}
