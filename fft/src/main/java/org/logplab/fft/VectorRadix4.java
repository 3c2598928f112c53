package org.logplab.fft;

import java.util.concurrent.ConcurrentHashMap;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector kernels ({@link FftKernels#VECTOR}) on the JDK's incubating Vector API: {@link Radix4}'s
 * radix-4 stages on {@link #POINTS} butterflies at a time, the stage of span {@code 4 POINTS} with
 * its twiddles held in registers, a radix-2 stage of span 8 when {@code log2 N} is odd, and
 * {@link FinalPass}'s last stage with the bit reversal on vectors ({@link #finalRows}). Loaded only
 * when the JVM was started with {@code --add-modules jdk.incubator.vector}.
 *
 * <p>The data stay interleaved. Additions act on real and imaginary parts alike; the complex
 * product {@code x w} is {@code x C + swap(x) S}, with {@code C = (c, c)} and
 * {@code S = (s, -s)} per point (forward sign), {@code swap} exchanging each point's two parts.
 * Multiplying by {@code -i} is a swap and a sign. A stage's table holds only {@code w^j} (the
 * table's doubles, so both kernels start from the same values); {@code w^2j} and {@code w^3j} are
 * formed from it in registers, which reads a third of the twiddle bytes the scalar kernels read
 * and made the stages a third faster at 2^16 points, for a difference of a rounding or two.
 */
final class VectorRadix4 {
    /**
     * The vectors used: the CPU's preferred width, or the narrower one the diagnostic system
     * property {@code logplab.fft.vectorBits} (128, 256 or 512) names, to try a narrower
     * machine's path on a wider one.
     */
    static final VectorSpecies<Double> SPECIES = species(Integer.getInteger("logplab.fft.vectorBits", 0));
    /** Doubles per vector. */
    static final int LANES = SPECIES.length();
    /** Complex points per vector. */
    static final int POINTS = LANES / 2;
    private static final VectorShuffle<Double> SWAP = VectorShuffle.fromOp(SPECIES, i -> i ^ 1);
    /** {@code (1, -1, 1, -1, ...)}. */
    private static final DoubleVector SIGN = DoubleVector.fromArray(SPECIES, alternating(LANES), 0);
    /** The twiddle tables by {@code (n, log)}: {@code n << 6 | log}. */
    private static final ConcurrentHashMap<Long, double[]> TABLES = new ConcurrentHashMap<>();

    private VectorRadix4() {
    }

    private static VectorSpecies<Double> species(int bits) {
        VectorSpecies<Double> preferred = DoubleVector.SPECIES_PREFERRED;
        if (bits == 0) {
            return preferred;
        }
        VectorSpecies<Double> s = switch (bits) {
            case 128 -> DoubleVector.SPECIES_128;
            case 256 -> DoubleVector.SPECIES_256;
            case 512 -> DoubleVector.SPECIES_512;
            default -> throw new IllegalArgumentException("logplab.fft.vectorBits must be 128, 256 or 512, got "
                    + bits);
        };
        if (s.vectorBitSize() > preferred.vectorBitSize()) {
            throw new IllegalArgumentException("logplab.fft.vectorBits=" + bits + " is wider than this CPU's "
                    + preferred.vectorBitSize() + "-bit vectors");
        }
        return s;
    }

    private static double[] alternating(int lanes) {
        double[] s = new double[lanes];
        for (int i = 0; i < lanes; i++) {
            s[i] = (i & 1) == 0 ? 1 : -1;
        }
        return s;
    }

    /**
     * The twiddles of the stage of span {@code 2^log}: per group of {@link #POINTS} butterflies,
     * two vectors {@code C1, S1} ({@code C = (cos, cos)}, {@code S = (sin, -sin)} per point of
     * {@code 2 pi j / m}), taken from {@link TwiddleTable}.
     */
    static double[] table(TwiddleTable scalar, int log) {
        return TABLES.computeIfAbsent((long) scalar.n << 6 | log, key -> build(scalar, log));
    }

    private static double[] build(TwiddleTable scalar, int log) {
        int q = (1 << log) >>> 2;
        int groups = q / POINTS;
        double[] t = new double[groups * 2 * LANES];
        double[] w = scalar.w;
        int base = scalar.offset(log);
        for (int g = 0; g < groups; g++) {
            int c = g * 2 * LANES;
            int s = c + LANES;
            for (int p = 0; p < POINTS; p++) {
                int j = g * POINTS + p;
                double cos = w[base + 6 * j];
                double sin = w[base + 6 * j + 1];
                t[c + 2 * p] = cos;
                t[c + 2 * p + 1] = cos;
                t[s + 2 * p] = sin;
                t[s + 2 * p + 1] = -sin;
            }
        }
        return t;
    }

    /** One radix-4 stage of span {@code m} over the {@code len} points at {@code off}, as {@link Radix4#stage}. */
    static void stage(double[] a, int off, int len, int m, TwiddleTable table, boolean inverse) {
        int q = m >>> 2;
        if (q % POINTS != 0) {
            for (int b = off, end = off + len; b < end; b += m) {
                Radix4.butterfliesScalar(a, b, m, 0, q, table, inverse);
            }
            return;
        }
        if (m == 4 * POINTS) {
            span4Points(a, off, len, inverse);
            return;
        }
        double[] w = table(table, Integer.numberOfTrailingZeros(m));
        for (int b = off, end = off + len; b < end; b += m) {
            if (inverse) {
                inverse(a, b, m, 0, q, w);
            } else {
                forward(a, b, m, 0, q, w);
            }
        }
    }

    /**
     * Butterflies {@code from..to-1} of the span-{@code m} block at point {@code b}, as
     * {@link Radix4#butterflies(double[], int, int, int, int, TwiddleTable, boolean)}; the ends
     * that do not fill a vector go to the scalar loop.
     */
    static void butterflies(double[] a, int b, int m, int from, int to, TwiddleTable table, boolean inverse) {
        int vFrom = Math.min(to, (from + POINTS - 1) / POINTS * POINTS);
        int vTo = Math.max(vFrom, to / POINTS * POINTS);
        if ((m >>> 2) % POINTS != 0 || vFrom >= vTo) {
            Radix4.butterfliesScalar(a, b, m, from, to, table, inverse);
            return;
        }
        if (from < vFrom) {
            Radix4.butterfliesScalar(a, b, m, from, vFrom, table, inverse);
        }
        double[] w = table(table, Integer.numberOfTrailingZeros(m));
        if (inverse) {
            inverse(a, b, m, vFrom, vTo, w);
        } else {
            forward(a, b, m, vFrom, vTo, w);
        }
        if (vTo < to) {
            Radix4.butterfliesScalar(a, b, m, vTo, to, table, inverse);
        }
    }

    private static void forward(double[] a, int b, int m, int from, int to, double[] w) {
        int q2 = m >>> 1;
        for (int i0 = 2 * (b + from), end = 2 * (b + to), t = (from / POINTS) * 2 * LANES; i0 < end;
                i0 += LANES, t += 2 * LANES) {
            int i1 = i0 + q2;
            int i2 = i1 + q2;
            int i3 = i2 + q2;
            DoubleVector x0 = DoubleVector.fromArray(SPECIES, a, i0);
            DoubleVector x1 = DoubleVector.fromArray(SPECIES, a, i1);
            DoubleVector x2 = DoubleVector.fromArray(SPECIES, a, i2);
            DoubleVector x3 = DoubleVector.fromArray(SPECIES, a, i3);
            DoubleVector t0 = x0.add(x2);
            DoubleVector t1 = x0.sub(x2);
            DoubleVector t2 = x1.add(x3);
            // -i (x1 - x3) = swap(x1 - x3) * (1, -1)
            DoubleVector t3 = x1.sub(x3).rearrange(SWAP).mul(SIGN);
            DoubleVector c1 = DoubleVector.fromArray(SPECIES, w, t);
            DoubleVector s1 = DoubleVector.fromArray(SPECIES, w, t + LANES);
            DoubleVector c2 = c1.fma(c1, s1.mul(s1).neg());
            DoubleVector s1x2 = s1.add(s1);
            DoubleVector s2 = c1.mul(s1x2);
            DoubleVector c3 = c1.fma(c2, s1.mul(s2).neg());
            DoubleVector s3 = c1.fma(s2, s1.mul(c2));
            t0.add(t2).intoArray(a, i0);
            multiply(t0.sub(t2), c2, s2).intoArray(a, i1);
            multiply(t1.add(t3), c1, s1).intoArray(a, i2);
            multiply(t1.sub(t3), c3, s3).intoArray(a, i3);
        }
    }

    private static void inverse(double[] a, int b, int m, int from, int to, double[] w) {
        int q2 = m >>> 1;
        for (int i0 = 2 * (b + from), end = 2 * (b + to), t = (from / POINTS) * 2 * LANES; i0 < end;
                i0 += LANES, t += 2 * LANES) {
            int i1 = i0 + q2;
            int i2 = i1 + q2;
            int i3 = i2 + q2;
            DoubleVector x0 = DoubleVector.fromArray(SPECIES, a, i0);
            DoubleVector x1 = DoubleVector.fromArray(SPECIES, a, i1);
            DoubleVector x2 = DoubleVector.fromArray(SPECIES, a, i2);
            DoubleVector x3 = DoubleVector.fromArray(SPECIES, a, i3);
            DoubleVector t0 = x0.add(x2);
            DoubleVector t1 = x0.sub(x2);
            DoubleVector t2 = x1.add(x3);
            // +i (x1 - x3) = swap(x1 - x3) * (-1, 1)
            DoubleVector t3 = x3.sub(x1).rearrange(SWAP).mul(SIGN);
            DoubleVector c1 = DoubleVector.fromArray(SPECIES, w, t);
            DoubleVector s1 = DoubleVector.fromArray(SPECIES, w, t + LANES);
            DoubleVector c2 = c1.fma(c1, s1.mul(s1).neg());
            DoubleVector s1x2 = s1.add(s1);
            DoubleVector s2 = c1.mul(s1x2);
            DoubleVector c3 = c1.fma(c2, s1.mul(s2).neg());
            DoubleVector s3 = c1.fma(s2, s1.mul(c2));
            t0.add(t2).intoArray(a, i0);
            multiplyConjugate(t0.sub(t2), c2, s2).intoArray(a, i1);
            multiplyConjugate(t1.add(t3), c1, s1).intoArray(a, i2);
            multiplyConjugate(t1.sub(t3), c3, s3).intoArray(a, i3);
        }
    }

    /** The twiddles of the stage whose blocks are one vector per quarter: {@code C1, S1, C2, S2, C3, S3}. */
    private static final DoubleVector[] SPAN4P = span4PointsTwiddles();

    private static DoubleVector[] span4PointsTwiddles() {
        int m = 4 * POINTS;
        DoubleVector[] v = new DoubleVector[6];
        for (int k = 1; k <= 3; k++) {
            double[] c = new double[LANES];
            double[] s = new double[LANES];
            for (int j = 0; j < POINTS; j++) {
                double angle = 2 * Math.PI * k * j / m;
                c[2 * j] = Math.cos(angle);
                c[2 * j + 1] = Math.cos(angle);
                s[2 * j] = Math.sin(angle);
                s[2 * j + 1] = -Math.sin(angle);
            }
            v[2 * k - 2] = DoubleVector.fromArray(SPECIES, c, 0);
            v[2 * k - 1] = DoubleVector.fromArray(SPECIES, s, 0);
        }
        return v;
    }

    /** The stage of span {@code 4 POINTS}: one vector per quarter, twiddles held in registers. */
    private static void span4Points(double[] a, int off, int len, boolean inverse) {
        DoubleVector c1 = SPAN4P[0];
        DoubleVector s1 = SPAN4P[1];
        DoubleVector c2 = SPAN4P[2];
        DoubleVector s2 = SPAN4P[3];
        DoubleVector c3 = SPAN4P[4];
        DoubleVector s3 = SPAN4P[5];
        if (inverse) {
            s1 = s1.neg();
            s2 = s2.neg();
            s3 = s3.neg();
        }
        for (int i0 = 2 * off, end = 2 * (off + len); i0 < end; i0 += 4 * LANES) {
            DoubleVector x0 = DoubleVector.fromArray(SPECIES, a, i0);
            DoubleVector x1 = DoubleVector.fromArray(SPECIES, a, i0 + LANES);
            DoubleVector x2 = DoubleVector.fromArray(SPECIES, a, i0 + 2 * LANES);
            DoubleVector x3 = DoubleVector.fromArray(SPECIES, a, i0 + 3 * LANES);
            DoubleVector t0 = x0.add(x2);
            DoubleVector t1 = x0.sub(x2);
            DoubleVector t2 = x1.add(x3);
            DoubleVector d = inverse ? x3.sub(x1) : x1.sub(x3);
            DoubleVector t3 = d.rearrange(SWAP).mul(SIGN);
            t0.add(t2).intoArray(a, i0);
            multiply(t0.sub(t2), c2, s2).intoArray(a, i0 + LANES);
            multiply(t1.add(t3), c1, s1).intoArray(a, i0 + 2 * LANES);
            multiply(t1.sub(t3), c3, s3).intoArray(a, i0 + 3 * LANES);
        }
    }

    /** {@code w8^j} for {@code j = 0..3} as {@code C} and {@code S} vectors, {@code POINTS} points each. */
    private static final double[] SPAN8 = span8();

    private static double[] span8() {
        double[] t = new double[2 * 8];
        for (int j = 0; j < 4; j++) {
            double angle = 2 * Math.PI * j / 8;
            double c = Math.cos(angle);
            double s = Math.sin(angle);
            int g = j / POINTS;
            int p = j % POINTS;
            t[g * 2 * LANES + 2 * p] = c;
            t[g * 2 * LANES + 2 * p + 1] = c;
            t[g * 2 * LANES + LANES + 2 * p] = s;
            t[g * 2 * LANES + LANES + 2 * p + 1] = -s;
        }
        return t;
    }

    /**
     * A radix-2 stage of span 8 over the {@code len} points at {@code off}: points {@code j} and
     * {@code j + 4} of each block of 8 become {@code x + y} and {@code (x - y) w8^j}.
     */
    static void radix2Span8(double[] a, int off, int len, boolean inverse) {
        for (int b = 2 * off, end = 2 * (off + len); b < end; b += 16) {
            for (int j = 0; j < 8; j += LANES) {
                DoubleVector x = DoubleVector.fromArray(SPECIES, a, b + j);
                DoubleVector y = DoubleVector.fromArray(SPECIES, a, b + 8 + j);
                x.add(y).intoArray(a, b + j);
                DoubleVector d = x.sub(y);
                int t = j / LANES * 2 * LANES;
                (inverse ? multiplyConjugate(d, SPAN8, t) : multiply(d, SPAN8, t)).intoArray(a, b + 8 + j);
            }
        }
    }

    /** Two-vector shuffles of the 4 x 4 point transpose (only with {@link #POINTS} = 4). */
    private static final VectorShuffle<Double> EVEN_POINTS = pointShuffle(new int[] {0, 4, 2, 6});
    private static final VectorShuffle<Double> ODD_POINTS = pointShuffle(new int[] {1, 5, 3, 7});
    private static final VectorShuffle<Double> LOW_HALVES = pointShuffle(new int[] {0, 1, 4, 5});
    private static final VectorShuffle<Double> HIGH_HALVES = pointShuffle(new int[] {2, 3, 6, 7});

    /**
     * A shuffle of two vectors of 4 points: output point {@code k} is point {@code p[k]} of the
     * concatenation of both; the second vector's lanes are the exceptional (negative) indexes.
     */
    private static VectorShuffle<Double> pointShuffle(int[] p) {
        if (POINTS != 4) {
            return null;
        }
        int[] lanes = new int[LANES];
        for (int k = 0; k < 4; k++) {
            for (int h = 0; h < 2; h++) {
                int lane = 2 * p[k] + h;
                lanes[2 * k + h] = lane < LANES ? lane : lane - 2 * LANES;
            }
        }
        return VectorShuffle.fromArray(SPECIES, lanes, 0);
    }

    /** Whether {@link #finalRows} can run: vectors of exactly 4 points. */
    static boolean finalRowsVectorized() {
        return POINTS == 4;
    }

    /**
     * {@link FinalPass}'s load with the last radix-4 stage (span 4, no twiddles) on vectors: the 16
     * rows {@code (h, m, *)} of 16 points each, whose stages down to span 16 are done, transformed
     * and transposed into the buffer {@code t}, point {@code c} of row {@code h} to buffer point
     * {@code 16 c + rev h}. Four rows whose reversed indexes are consecutive ({@code r, r + 8,
     * r + 4, r + 12}) go together: a 4 x 4 transpose of their points turns the in-row butterfly
     * into one across vectors, whose outputs are 4 consecutive buffer points.
     */
    static void finalRows(double[] a, int m, int highShift, double[] t, boolean inverse, double scale) {
        for (int r = 0; r < 4; r++) {
            int b = (r >>> 1) | ((r & 1) << 1);
            int s0 = 2 * ((r << highShift) | (m << 4));
            int s1 = 2 * (((r + 8) << highShift) | (m << 4));
            int s2 = 2 * (((r + 4) << highShift) | (m << 4));
            int s3 = 2 * (((r + 12) << highShift) | (m << 4));
            for (int g = 0; g < 4; g++) {
                int o = 8 * g;
                DoubleVector r0 = DoubleVector.fromArray(SPECIES, a, s0 + o);
                DoubleVector r1 = DoubleVector.fromArray(SPECIES, a, s1 + o);
                DoubleVector r2 = DoubleVector.fromArray(SPECIES, a, s2 + o);
                DoubleVector r3 = DoubleVector.fromArray(SPECIES, a, s3 + o);
                DoubleVector e01 = r0.rearrange(EVEN_POINTS, r1);
                DoubleVector o01 = r0.rearrange(ODD_POINTS, r1);
                DoubleVector e23 = r2.rearrange(EVEN_POINTS, r3);
                DoubleVector o23 = r2.rearrange(ODD_POINTS, r3);
                DoubleVector c0 = e01.rearrange(LOW_HALVES, e23);
                DoubleVector c2 = e01.rearrange(HIGH_HALVES, e23);
                DoubleVector c1 = o01.rearrange(LOW_HALVES, o23);
                DoubleVector c3 = o01.rearrange(HIGH_HALVES, o23);
                DoubleVector t0 = c0.add(c2);
                DoubleVector t1 = c0.sub(c2);
                DoubleVector t2 = c1.add(c3);
                DoubleVector t3 = (inverse ? c3.sub(c1) : c1.sub(c3)).rearrange(SWAP).mul(SIGN);
                int d = 2 * (64 * g + 4 * b);
                if (inverse) {
                    t0.add(t2).mul(scale).intoArray(t, d);
                    t0.sub(t2).mul(scale).intoArray(t, d + 32);
                    t1.add(t3).mul(scale).intoArray(t, d + 64);
                    t1.sub(t3).mul(scale).intoArray(t, d + 96);
                } else {
                    t0.add(t2).intoArray(t, d);
                    t0.sub(t2).intoArray(t, d + 32);
                    t1.add(t3).intoArray(t, d + 64);
                    t1.sub(t3).intoArray(t, d + 96);
                }
            }
        }
    }

    /** {@code x (c - i s)} per point: {@code (xr c + xi s, xi c - xr s)}. */
    private static DoubleVector multiply(DoubleVector x, double[] w, int at) {
        return multiply(x, DoubleVector.fromArray(SPECIES, w, at), DoubleVector.fromArray(SPECIES, w, at + LANES));
    }

    private static DoubleVector multiply(DoubleVector x, DoubleVector c, DoubleVector s) {
        return x.rearrange(SWAP).fma(s, x.mul(c));
    }

    /** {@code x (c + i s)} per point: {@code (xr c - xi s, xi c + xr s)}. */
    private static DoubleVector multiplyConjugate(DoubleVector x, double[] w, int at) {
        return multiplyConjugate(x, DoubleVector.fromArray(SPECIES, w, at),
                DoubleVector.fromArray(SPECIES, w, at + LANES));
    }

    private static DoubleVector multiplyConjugate(DoubleVector x, DoubleVector c, DoubleVector s) {
        return x.rearrange(SWAP).fma(s.neg(), x.mul(c));
    }
}
