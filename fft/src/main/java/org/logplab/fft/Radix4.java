package org.logplab.fft;

/**
 * The butterfly passes of the serial FFT, on split real/imaginary arrays: radix-4
 * decimation-in-frequency stages (two radix-2 stages fused: one pass over the data instead of two,
 * a quarter of the twiddle multiplications saved), a radix-2 pass when {@code log2 N} is odd, and
 * the depth-first driver that keeps sub-transforms in cache. Output is in bit-reversed order;
 * {@link BitReversal} restores natural order. Forward sign ({@code w = e^{-2 pi i / m}}).
 *
 * <p>Stateless; the arrays are the caller's. Sub-ranges of one array may be transformed by
 * several threads at once (the fork/join FFT does) as long as the ranges are disjoint.
 */
final class Radix4 {
    /** Sub-transforms up to this many points (128 KiB of doubles) run breadth-first, in cache. */
    static final int CACHE_POINTS = 1 << 12;

    private Radix4() {
    }

    /**
     * Transforms the {@code m} points at {@code off} (a power of two, {@code off} a multiple of
     * {@code m}) in place into bit-reversed order, depth-first above {@link #CACHE_POINTS}.
     */
    static void dif(double[] re, double[] im, int off, int m, TwiddleTable table) {
        if (m <= CACHE_POINTS) {
            difInCache(re, im, off, m, table);
            return;
        }
        stage(re, im, off, m, m, table);
        int q = m >>> 2;
        for (int k = 0; k < 4; k++) {
            dif(re, im, off + k * q, q, table);
        }
    }

    /** All stages of the {@code m} points at {@code off}, breadth-first. */
    static void difInCache(double[] re, double[] im, int off, int m, TwiddleTable table) {
        int span = m;
        while (span > 16) {
            stage(re, im, off, m, span, table);
            span >>>= 2;
        }
        if (span == 16) {
            for (int b = off, end = off + m; b < end; b += 16) {
                Codelets.dif16(re, im, b);
            }
        } else if (span == 8) {
            for (int b = off, end = off + m; b < end; b += 8) {
                Codelets.dif8(re, im, b);
            }
        } else if (span == 4) {
            radix4NoTwiddle(re, im, off, m);
        } else if (span == 2) {
            radix2(re, im, off, m);
        }
    }

    /**
     * One radix-4 stage of span {@code m} over the {@code len} points at {@code off}: for each
     * block of {@code m} and {@code j < m/4}, the four points {@code j + l m/4} become the
     * {@code k = 0, 2, 1, 3 (mod 4)} outputs, the last three multiplied by {@code w^{kj}}.
     */
    static void stage(double[] re, double[] im, int off, int len, int m, TwiddleTable table) {
        int q = m >>> 2;
        for (int b = off, end = off + len; b < end; b += m) {
            butterflies(re, im, b, m, 0, q, table);
        }
    }

    /** The radix-4 butterflies {@code j = from..to-1} of the span-{@code m} block at {@code b}. */
    static void butterflies(double[] re, double[] im, int b, int m, int from, int to, TwiddleTable table) {
        int q = m >>> 2;
        double[] w = table.w;
        int wBase = table.offset(Integer.numberOfTrailingZeros(m));
        for (int j = from, t = wBase + 6 * from; j < to; j++, t += 6) {
            int i0 = b + j;
            int i1 = i0 + q;
            int i2 = i1 + q;
            int i3 = i2 + q;
            double ar0 = re[i0];
            double ai0 = im[i0];
            double ar1 = re[i1];
            double ai1 = im[i1];
            double ar2 = re[i2];
            double ai2 = im[i2];
            double ar3 = re[i3];
            double ai3 = im[i3];
            double tr0 = ar0 + ar2;
            double ti0 = ai0 + ai2;
            double tr1 = ar0 - ar2;
            double ti1 = ai0 - ai2;
            double tr2 = ar1 + ar3;
            double ti2 = ai1 + ai3;
            // -i (a1 - a3)
            double tr3 = ai1 - ai3;
            double ti3 = ar3 - ar1;
            double c1 = w[t];
            double s1 = w[t + 1];
            double c2 = w[t + 2];
            double s2 = w[t + 3];
            double c3 = w[t + 4];
            double s3 = w[t + 5];
            re[i0] = tr0 + tr2;
            im[i0] = ti0 + ti2;
            double xr = tr0 - tr2;
            double xi = ti0 - ti2;
            re[i1] = xr * c2 + xi * s2;
            im[i1] = xi * c2 - xr * s2;
            xr = tr1 + tr3;
            xi = ti1 + ti3;
            re[i2] = xr * c1 + xi * s1;
            im[i2] = xi * c1 - xr * s1;
            xr = tr1 - tr3;
            xi = ti1 - ti3;
            re[i3] = xr * c3 + xi * s3;
            im[i3] = xi * c3 - xr * s3;
        }
    }

    /** The last radix-4 stage (span 4): every twiddle is 1. */
    static void radix4NoTwiddle(double[] re, double[] im, int off, int len) {
        for (int i0 = off, end = off + len; i0 < end; i0 += 4) {
            double ar0 = re[i0];
            double ai0 = im[i0];
            double ar1 = re[i0 + 1];
            double ai1 = im[i0 + 1];
            double ar2 = re[i0 + 2];
            double ai2 = im[i0 + 2];
            double ar3 = re[i0 + 3];
            double ai3 = im[i0 + 3];
            double tr0 = ar0 + ar2;
            double ti0 = ai0 + ai2;
            double tr1 = ar0 - ar2;
            double ti1 = ai0 - ai2;
            double tr2 = ar1 + ar3;
            double ti2 = ai1 + ai3;
            double tr3 = ai1 - ai3;
            double ti3 = ar3 - ar1;
            re[i0] = tr0 + tr2;
            im[i0] = ti0 + ti2;
            re[i0 + 1] = tr0 - tr2;
            im[i0 + 1] = ti0 - ti2;
            re[i0 + 2] = tr1 + tr3;
            im[i0 + 2] = ti1 + ti3;
            re[i0 + 3] = tr1 - tr3;
            im[i0 + 3] = ti1 - ti3;
        }
    }

    /** A radix-2 stage of span 2: {@code (a, b) -> (a + b, a - b)}. */
    static void radix2(double[] re, double[] im, int off, int len) {
        for (int i = off, end = off + len; i < end; i += 2) {
            double ar = re[i];
            double ai = im[i];
            double br = re[i + 1];
            double bi = im[i + 1];
            re[i] = ar + br;
            im[i] = ai + bi;
            re[i + 1] = ar - br;
            im[i + 1] = ai - bi;
        }
    }
}
