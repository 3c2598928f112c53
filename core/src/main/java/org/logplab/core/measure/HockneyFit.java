package org.logplab.core.measure;

import java.util.Arrays;

/**
 * The Hockney model {@code t(m) = t0 + m / r_inf} fitted by least squares to (message size,
 * one-way time) points (docs/algorithms.md §10). Times in nanoseconds, sizes in bytes.
 *
 * <p>The fit minimises relative residuals, {@code sum(((t_i - t(m_i)) / t_i)^2)} (weights
 * {@code 1 / t_i^2}): sizes span orders of magnitude (8 B to 1 MB), and an ordinary fit lets the
 * microseconds of noise at the largest size swamp the sub-microsecond times that determine
 * {@code t0} (it can even come out negative). Points that lie on a line are fitted exactly either
 * way. Immutable; any thread.
 *
 * @param t0Nanos start-up time {@code t0}: the time of a zero-byte message, ns
 * @param rInfBytesPerNano asymptotic bandwidth {@code r_inf}, bytes per ns (= GB/s);
 *     {@link Double#POSITIVE_INFINITY} when time does not grow with size
 * @param r2 weighted coefficient of determination of the fit (1 = perfect line; {@code NaN} if
 *     every time is equal)
 */
public record HockneyFit(double t0Nanos, double rInfBytesPerNano, double r2) {

    /**
     * Fits the model to {@code sizes[i] -> nanos[i]}.
     *
     * @throws IllegalArgumentException if the arrays differ in length, hold fewer than two
     *     distinct sizes, or hold a time that is not positive and finite
     */
    public static HockneyFit fit(double[] sizes, double[] nanos) {
        if (sizes.length != nanos.length) {
            throw new IllegalArgumentException("sizes and times differ in length: " + sizes.length + " vs "
                    + nanos.length);
        }
        if (Arrays.stream(sizes).distinct().count() < 2) {
            throw new IllegalArgumentException("a Hockney fit needs at least two distinct message sizes");
        }
        int n = sizes.length;
        double[] w = new double[n];
        double sumW = 0;
        for (int i = 0; i < n; i++) {
            if (!(nanos[i] > 0) || Double.isInfinite(nanos[i])) {
                throw new IllegalArgumentException("one-way times must be positive and finite, got " + nanos[i]
                        + " ns");
            }
            w[i] = 1 / (nanos[i] * nanos[i]);
            sumW += w[i];
        }
        double meanM = 0;
        double meanT = 0;
        for (int i = 0; i < n; i++) {
            meanM += w[i] * sizes[i] / sumW;
            meanT += w[i] * nanos[i] / sumW;
        }
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dm = sizes[i] - meanM;
            double dt = nanos[i] - meanT;
            sxx += w[i] * dm * dm;
            sxy += w[i] * dm * dt;
            syy += w[i] * dt * dt;
        }
        double slope = sxy / sxx;
        double t0 = meanT - slope * meanM;
        double r2 = syy == 0 ? Double.NaN : (sxy * sxy) / (sxx * syy);
        double rInf = slope <= 0 ? Double.POSITIVE_INFINITY : 1 / slope;
        return new HockneyFit(t0, rInf, r2);
    }

    /** {@code r_inf} in GB/s (10^9 bytes per second), numerically equal to bytes per ns. */
    public double rInfGigabytesPerSecond() {
        return rInfBytesPerNano;
    }

    /** Half-performance length {@code m_half = t0 * r_inf}: the size at which half of {@code r_inf} is reached, bytes.
     * */
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
