package org.logplab.bench.demo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Outliers of the FFT sweep: a speedup below {@code 1/}{@value #FACTOR} or above {@value #FACTOR}
 * times both its neighbours in N for the same engine (a dip or a spike that a curve rising or
 * falling with N never makes). The smallest and largest N have one neighbour and are not judged.
 * Rows: {@code engine}, {@code n}, {@code speedup}. Stateless.
 */
final class FftOutliers {
    /** How far from both neighbours a speedup must lie to be an outlier. */
    static final double FACTOR = 2;
    /** The rule in words, for the report and the findings. */
    static final String RULE = "a speedup below half, or above twice, both its neighbours in N for the same engine";

    private FftOutliers() {
    }

    /** The rows that are outliers, in the order of {@code rows}. */
    static List<Map<String, Object>> of(List<Map<String, Object>> rows) {
        List<Map<String, Object>> found = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            List<Map<String, Object>> curve = rows.stream().filter(r -> row.get("engine").equals(r.get("engine")))
                    .sorted(Comparator.comparingDouble(r -> num(r.get("n")))).toList();
            int i = 0;
            while (curve.get(i) != row) {
                i++;
            }
            if (i <= 0 || i >= curve.size() - 1) {
                continue;
            }
            double s = num(row.get("speedup"));
            double before = num(curve.get(i - 1).get("speedup"));
            double after = num(curve.get(i + 1).get("speedup"));
            if (s * FACTOR < Math.min(before, after) || s > FACTOR * Math.max(before, after)) {
                found.add(row);
            }
        }
        return found;
    }

    private static double num(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
