package org.logplab.core.measure;

/**
 * The Hockney model {@code t(m) = t0 + m / r_inf} fitted by least squares to (message size,
 * one-way time) points (ALGORITHMS.md §10). Times in nanoseconds, sizes in bytes.
 *
 * @param t0Nanos start-up time {@code t0}: the time of a zero-byte message, ns
 * @param rInfBytesPerNano asymptotic bandwidth {@code r_inf}, bytes per ns (= GB/s);
 *     {@link Double#POSITIVE_INFINITY} when time does not grow with size
 * @param r2 coefficient of determination of the fit (1 = perfect line; {@code NaN} if every
 *     time is equal)
 */
public record HockneyFit(double t0Nanos, double rInfBytesPerNano, double r2) {

    /**
     * Fits the model to {@code sizes[i] -> nanos[i]}.
     *
     * @throws IllegalArgumentException if the arrays differ in length or hold fewer than two
     *     distinct sizes
     */
    public static HockneyFit fit(double[] sizes, double[] nanos) {
        if (sizes.length != nanos.length) {
            throw new IllegalArgumentException("sizes and times differ in length: " + sizes.length + " vs " + nanos.length);
        }
        int n = sizes.length;
        double meanM = 0;
        double meanT = 0;
        for (int i = 0; i < n; i++) {
            meanM += sizes[i] / n;
            meanT += nanos[i] / n;
        }
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dm = sizes[i] - meanM;
            double dt = nanos[i] - meanT;
            sxx += dm * dm;
            sxy += dm * dt;
            syy += dt * dt;
        }
        if (n < 2 || sxx == 0) {
            throw new IllegalArgumentException("a Hockney fit needs at least two distinct message sizes");
        }
        double slope = sxy / sxx;
        double t0 = meanT - slope * meanM;
        double r2 = syy == 0 ? Double.NaN : (sxy * sxy) / (sxx * syy);
        double rInf = slope <= 0 ? Double.POSITIVE_INFINITY : 1 / slope;
        return new HockneyFit(t0, rInf, r2);
    }

    /** Half-performance length {@code m_half = t0 * r_inf}: the size at which half of {@code r_inf} is reached, bytes. */
    public double mHalfBytes() {
        return t0Nanos * rInfBytesPerNano;
    }

    /** Specific performance {@code pi0 = 1 / t0}, messages per ns. */
    public double pi0PerNano() {
        return 1 / t0Nanos;
    }

    /** The model's one-way time for {@code bytes}, ns. */
    public double predictNanos(double bytes) {
        return t0Nanos + bytes / rInfBytesPerNano;
    }
}
