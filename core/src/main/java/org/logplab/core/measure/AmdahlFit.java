package org.logplab.core.measure;

/**
 * Amdahl's law with overhead (Xu, Zhang and Zhang (2009), §2; docs/algorithms.md §11), {@code S(P)
 * = 1 / (F + (1 - F)/P + K1 + K2 P^2)}, fitted by least squares to measured (processors, speedup)
 * points. In {@code 1/S - 1/P = F (1 - 1/P) + K1 + K2 P^2} the unknowns enter linearly, so the fit
 * solves the 3 x 3 normal equations of that form exactly; it needs at least three distinct
 * processor counts. A serial fraction {@code F}, a constant overhead {@code K1} and an overhead
 * growing as {@code P^2}, all in units of the serial time. Immutable.
 *
 * @param serialFraction {@code F}
 * @param k1             {@code K1}, constant overhead
 * @param k2             {@code K2}, overhead per {@code P^2}
 */
public record AmdahlFit(double serialFraction, double k1, double k2) {

    /** The speedup the fitted law predicts on {@code p} processors. */
    public double speedup(double p) {
        return 1 / (serialFraction + (1 - serialFraction) / p + k1 + k2 * p * p);
    }

    /**
     * Fits the law to {@code speedups[i]} measured on {@code processors[i]} processors.
     *
     * @throws IllegalArgumentException if the arrays differ in length, hold fewer than three
     *     distinct processor counts, a count below 1 or a speedup that is not positive and finite
     */
    public static AmdahlFit fit(double[] processors, double[] speedups) {
        if (processors.length != speedups.length) {
            throw new IllegalArgumentException("processor counts and speedups differ in length: "
                    + processors.length + " vs " + speedups.length);
        }
        if (java.util.Arrays.stream(processors).distinct().count() < 3) {
            throw new IllegalArgumentException("an Amdahl fit (F, K1, K2) needs at least three distinct processor"
                    + " counts");
        }
        double[][] a = new double[3][3];
        double[] b = new double[3];
        for (int i = 0; i < processors.length; i++) {
            double p = processors[i];
            double s = speedups[i];
            if (!(p >= 1) || Double.isInfinite(p)) {
                throw new IllegalArgumentException("processor count must be at least 1, got " + p);
            }
            if (!(s > 0) || Double.isInfinite(s)) {
                throw new IllegalArgumentException("speedup must be positive and finite, got " + s + " at P = " + p);
            }
            double[] x = {1 - 1 / p, 1, p * p};
            double y = 1 / s - 1 / p;
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    a[r][c] += x[r] * x[c];
                }
                b[r] += x[r] * y;
            }
        }
        double[] f = solve(a, b);
        return new AmdahlFit(f[0], f[1], f[2]);
    }

    /** Gaussian elimination with partial pivoting on a 3 x 3 system. */
    private static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            double[] row = a[col];
            a[col] = a[pivot];
            a[pivot] = row;
            double t = b[col];
            b[col] = b[pivot];
            b[pivot] = t;
            if (a[col][col] == 0) {
                throw new IllegalArgumentException("the points do not determine F, K1 and K2");
            }
            for (int r = col + 1; r < n; r++) {
                double m = a[r][col] / a[col][col];
                for (int c = col; c < n; c++) {
                    a[r][c] -= m * a[col][c];
                }
                b[r] -= m * b[col];
            }
        }
        double[] x = new double[n];
        for (int r = n - 1; r >= 0; r--) {
            double s = b[r];
            for (int c = r + 1; c < n; c++) {
                s -= a[r][c] * x[c];
            }
            x[r] = s / a[r][r];
        }
        return x;
    }
}
