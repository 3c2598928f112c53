package org.logplab.fft;

/** Checks of FFT sizes and arrays, with messages that name the problem. */
final class FftSize {

    private FftSize() {
    }

    /** {@code log2 n} for a power of two {@code n >= 1}; otherwise a clear exception. */
    static int log2(long n, String what) {
        if (n < 1 || Long.bitCount(n) != 1) {
            throw new IllegalArgumentException(what + " must be a power of two (1, 2, 4, ...), got " + n);
        }
        return Long.numberOfTrailingZeros(n);
    }

    /** Checks that {@code re} and {@code im} are non-null, equally long, and a power of two long. */
    static int checkPair(double[] re, double[] im) {
        if (re == null || im == null) {
            throw new IllegalArgumentException("FFT arrays must not be null (re " + (re == null ? "null" : "given")
                    + ", im " + (im == null ? "null" : "given") + ")");
        }
        if (re.length != im.length) {
            throw new IllegalArgumentException("real and imaginary parts differ in length: " + re.length + " vs "
                    + im.length);
        }
        return log2(re.length, "FFT length N");
    }

    /** Checks an interleaved array: non-null, {@code 2N} long with {@code N} a power of two; returns {@code log2 N}. */
    static int checkInterleaved(double[] a) {
        if (a == null) {
            throw new IllegalArgumentException("the FFT array must not be null");
        }
        if (a.length % 2 != 0) {
            throw new IllegalArgumentException("an interleaved complex array has even length (re, im per point), got "
                    + a.length);
        }
        return log2(a.length / 2, "FFT length N (points, half the interleaved array's length)");
    }
}
