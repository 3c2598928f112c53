package org.logplab.fft;

import java.util.concurrent.ConcurrentHashMap;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ButterflyExchangeFft}'s own passes on the vector kernels ({@link FftKernels#VECTOR}): the
 * upper rank's twiddle pass of the copying exchange and the half-butterflies of the lent one, on
 * {@link VectorRadix4#POINTS} points at a time. Both form {@code w v} by the same expression, so
 * the two exchange forms still agree to the bit. Loaded only when the JVM has the Vector API.
 */
final class VectorExchange {
    private static final VectorSpecies<Double> SPECIES = VectorRadix4.SPECIES;
    private static final int LANES = VectorRadix4.LANES;
    private static final int POINTS = VectorRadix4.POINTS;
    private static final VectorShuffle<Double> SWAP = VectorShuffle.fromOp(SPECIES, i -> i ^ 1);
    /** Per span, {@link HalfTwiddles}' values laid out per group of {@code POINTS}: {@code C} then {@code S}. */
    private static final ConcurrentHashMap<Integer, double[]> TABLES = new ConcurrentHashMap<>();

    private VectorExchange() {
    }

    /**
     * Whether a block of {@code block} points whose first position in its group's output is
     * {@code first} runs here: both halves of the lent exchange on whole vectors. Decided by the
     * block alone, so the copying and the lent exchange take the same path and agree to the bit.
     */
    static boolean fits(int block, int first) {
        return block % (2 * POINTS) == 0 && first % POINTS == 0;
    }

    private static double[] table(int span) {
        return TABLES.computeIfAbsent(span, s -> {
            HalfTwiddles h = HalfTwiddles.of(s);
            int half = s / 2;
            double[] t = new double[Math.max(half, POINTS) / POINTS * 2 * LANES];
            for (int k = 0; k < half; k++) {
                int c = k / POINTS * 2 * LANES + 2 * (k % POINTS);
                t[c] = h.cos[k];
                t[c + 1] = h.cos[k];
                t[c + LANES] = h.sin[k];
                t[c + LANES + 1] = -h.sin[k];
            }
            return t;
        });
    }

    /** {@code w v}, {@code w = cos - i sin}, per point: the one expression both passes use. */
    private static DoubleVector times(DoubleVector v, double[] w, int at) {
        DoubleVector c = DoubleVector.fromArray(SPECIES, w, at);
        DoubleVector s = DoubleVector.fromArray(SPECIES, w, at + LANES);
        return v.rearrange(SWAP).fma(s, v.mul(c));
    }

    /** As {@link ButterflyExchangeFft#twiddle}, for a block that {@link #fits}. */
    static void twiddle(double[] a, double[] snapshot, int first, int span) {
        double[] w = table(span);
        for (int x = 0, t = first / POINTS * 2 * LANES; x < a.length; x += LANES, t += 2 * LANES) {
            DoubleVector wv = times(DoubleVector.fromArray(SPECIES, a, x), w, t);
            wv.intoArray(a, x);
            wv.intoArray(snapshot, x);
        }
    }

    /** As {@link ButterflyExchangeFft#butterflies}, for a block that {@link #fits} and a half of it. */
    static void butterflies(double[] lower, double[] upper, int from, int to, int first, int span,
                            double[] lowerOut, int lowerAt, double[] upperOut, int upperAt) {
        double[] w = table(span);
        for (int x = 2 * from, end = 2 * to, t = (first + from) / POINTS * 2 * LANES; x < end;
                x += LANES, t += 2 * LANES) {
            DoubleVector wv = times(DoubleVector.fromArray(SPECIES, upper, x), w, t);
            DoubleVector u = DoubleVector.fromArray(SPECIES, lower, x);
            u.add(wv).intoArray(lowerOut, lowerAt + x);
            u.sub(wv).intoArray(upperOut, upperAt + x);
        }
    }
}
