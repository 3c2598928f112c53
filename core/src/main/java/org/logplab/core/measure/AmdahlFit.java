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
            double[] x = design(p);
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

    /**
     * The fit within the law's meaning, and what that cost: {@code fit} has {@code 0 <= F <= 1},
     * {@code K1 >= 0} and {@code K2 >= 0} (so its speedup at P = 1 is at most 1); {@code free} is
     * the unconstrained least-squares fit; {@code heldAtBounds} names the parameters the bounds
     * held (empty when the free fit was already within them, and then {@code fit} equals it).
     */
    public record Bounded(AmdahlFit fit, AmdahlFit free, java.util.List<String> heldAtBounds) {
        /** Whether a bound changed the fit. */
        public boolean constrained() {
            return !heldAtBounds.isEmpty();
        }
    }

    /**
     * The least-squares fit of {@link #fit} with every parameter where the law gives it a meaning:
     * a serial fraction in [0, 1] and overheads that are not negative (a negative overhead would
     * let the fitted speedup exceed 1 at P = 1). The criterion is a convex quadratic in (F, K1,
     * K2), so its minimum over the box lies on one face of it, with the parameters off that face
     * at the face's own least-squares solution: every face (each parameter free or held at a
     * bound) is solved in closed form and the best that stays within the bounds is taken.
     *
     * @throws IllegalArgumentException as {@link #fit}
     */
    public static Bounded fitBounded(double[] processors, double[] speedups) {
        AmdahlFit free = fit(processors, speedups);
        if (free.serialFraction() >= 0 && free.serialFraction() <= 1 && free.k1() >= 0 && free.k2() >= 0) {
            return new Bounded(free, free, java.util.List.of());
        }
        double[][] bounds = {{Double.NaN, 0, 1}, {Double.NaN, 0}, {Double.NaN, 0}}; // NaN: free
        double[] best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (double f : bounds[0]) {
            for (double k1 : bounds[1]) {
                for (double k2 : bounds[2]) {
                    double[] face = solveFace(processors, speedups, new double[] {f, k1, k2});
                    if (face != null && face[0] >= -1e-12 && face[0] <= 1 + 1e-12 && face[1] >= -1e-12
                            && face[2] >= -1e-12) {
                        double cost = cost(processors, speedups, face);
                        if (cost < bestCost) {
                            bestCost = cost;
                            best = face;
                        }
                    }
                }
            }
        }
        // The face with every parameter held is always within the bounds: best is never null.
        double[] x = {Math.min(1, Math.max(0, best[0])), Math.max(0, best[1]), Math.max(0, best[2])};
        java.util.List<String> held = new java.util.ArrayList<>();
        String[] names = {"F", "K1", "K2"};
        double[] freeX = {free.serialFraction(), free.k1(), free.k2()};
        for (int i = 0; i < 3; i++) {
            if (x[i] != freeX[i] && (x[i] == 0 || i == 0 && x[i] == 1)) {
                held.add(names[i]);
            }
        }
        return new Bounded(new AmdahlFit(x[0], x[1], x[2]), free, java.util.List.copyOf(held));
    }

    /**
     * The least-squares solution with the parameters whose {@code held} entry is a number fixed
     * at it and the others (NaN) free; null when the free ones are not determined.
     */
    private static double[] solveFace(double[] processors, double[] speedups, double[] held) {
        int[] free = java.util.stream.IntStream.range(0, 3).filter(i -> Double.isNaN(held[i])).toArray();
        double[] x = held.clone();
        if (free.length == 0) {
            return x;
        }
        double[][] a = new double[free.length][free.length];
        double[] b = new double[free.length];
        for (int i = 0; i < processors.length; i++) {
            double[] row = design(processors[i]);
            double y = 1 / speedups[i] - 1 / processors[i];
            for (int j = 0; j < 3; j++) {
                if (!Double.isNaN(held[j])) {
                    y -= row[j] * held[j];
                }
            }
            for (int r = 0; r < free.length; r++) {
                for (int c = 0; c < free.length; c++) {
                    a[r][c] += row[free[r]] * row[free[c]];
                }
                b[r] += row[free[r]] * y;
            }
        }
        double[] solved;
        try {
            solved = solve(a, b);
        } catch (IllegalArgumentException singular) {
            return null;
        }
        for (int r = 0; r < free.length; r++) {
            x[free[r]] = solved[r];
        }
        return x;
    }

    /** The sum of squared residuals of the linear form at {@code x = (F, K1, K2)}. */
    private static double cost(double[] processors, double[] speedups, double[] x) {
        double sum = 0;
        for (int i = 0; i < processors.length; i++) {
            double[] row = design(processors[i]);
            double r = 1 / speedups[i] - 1 / processors[i] - (row[0] * x[0] + row[1] * x[1] + row[2] * x[2]);
            sum += r * r;
        }
        return sum;
    }

    /** The coefficients of (F, K1, K2) in {@code 1/S - 1/P} on {@code p} processors. */
    private static double[] design(double p) {
        return new double[] {1 - 1 / p, 1, p * p};
    }

    /** Gaussian elimination with partial pivoting on a small square system. */
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
