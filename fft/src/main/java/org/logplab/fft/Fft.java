package org.logplab.fft;

/**
 * The serial complex FFT: in place, iterative radix-4 (radix-2 for the last stage when
 * {@code log2 N} is odd), precomputed twiddles, on split real and imaginary arrays, for any
 * power-of-two {@code N}. The baseline every speedup here is measured against.
 *
 * <pre>{@code
 * double[] re = ..., im = ...;         // N = 2^k samples
 * Fft.forward(re, im);                 // y_k = sum_n x_n e^{-2 pi i k n / N}
 * Fft.inverse(re, im);                 // x_n = (1/N) sum_k y_k e^{+2 pi i k n / N}
 * }</pre>
 *
 * <p>Layout: split arrays are the faster layout for these kernels; {@link ComplexArrays} converts
 * from and to the interleaved {@code re0, im0, re1, im1, ...} arrays of JTransforms. Above 4,096
 * points the transform runs depth-first so that sub-transforms work in cache. Twiddle tables are
 * built once per size and shared (about {@code 24 N} bytes). Thread-safe for distinct arrays.
 */
public final class Fft {

    private Fft() {
    }

    /**
     * The forward DFT of {@code (re, im)}, in place, unscaled.
     *
     * @throws IllegalArgumentException if an array is null, the lengths differ or are not a
     *     power of two
     */
    public static void forward(double[] re, double[] im) {
        int log = FftSize.checkPair(re, im);
        if (log == 0) {
            return;
        }
        Radix4.dif(re, im, 0, re.length, TwiddleTable.of(re.length));
        BitReversal.permute(re, im, log);
    }

    /**
     * The inverse DFT, scaled by {@code 1/N}, so that {@code inverse(forward(x)) == x} to rounding.
     * Computed as a forward transform with the real and imaginary parts swapped, which conjugates
     * input and output at no cost.
     *
     * @throws IllegalArgumentException as {@link #forward}
     */
    public static void inverse(double[] re, double[] im) {
        FftSize.checkPair(re, im);
        forward(im, re);
        scale(re, im, 1.0 / re.length);
    }

    /** The flop count convention of the FFT literature for one transform: {@code 5 N log2 N}. */
    public static double flops(long n) {
        return 5.0 * n * FftSize.log2(n, "N");
    }

    static void scale(double[] re, double[] im, double factor) {
        for (int i = 0; i < re.length; i++) {
            re[i] *= factor;
            im[i] *= factor;
        }
    }
}
