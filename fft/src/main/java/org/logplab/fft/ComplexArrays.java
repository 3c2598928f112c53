package org.logplab.fft;

/**
 * Conversions between the interleaved complex layout of JTransforms ({@code re0, im0, re1, im1,
 * ...}) and the split layout of {@link Fft}.
 */
public final class ComplexArrays {

    private ComplexArrays() {
    }

    /** Real parts of an interleaved array of even length. */
    public static double[] realParts(double[] interleaved) {
        return part(interleaved, 0);
    }

    /** Imaginary parts of an interleaved array of even length. */
    public static double[] imaginaryParts(double[] interleaved) {
        return part(interleaved, 1);
    }

    /** Interleaves {@code re} and {@code im} (equal lengths) into a new array. */
    public static double[] interleave(double[] re, double[] im) {
        if (re == null || im == null || re.length != im.length) {
            throw new IllegalArgumentException("need two non-null arrays of equal length");
        }
        double[] a = new double[2 * re.length];
        for (int i = 0; i < re.length; i++) {
            a[2 * i] = re[i];
            a[2 * i + 1] = im[i];
        }
        return a;
    }

    /** Splits the interleaved {@code a} into {@code re} and {@code im} (each half its length). */
    public static void split(double[] a, double[] re, double[] im) {
        if (a == null || re == null || im == null || re.length != im.length || a.length != 2 * re.length) {
            throw new IllegalArgumentException("split needs an interleaved array twice as long as two equal non-null"
                    + " parts");
        }
        for (int i = 0; i < re.length; i++) {
            re[i] = a[2 * i];
            im[i] = a[2 * i + 1];
        }
    }

    /**
     * Relative RMS error of {@code actual} against {@code expected}, both interleaved and equally
     * long: {@code sqrt(sum |a - e|^2 / sum |e|^2)}, or the absolute RMS when {@code expected} is zero.
     */
    public static double relativeRmsError(double[] actual, double[] expected) {
        if (actual == null || expected == null || actual.length != expected.length) {
            throw new IllegalArgumentException("need two non-null arrays of equal length");
        }
        double err = 0;
        double ref = 0;
        for (int i = 0; i < actual.length; i++) {
            double d = actual[i] - expected[i];
            err += d * d;
            ref += expected[i] * expected[i];
        }
        return ref == 0 ? Math.sqrt(err) : Math.sqrt(err / ref);
    }

    private static double[] part(double[] interleaved, int which) {
        if (interleaved == null || interleaved.length % 2 != 0) {
            throw new IllegalArgumentException("an interleaved complex array has even length, got "
                    + (interleaved == null ? "null" : interleaved.length));
        }
        double[] p = new double[interleaved.length / 2];
        for (int i = 0; i < p.length; i++) {
            p[i] = interleaved[2 * i + which];
        }
        return p;
    }

    /**
     * Scales {@code a} by an exact power of two back to values around {@code 2^-500} once its
     * largest values (sampled at 64 places) have grown past {@code 2^-200}; otherwise leaves it.
     * For timing loops that transform the same array again and again: each forward transform
     * grows the values by about {@code sqrt(N)}, and this keeps them from ever overflowing or
     * turning subnormal (either would change the arithmetic's speed), without rounding anything.
     */
    public static void keepInRange(double[] a) {
        keepInRange(a, 0, a.length);
    }

    /**
     * {@link #keepInRange(double[])} for the doubles {@code from..to-1} of {@code a} alone, so that
     * threads that each own a part of an array can keep their parts in range side by side.
     */
    static void keepInRange(double[] a, int from, int to) {
        int exponent = Math.getExponent(a[from]);
        for (int i = from; i < to; i += Math.max(1, (to - from) / 64)) {
            exponent = Math.max(exponent, Math.getExponent(a[i]));
        }
        if (exponent > -200) {
            int shift = -500 - exponent;
            for (int i = from; i < to; i++) {
                a[i] = Math.scalb(a[i], shift);
            }
        }
    }

    /**
     * {@code points} random complex points (interleaved), Gaussian times {@code 2^-500}: input
     * for timing loops, in the range {@link #keepInRange} keeps repeated transforms in.
     */
    public static double[] randomTiny(int points, long seed) {
        java.util.Random random = new java.util.Random(seed);
        double[] a = new double[2 * points];
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.scalb(random.nextGaussian(), -500);
        }
        return a;
    }
}
