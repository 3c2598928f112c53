package org.logplab.fft;

/**
 * The butterfly passes of the serial FFT, on interleaved complex arrays ({@code a[2i]} real,
 * {@code a[2i+1]} imaginary part of point {@code i}; offsets and lengths below count points):
 * radix-4 decimation-in-frequency stages (two radix-2 stages fused: one pass over the data
 * instead of two, a quarter of the twiddle multiplications saved), the last two stages as
 * straight-line {@link Codelets} for small transforms, and the depth-first driver that keeps
 * sub-transforms in cache. Output is in bit-reversed order; {@link FinalPass} (which also does
 * the last codelets of large transforms) or {@link BitReversal} restores natural order. Forward
 * sign ({@code w = e^{-2 pi i / m}}), or with {@code inverse} the inverse's
 * ({@code w = e^{+2 pi i / m}}).
 *
 * <p>Stateless; the array is the caller's. Disjoint sub-ranges of one array may be transformed
 * by several threads at once (the fork/join FFT does).
 */
final class Radix4 {
    /** Sub-transforms up to this many points (64 KiB) run breadth-first, in cache. */
    static final int CACHE_POINTS = 1 << 12;

    private Radix4() {
    }

    /**
     * The radix-4 stages (of the inverse transform's sign if {@code inverse}) of the {@code m} points at point offset
     * {@code off} (a power of two,
     * {@code off} a multiple of {@code m}) in place, from span {@code m} down to span 32 or 64:
     * all but the last two or three radix-2 stages, which {@link FinalPass} does together with
     * the bit reversal. Depth-first above {@link #CACHE_POINTS}.
     */
    static void stages(double[] a, int off, int m, TwiddleTable table, boolean inverse, boolean vector) {
        if (m <= CACHE_POINTS) {
            if (vector) {
                // With FUSED_FINAL the final pass does the stage of span 16 (or 8) itself.
                VectorRadix4.stagesAbove(a, off, m, table, inverse, VectorRadix4.FUSED_FINAL ? 16 : 4);
                return;
            }
            for (int span = m; span > 16; span >>>= 2) {
                stage(a, off, m, span, table, inverse);
            }
            return;
        }
        butterflies(a, off, m, 0, m >>> 2, table, inverse, vector);
        int q = m >>> 2;
        for (int k = 0; k < 4; k++) {
            stages(a, off + k * q, q, table, inverse, vector);
        }
    }

    /** All stages of the forward transform of the {@code m} points at {@code off}, breadth-first. */
    static void difInCache(double[] a, int off, int m, TwiddleTable table) {
        difInCache(a, off, m, table, false, 1.0, false);
    }

    /**
     * All stages of the {@code m} points at {@code off}, breadth-first; if {@code inverse}, of the
     * inverse transform ({@code m >= 4}) with its output multiplied by {@code scale}.
     */
    static void difInCache(double[] a, int off, int m, TwiddleTable table, boolean inverse, double scale,
                           boolean vector) {
        int span = vector ? VectorRadix4.stagesAbove(a, off, m, table, inverse, 4) : m;
        while (span > 16) {
            stage(a, off, m, span, table, inverse);
            span >>>= 2;
        }
        int end = 2 * (off + m);
        if (span == 16) {
            for (int o = 2 * off; o < end; o += 32) {
                if (inverse) {
                    Codelets.dif16Inverse(a, o, scale);
                } else {
                    Codelets.dif16(a, o);
                }
            }
        } else if (span == 8) {
            for (int o = 2 * off; o < end; o += 16) {
                if (inverse) {
                    Codelets.dif8Inverse(a, o, scale);
                } else {
                    Codelets.dif8(a, o);
                }
            }
        } else if (span == 4) {
            for (int o = 2 * off; o < end; o += 8) {
                if (inverse) {
                    Codelets.dif4Inverse(a, o, scale);
                } else {
                    Codelets.dif4(a, o);
                }
            }
        } else if (inverse) {
            throw new IllegalArgumentException("inverse in-cache transform of " + m + " points");
        } else if (span == 2) {
            radix2(a, off, m);
        }
    }

    /** One radix-4 stage of span {@code m} over the {@code len} points at {@code off}. */
    static void stage(double[] a, int off, int len, int m, TwiddleTable table, boolean inverse) {
        int q = m >>> 2;
        for (int b = off, end = off + len; b < end; b += m) {
            butterfliesScalar(a, b, m, 0, q, table, inverse);
        }
    }

    /**
     * The butterflies of {@link #butterflies(double[], int, int, int, int, TwiddleTable)} or of the
     * inverse's, on {@link VectorRadix4} if {@code vector}.
     */
    static void butterflies(double[] a, int b, int m, int from, int to, TwiddleTable table, boolean inverse,
                            boolean vector) {
        if (vector) {
            VectorRadix4.butterflies(a, b, m, from, to, table, inverse);
        } else {
            butterfliesScalar(a, b, m, from, to, table, inverse);
        }
    }

    /** The scalar butterflies of {@link #butterflies(double[], int, int, int, int, TwiddleTable)} or the inverse's. */
    static void butterfliesScalar(double[] a, int b, int m, int from, int to, TwiddleTable table, boolean inverse) {
        if (inverse) {
            butterfliesInverse(a, b, m, from, to, table);
        } else {
            butterflies(a, b, m, from, to, table);
        }
    }

    /**
     * The radix-4 butterflies {@code j = from..to-1} of the span-{@code m} block at point {@code b}:
     * the four points {@code j + l m/4} become the {@code k = 0, 2, 1, 3 (mod 4)} outputs, the last
     * three multiplied by {@code w^{kj}}.
     */
    static void butterflies(double[] a, int b, int m, int from, int to, TwiddleTable table) {
        int q2 = m >>> 1;
        double[] w = table.w;
        int wBase = table.offset(Integer.numberOfTrailingZeros(m));
        // One induction variable over the array index: C2 compiles this about 20% faster than
        // deriving the index from j each time (measured side by side at 2^12..2^18).
        for (int i0 = 2 * (b + from), end = 2 * (b + to), t = wBase + 6 * from; i0 < end; i0 += 2, t += 6) {
            int i1 = i0 + q2;
            int i2 = i1 + q2;
            int i3 = i2 + q2;
            double ar0 = a[i0];
            double ai0 = a[i0 + 1];
            double ar1 = a[i1];
            double ai1 = a[i1 + 1];
            double ar2 = a[i2];
            double ai2 = a[i2 + 1];
            double ar3 = a[i3];
            double ai3 = a[i3 + 1];
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
            a[i0] = tr0 + tr2;
            a[i0 + 1] = ti0 + ti2;
            double xr = tr0 - tr2;
            double xi = ti0 - ti2;
            a[i1] = xr * c2 + xi * s2;
            a[i1 + 1] = xi * c2 - xr * s2;
            xr = tr1 + tr3;
            xi = ti1 + ti3;
            a[i2] = xr * c1 + xi * s1;
            a[i2 + 1] = xi * c1 - xr * s1;
            xr = tr1 - tr3;
            xi = ti1 - ti3;
            a[i3] = xr * c3 + xi * s3;
            a[i3 + 1] = xi * c3 - xr * s3;
        }
    }

    /**
     * The inverse transform's radix-4 butterflies, as {@link #butterflies(double[], int, int, int,
     * int, TwiddleTable)} with {@code +i} for {@code -i} and conjugated twiddles
     * ({@code w = e^{+2 pi i / m}}): {@code conj(butterflies(conj(x)))} without the two passes.
     * A loop of its own: a sign parameter would cost five multiplications per butterfly in the
     * innermost loop of every transform.
     */
    static void butterfliesInverse(double[] a, int b, int m, int from, int to, TwiddleTable table) {
        int q2 = m >>> 1;
        double[] w = table.w;
        int wBase = table.offset(Integer.numberOfTrailingZeros(m));
        for (int i0 = 2 * (b + from), end = 2 * (b + to), t = wBase + 6 * from; i0 < end; i0 += 2, t += 6) {
            int i1 = i0 + q2;
            int i2 = i1 + q2;
            int i3 = i2 + q2;
            double ar0 = a[i0];
            double ai0 = a[i0 + 1];
            double ar1 = a[i1];
            double ai1 = a[i1 + 1];
            double ar2 = a[i2];
            double ai2 = a[i2 + 1];
            double ar3 = a[i3];
            double ai3 = a[i3 + 1];
            double tr0 = ar0 + ar2;
            double ti0 = ai0 + ai2;
            double tr1 = ar0 - ar2;
            double ti1 = ai0 - ai2;
            double tr2 = ar1 + ar3;
            double ti2 = ai1 + ai3;
            // +i (a1 - a3)
            double tr3 = ai3 - ai1;
            double ti3 = ar1 - ar3;
            double c1 = w[t];
            double s1 = w[t + 1];
            double c2 = w[t + 2];
            double s2 = w[t + 3];
            double c3 = w[t + 4];
            double s3 = w[t + 5];
            a[i0] = tr0 + tr2;
            a[i0 + 1] = ti0 + ti2;
            double xr = tr0 - tr2;
            double xi = ti0 - ti2;
            a[i1] = xr * c2 - xi * s2;
            a[i1 + 1] = xi * c2 + xr * s2;
            xr = tr1 + tr3;
            xi = ti1 + ti3;
            a[i2] = xr * c1 - xi * s1;
            a[i2 + 1] = xi * c1 + xr * s1;
            xr = tr1 - tr3;
            xi = ti1 - ti3;
            a[i3] = xr * c3 - xi * s3;
            a[i3 + 1] = xi * c3 + xr * s3;
        }
    }

    /** A radix-2 stage of span 2: {@code (x, y) -> (x + y, x - y)}. */
    static void radix2(double[] a, int off, int len) {
        for (int i = 2 * off, end = 2 * (off + len); i < end; i += 4) {
            double xr = a[i];
            double xi = a[i + 1];
            double yr = a[i + 2];
            double yi = a[i + 3];
            a[i] = xr + yr;
            a[i + 1] = xi + yi;
            a[i + 2] = xr - yr;
            a[i + 3] = xi - yi;
        }
    }
}
