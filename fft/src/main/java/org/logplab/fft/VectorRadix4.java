package org.logplab.fft;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector kernels ({@link FftKernels#VECTOR}) on the JDK's incubating Vector API: {@link Radix4}'s
 * radix-4 stages on {@link #POINTS} butterflies at a time, and {@link FinalPass}'s rows on vectors
 * ({@link #finalRows}): the stage of span 16 (or the radix-2 stage of span 8 when {@code log2 N} is
 * odd), the last radix-4 stage and the bit reversal's transposes, in one pass. Where vectors hold
 * other than 4 points, and below 2^8 points, the stage of span {@code 4 POINTS} runs with its
 * twiddles in registers, the span-8 radix-2 stage on its own, and the scalar codelets do the last
 * stage. Loaded only when the JVM was started with {@code --add-modules jdk.incubator.vector}.
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
    /** {@code (-1, 1, -1, 1, ...)}. */
    private static final DoubleVector NEG_SIGN = SIGN.neg();

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
        double[] t = scalar.vectorTables.get(log);
        if (t == null) {
            // Two threads may both build it: the same values, and either one is kept.
            t = build(scalar, log);
            scalar.vectorTables.compareAndSet(log, null, t);
            t = scalar.vectorTables.get(log);
        }
        return t;
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

    /**
     * The stages of the {@code m} points at {@code off} from span {@code m} down, while the span
     * is above {@code last} (16 or 4): radix-4 stages down to span 16 (or 32), then, where the span
     * left is 8 and {@code last} is 4, the radix-2 stage of span 8. Returns the span left: the
     * stages of that span and below are the caller's.
     */
    static int stagesAbove(double[] a, int off, int m, TwiddleTable table, boolean inverse, int last) {
        int span = m;
        for (; span > Math.max(last, 8); span >>>= 2) {
            stage(a, off, m, span, table, inverse);
        }
        if (span == 8 && last < 8) {
            radix2Span8(a, off, m, inverse);
            span = 4;
        }
        return span;
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
            butterflyLoop(a, b, m, 0, q, w, inverse);
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
        butterflyLoop(a, b, m, vFrom, vTo, table(table, Integer.numberOfTrailingZeros(m)), inverse);
        if (vTo < to) {
            Radix4.butterfliesScalar(a, b, m, vTo, to, table, inverse);
        }
    }

    /**
     * Vector butterflies {@code from..to-1} (multiples of {@link #POINTS}) of the span-{@code m}
     * block at point {@code b}; the inverse's sign is a branch the JIT takes out of the loop.
     */
    private static void butterflyLoop(double[] a, int b, int m, int from, int to, double[] w, boolean inverse) {
        int q2 = m >>> 1;
        int stride = 2 * LANES;
        for (int i0 = 2 * (b + from), end = 2 * (b + to), t = (from / POINTS) * stride; i0 < end;
                i0 += LANES, t += stride) {
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
            // t1 +- (-i)(x1 - x3) with (-i) d = swap(d) (1, -1), or +i for the inverse: one fused
            // multiply-add each.
            DoubleVector sd = (inverse ? x3.sub(x1) : x1.sub(x3)).rearrange(SWAP);
            DoubleVector c1 = DoubleVector.fromArray(SPECIES, w, t);
            DoubleVector s1 = DoubleVector.fromArray(SPECIES, w, t + LANES);
            // w^2j and w^3j from w^j: the table is a third as large (a stage with all three in
            // its table was 1.3x slower at 2^10-2^12, a stage of them read from memory 1.6x at 2^16).
            DoubleVector c2 = c1.fma(c1, s1.mul(s1).neg());
            DoubleVector s2 = c1.mul(s1.add(s1));
            DoubleVector c3 = c1.fma(c2, s1.mul(s2).neg());
            DoubleVector s3 = c1.fma(s2, s1.mul(c2));
            if (inverse) {
                s1 = s1.neg();
                s2 = s2.neg();
                s3 = s3.neg();
            }
            t0.add(t2).intoArray(a, i0);
            multiply(t0.sub(t2), c2, s2).intoArray(a, i1);
            multiply(sd.fma(SIGN, t1), c1, s1).intoArray(a, i2);
            multiply(sd.fma(NEG_SIGN, t1), c3, s3).intoArray(a, i3);
        }
    }

    /**
     * The twiddles of the stage whose blocks are one vector per quarter, {@code C1, S1, C2, S2,
     * C3, S3} of {@link #LANES} doubles each, and the inverse's (every {@code S} negated). Kept as
     * arrays and loaded where used: a choice between a vector held in a static field and a
     * computed one made the JIT box the result, 69 KB per inverse transform at 2^12.
     */
    private static final double[] SPAN4P = span4PointsTwiddles(false);
    private static final double[] SPAN4P_INVERSE = span4PointsTwiddles(true);

    private static double[] span4PointsTwiddles(boolean inverse) {
        int m = 4 * POINTS;
        double[] v = new double[6 * LANES];
        for (int k = 1; k <= 3; k++) {
            int c = (2 * k - 2) * LANES;
            int s = c + LANES;
            for (int j = 0; j < POINTS; j++) {
                double angle = 2 * Math.PI * k * j / m;
                double sin = inverse ? -Math.sin(angle) : Math.sin(angle);
                v[c + 2 * j] = Math.cos(angle);
                v[c + 2 * j + 1] = Math.cos(angle);
                v[s + 2 * j] = sin;
                v[s + 2 * j + 1] = -sin;
            }
        }
        return v;
    }

    /** Twiddle vector {@code k} of {@link #SPAN4P} or {@link #SPAN4P_INVERSE}. */
    private static DoubleVector span4p(boolean inverse, int k) {
        return DoubleVector.fromArray(SPECIES, inverse ? SPAN4P_INVERSE : SPAN4P, k * LANES);
    }

    /** The stage of span {@code 4 POINTS}: one vector per quarter, twiddles held in registers. */
    private static void span4Points(double[] a, int off, int len, boolean inverse) {
        for (int i0 = 2 * off, end = 2 * (off + len); i0 < end; i0 += 4 * LANES) {
            span4PointsBlock(a, i0, a, i0, inverse);
        }
    }

    /**
     * One block of the stage of span {@code 4 POINTS}: the {@code 4 POINTS} points at double
     * {@code s} of {@code src} to double {@code d} of {@code dst} (which may be the same place).
     */
    private static void span4PointsBlock(double[] src, int s, double[] dst, int d, boolean inverse) {
        DoubleVector x0 = DoubleVector.fromArray(SPECIES, src, s);
        DoubleVector x1 = DoubleVector.fromArray(SPECIES, src, s + LANES);
        DoubleVector x2 = DoubleVector.fromArray(SPECIES, src, s + 2 * LANES);
        DoubleVector x3 = DoubleVector.fromArray(SPECIES, src, s + 3 * LANES);
        DoubleVector t0 = x0.add(x2);
        DoubleVector t1 = x0.sub(x2);
        DoubleVector t2 = x1.add(x3);
        DoubleVector sd = (inverse ? x3.sub(x1) : x1.sub(x3)).rearrange(SWAP);
        t0.add(t2).intoArray(dst, d);
        multiply(t0.sub(t2), span4p(inverse, 2), span4p(inverse, 3)).intoArray(dst, d + LANES);
        multiply(sd.fma(SIGN, t1), span4p(inverse, 0), span4p(inverse, 1)).intoArray(dst, d + 2 * LANES);
        multiply(sd.fma(NEG_SIGN, t1), span4p(inverse, 4), span4p(inverse, 5)).intoArray(dst, d + 3 * LANES);
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
                DoubleVector s = DoubleVector.fromArray(SPECIES, SPAN8, t + LANES);
                multiply(d, DoubleVector.fromArray(SPECIES, SPAN8, t), inverse ? s.neg() : s).intoArray(a, b + 8 + j);
            }
        }
    }

    // The 4 x 4 point transpose in two steps of one permute and one blend per output vector:
    // points moved up or down by one (then two) places, blended with the vector left in place.
    private static final VectorShuffle<Double> UP1 = pointShuffle(new int[] {0, 0, 2, 2});
    private static final VectorShuffle<Double> DOWN1 = pointShuffle(new int[] {1, 1, 3, 3});
    private static final VectorShuffle<Double> UP2 = pointShuffle(new int[] {0, 1, 0, 1});
    private static final VectorShuffle<Double> DOWN2 = pointShuffle(new int[] {2, 3, 2, 3});
    private static final VectorMask<Double> ODD_POINTS = pointMask(new boolean[] {false, true, false, true});
    private static final VectorMask<Double> HIGH_POINTS = pointMask(new boolean[] {false, false, true, true});

    /** A shuffle of the 4 points of a vector: output point {@code k} is input point {@code p[k]}. */
    private static VectorShuffle<Double> pointShuffle(int[] p) {
        if (POINTS != 4) {
            return null;
        }
        int[] lanes = new int[LANES];
        for (int k = 0; k < 4; k++) {
            lanes[2 * k] = 2 * p[k];
            lanes[2 * k + 1] = 2 * p[k] + 1;
        }
        return VectorShuffle.fromArray(SPECIES, lanes, 0);
    }

    /** A mask of the 4 points of a vector: both lanes of point {@code k} set if {@code set[k]}. */
    private static VectorMask<Double> pointMask(boolean[] set) {
        if (POINTS != 4) {
            return null;
        }
        boolean[] lanes = new boolean[LANES];
        for (int k = 0; k < 4; k++) {
            lanes[2 * k] = set[k];
            lanes[2 * k + 1] = set[k];
        }
        return VectorMask.fromArray(SPECIES, lanes, 0);
    }

    /** Rows {@code r + ROW_SET[k]} of a set have consecutive reversed indexes {@code 4 rev2(r) + k}. */
    private static final int[] ROW_SET = {0, 8, 4, 12};

    /**
     * Whether {@link #finalRows} runs (vectors of exactly 4 points): the vector stages then stop
     * above span 16 and the final pass does the last two stages (three when {@code log2 N} is
     * odd); otherwise they go down to span 8 and the final pass runs the scalar span-4 codelets.
     */
    static final boolean FUSED_FINAL = POINTS == 4;

    /**
     * {@link FinalPass}'s load on vectors: the 16 rows {@code (h, m, *)} of 16 points each, whose
     * stages above span 16 are done, through the stage of span 16 ({@code even}) or the radix-2
     * stage of span 8, then the last radix-4 stage (span 4, no twiddles), transposed into the
     * buffer {@code t}: point {@code c} of row {@code h} to buffer point {@code 16 c + rev h}.
     * Four rows whose reversed indexes are consecutive ({@code r, r + 8, r + 4, r + 12}) go
     * together: a 4 x 4 transpose of their points turns the in-row butterfly into one across
     * vectors, whose outputs are 4 consecutive buffer points. {@code rows} is a scratch of 128
     * doubles.
     */
    static void finalRows(double[] a, int m, int highShift, double[] t, boolean inverse, double scale, boolean even,
                          double[] rows) {
        for (int r = 0; r < 4; r++) {
            int b = (r >>> 1) | ((r & 1) << 1);
            // The stage before the last (radix-4 of span 16, or radix-2 of span 8 when log2 N is
            // odd) on each of the four rows, into the small scratch: a pass over the array saved.
            // Written out here, not called: a helper taken only at odd sizes stayed compiled by
            // C1 (its vector operations on objects) long after this loop was compiled by C2,
            // which made 2^11 and 2^13 3-5x slower in a sweep that came from even sizes.
            for (int k = 0; k < 4; k++) {
                int row = 2 * (((r + ROW_SET[k]) << highShift) | (m << 4));
                int out = 32 * k;
                DoubleVector x0 = DoubleVector.fromArray(SPECIES, a, row);
                DoubleVector x1 = DoubleVector.fromArray(SPECIES, a, row + LANES);
                DoubleVector x2 = DoubleVector.fromArray(SPECIES, a, row + 2 * LANES);
                DoubleVector x3 = DoubleVector.fromArray(SPECIES, a, row + 3 * LANES);
                if (even) {
                    DoubleVector t0 = x0.add(x2);
                    DoubleVector t1 = x0.sub(x2);
                    DoubleVector t2 = x1.add(x3);
                    DoubleVector sd = (inverse ? x3.sub(x1) : x1.sub(x3)).rearrange(SWAP);
                    t0.add(t2).intoArray(rows, out);
                    multiply(t0.sub(t2), span4p(inverse, 2), span4p(inverse, 3)).intoArray(rows, out + LANES);
                    multiply(sd.fma(SIGN, t1), span4p(inverse, 0), span4p(inverse, 1)).intoArray(rows, out + 2 * LANES);
                    multiply(sd.fma(NEG_SIGN, t1), span4p(inverse, 4), span4p(inverse, 5))
                            .intoArray(rows, out + 3 * LANES);
                } else {
                    DoubleVector c = DoubleVector.fromArray(SPECIES, SPAN8, 0);
                    DoubleVector s = DoubleVector.fromArray(SPECIES, SPAN8, LANES);
                    if (inverse) {
                        s = s.neg();
                    }
                    x0.add(x1).intoArray(rows, out);
                    multiply(x0.sub(x1), c, s).intoArray(rows, out + LANES);
                    x2.add(x3).intoArray(rows, out + 2 * LANES);
                    multiply(x2.sub(x3), c, s).intoArray(rows, out + 3 * LANES);
                }
            }
            for (int g = 0; g < 4; g++) {
                int o = 8 * g;
                DoubleVector r0 = DoubleVector.fromArray(SPECIES, rows, o);
                DoubleVector r1 = DoubleVector.fromArray(SPECIES, rows, 32 + o);
                DoubleVector r2 = DoubleVector.fromArray(SPECIES, rows, 64 + o);
                DoubleVector r3 = DoubleVector.fromArray(SPECIES, rows, 96 + o);
                // e01 = (r0[0], r1[0], r0[2], r1[2]), o01 = (r0[1], r1[1], r0[3], r1[3]), ...
                DoubleVector e01 = r0.blend(r1.rearrange(UP1), ODD_POINTS);
                DoubleVector o01 = r0.rearrange(DOWN1).blend(r1, ODD_POINTS);
                DoubleVector e23 = r2.blend(r3.rearrange(UP1), ODD_POINTS);
                DoubleVector o23 = r2.rearrange(DOWN1).blend(r3, ODD_POINTS);
                // c_k = (r0[k], r1[k], r2[k], r3[k])
                DoubleVector c0 = e01.blend(e23.rearrange(UP2), HIGH_POINTS);
                DoubleVector c2 = e01.rearrange(DOWN2).blend(e23, HIGH_POINTS);
                DoubleVector c1 = o01.blend(o23.rearrange(UP2), HIGH_POINTS);
                DoubleVector c3 = o01.rearrange(DOWN2).blend(o23, HIGH_POINTS);
                DoubleVector t0 = c0.add(c2);
                DoubleVector t1 = c0.sub(c2);
                DoubleVector t2 = c1.add(c3);
                DoubleVector sd = (inverse ? c3.sub(c1) : c1.sub(c3)).rearrange(SWAP);
                int d = 2 * (64 * g + 4 * b);
                if (inverse) {
                    t0.add(t2).mul(scale).intoArray(t, d);
                    t0.sub(t2).mul(scale).intoArray(t, d + 32);
                    sd.fma(SIGN, t1).mul(scale).intoArray(t, d + 64);
                    sd.fma(NEG_SIGN, t1).mul(scale).intoArray(t, d + 96);
                } else {
                    t0.add(t2).intoArray(t, d);
                    t0.sub(t2).intoArray(t, d + 32);
                    sd.fma(SIGN, t1).intoArray(t, d + 64);
                    sd.fma(NEG_SIGN, t1).intoArray(t, d + 96);
                }
            }
        }
    }

    /** Copies the 16 points (32 doubles) at {@code s} of {@code src} to {@code d} of {@code dst}. */
    static void copyRow(double[] src, int s, double[] dst, int d) {
        for (int k = 0; k < 32; k += LANES) {
            DoubleVector.fromArray(SPECIES, src, s + k).intoArray(dst, d + k);
        }
    }

    /**
     * {@code x (c - i s)} per point, {@code (xr c + xi s, xi c - xr s)}, with {@code c = (c, c)}
     * and {@code s = (s, -s)}; with {@code s} negated it is {@code x (c + i s)}, the inverse's.
     */
    private static DoubleVector multiply(DoubleVector x, DoubleVector c, DoubleVector s) {
        return x.rearrange(SWAP).fma(s, x.mul(c));
    }
}
