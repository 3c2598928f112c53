package org.logplab.balance;

/**
 * A sample mean with its 95 % confidence interval, {@code mean +- halfWidth}, from independent
 * samples (one per seed): Student's t with {@code n - 1} degrees of freedom times the standard
 * error. With one sample the half-width is NaN: one run says nothing about its own spread.
 *
 * @param mean      the sample mean
 * @param halfWidth {@code t(0.975, n-1) s / sqrt(n)}; NaN when {@code n = 1}
 * @param n         the number of samples
 */
public record MeanInterval(double mean, double halfWidth, int n) {
    /** {@code t(0.975, df)} for {@code df = 1..30}. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /**
     * The interval of {@code samples}.
     *
     * @throws IllegalArgumentException if there is no sample or one is not finite
     */
    public static MeanInterval of(double... samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples for a confidence interval");
        }
        double sum = 0;
        for (double x : samples) {
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("a sample is not a finite number: " + x);
            }
            sum += x;
        }
        int n = samples.length;
        double mean = sum / n;
        if (n == 1) {
            return new MeanInterval(mean, Double.NaN, 1);
        }
        double squares = 0;
        for (double x : samples) {
            squares += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        return new MeanInterval(mean, t975(n - 1) * sd / Math.sqrt(n), n);
    }

    /** {@code t(0.975, df)}: the table to 30 degrees of freedom, then the normal quantile's 1.960 with the first
     * correction term. */
    static double t975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, got " + df);
        }
        // Beyond the table: z + (z^3 + z) / (4 df), within 0.001 of the exact quantile there.
        return df <= T975.length ? T975[df - 1] : 1.960 + (1.960 * 1.960 * 1.960 + 1.960) / (4.0 * df);
    }

    /** The lower end. */
    public double low() {
        return mean - halfWidth;
    }

    /** The upper end. */
    public double high() {
        return mean + halfWidth;
    }

    /** Whether the two intervals share a point (always, when either has no width: nothing is known apart). */
    public boolean overlaps(MeanInterval other) {
        if (Double.isNaN(halfWidth) || Double.isNaN(other.halfWidth)) {
            return true;
        }
        return low() <= other.high() && other.low() <= high();
    }
}
