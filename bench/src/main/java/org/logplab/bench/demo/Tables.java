package org.logplab.bench.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.logplab.bench.output.Row;

/** The tour's rows as the report's tables and plots take them: maps of JSON fields, columns of numbers. */
final class Tables {
    private Tables() {
    }

    /**
     * A row's fields, to go into a table of the report; a row whose check failed ({@code ok} false)
     * stays in, and a warning names it.
     */
    static Map<String, Object> checked(TourContext ctx, Row row, String what) {
        if (!row.getBoolean("ok")) {
            ctx.note("warning: check failed: " + what);
        }
        return new LinkedHashMap<>(row.fields());
    }

    /** The rows' fields, each as a map of its own. */
    static List<Map<String, Object>> maps(List<Row> rows) {
        return rows.stream().map(r -> (Map<String, Object>) new LinkedHashMap<>(r.fields()))
                .collect(Collectors.toCollection(ArrayList::new));
    }

    /** The field {@code key} of every row as a number, NaN where it is not one. */
    static double[] column(List<Map<String, Object>> rows, String key) {
        return rows.stream().mapToDouble(r -> r.get(key) instanceof Number v ? v.doubleValue() : Double.NaN).toArray();
    }

    /** A list of numbers or a {@code double[]}, as a {@code double[]}. */
    static double[] toDoubles(Object values) {
        return values instanceof double[] a ? a
                : ((List<?>) values).stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
    }

    /** The rows whose field {@code key} equals {@code value}. */
    static List<Map<String, Object>> where(List<Map<String, Object>> rows, String key, Object value) {
        return rows.stream().filter(r -> value.equals(r.get(key))).toList();
    }
}
