package org.logplab.fft;

/**
 * The serial complex FFT: in place, iterative radix-4 decimation in frequency (one radix-8
 * step's worth of radix-2 at the end when {@code log2 N} is odd), precomputed twiddles, for any
 * power-of-two {@code N}. The baseline every speedup here is measured against.
 *
 * <pre>{@code
 * double[] a = ...;                    // N = 2^k points, interleaved: a[2i] = re, a[2i+1] = im
 * Fft.forward(a);                      // y_k = sum_n x_n e^{-2 pi i k n / N}
 * Fft.inverse(a);                      // x_n = (1/N) sum_k y_k e^{+2 pi i k n / N}
 * }</pre>
 *
 * <p><b>Layout.</b> Interleaved, as JTransforms' {@code complexForward}: both parts of a point share
 * a cache line, which makes the bit-reversal pass about twice as fast as on split arrays (and the
 * butterflies read four streams instead of eight). {@link #forward(double[], double[])} accepts
 * split arrays too, at the price of two copies. Above 4,096 points the radix-4 stages run
 * depth-first so that sub-transforms work in cache. From 2^11 points on the last two (or three)
 * radix-2 stages run as straight-line codelets fused with the bit-reversal permutation in one
 * cache-blocked pass ({@link FinalPass}); smaller transforms do the codelets in place and permute
 * from a table of swaps. The inverse runs kernels of its own sign and scales inside its last
 * codelets: no pass over the data beyond the forward transform's. Twiddle tables are built once
 * per size and shared (about {@code 24 N} bytes). Thread-safe for distinct arrays.
 */
public final class Fft {

    private Fft() {
    }

    /**
     * The forward DFT of the interleaved array {@code a}, in place, unscaled.
     *
     * @throws IllegalArgumentException if {@code a} is null or its length is not twice a power of two
     */
    public static void forward(double[] a) {
        int log = FftSize.checkInterleaved(a);
        if (log == 0) {
            return;
        }
        transform(a, log, false, 1.0);
    }

    /**
     * The inverse DFT, scaled by {@code 1/N}, so that {@code inverse(forward(a)) == a} to rounding:
     * {@code conj(forward(conj(a))) / N}.
     *
     * @throws IllegalArgumentException as {@link #forward(double[])}
     */
    public static void inverse(double[] a) {
        int log = FftSize.checkInterleaved(a);
        if (log < 2) {
            // No inverse codelet this small: conjugate around the forward transform.
            conjugate(a);
            forward(a);
            scaleConjugate(a, 1.0 / (a.length / 2));
            return;
        }
        transform(a, log, true, 1.0 / (a.length / 2));
    }

    /**
     * The forward transform, or the inverse's multiplied by {@code scale} ({@code log >= 2}): radix-4
     * stages, then the last codelets with the bit reversal. The inverse runs kernels of its own
     * sign (conjugated twiddles, {@code +i}) and scales in its last codelets, so it costs no pass
     * more than the forward transform.
     */
    private static void transform(double[] a, int log, boolean inverse, double scale) {
        int n = 1 << log;
        TwiddleTable table = TwiddleTable.of(n);
        boolean vector = FftKernels.active() == FftKernels.VECTOR;
        if (log < FinalPass.minLog(vector)) {
            Radix4.difInCache(a, 0, n, table, inverse, scale, vector);
            BitReversal.permute(a, log);
        } else {
            Radix4.stages(a, 0, n, table, inverse, vector);
            FinalPass.run(a, log, 0, FinalPass.parts(log), inverse, scale, vector);
        }
    }

    /**
     * The forward DFT of split arrays {@code (re, im)}, in place: interleaves, transforms, splits
     * back (two extra passes; the interleaved form is faster).
     *
     * @throws IllegalArgumentException if an array is null, the lengths differ or are not a power of two
     */
    public static void forward(double[] re, double[] im) {
        FftSize.checkPair(re, im);
        double[] a = ComplexArrays.interleave(re, im);
        forward(a);
        ComplexArrays.split(a, re, im);
    }

    /** The inverse of {@link #forward(double[], double[])}, scaled by {@code 1/N}. */
    public static void inverse(double[] re, double[] im) {
        FftSize.checkPair(re, im);
        double[] a = ComplexArrays.interleave(re, im);
        inverse(a);
        ComplexArrays.split(a, re, im);
    }

    /** The flop count convention of the FFT literature for one transform: {@code 5 N log2 N}. */
    public static double flops(long n) {
        return 5.0 * n * FftSize.log2(n, "N");
    }

    static void conjugate(double[] a) {
        for (int i = 1; i < a.length; i += 2) {
            a[i] = -a[i];
        }
    }

    /** Multiplies real parts by {@code factor} and imaginary parts by {@code -factor}. */
    static void scaleConjugate(double[] a, double factor) {
        scaleConjugate(a, factor, 0, a.length / 2);
    }

    /** {@code a[i] = factor * conj(a[i])} for the points {@code from..to-1}. */
    static void scaleConjugate(double[] a, double factor, int from, int to) {
        for (int i = 2 * from, end = 2 * to; i < end; i += 2) {
            a[i] *= factor;
            a[i + 1] *= -factor;
        }
    }
}
