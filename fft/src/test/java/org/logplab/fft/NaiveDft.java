package org.logplab.fft;

/** The DFT by its definition, {@code O(N^2)}, with exact-angle twiddles: the oracle for small N. */
final class NaiveDft {

    private NaiveDft() {
    }

    /** Returns {@code {re, im}} of {@code y_k = sum_n x_n e^{sign 2 pi i k n / N}}. */
    static double[][] dft(double[] re, double[] im, int sign) {
        int n = re.length;
        double[] yr = new double[n];
        double[] yi = new double[n];
        for (int k = 0; k < n; k++) {
            double sr = 0;
            double si = 0;
            for (int j = 0; j < n; j++) {
                // Reduce k*j mod n first so the angle is exact for large products.
                double angle = sign * 2 * Math.PI * (((long) k * j) % n) / n;
                double c = Math.cos(angle);
                double s = Math.sin(angle);
                sr += re[j] * c - im[j] * s;
                si += re[j] * s + im[j] * c;
            }
            yr[k] = sr;
            yi[k] = si;
        }
        return new double[][] {yr, yi};
    }

    /** Relative RMS error of {@code (re, im)} against {@code (er, ei)}. */
    static double relativeRms(double[] re, double[] im, double[] er, double[] ei) {
        return ComplexArrays.relativeRmsError(ComplexArrays.interleave(re, im), ComplexArrays.interleave(er, ei));
    }
}
