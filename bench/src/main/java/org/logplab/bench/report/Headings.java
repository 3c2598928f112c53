package org.logplab.bench.report;

import java.util.Map;
import java.util.Set;

/**
 * The words over a report table's column, with its unit, for a JSON field name: {@code p50_ns}
 * reads {@code median time (ns)}, {@code msg_latency_p99_ns} {@code message latency p99 (ns)},
 * {@code time} {@code time (model units)} or {@code time (ns)} on the wall clock. Fields the
 * table of names lacks are read by rule: underscores become spaces, a suffix {@code _ns} the unit
 * {@code (ns)}, {@code _bytes} {@code (B)}, {@code _ci95} {@code 95 % interval}. The JSON and CSV
 * outputs keep the field names; only the page shows these. Stateless; any thread.
 */
public final class Headings {
    /** The unit of a model-clock time. */
    private static final String MODEL = "model units";
    private static final Map<String, String> FIXED = Map.ofEntries(
            Map.entry("ok", "ok"),
            Map.entry("P", "P (processors)"),
            Map.entry("p", "P (processors)"),
            Map.entry("n", "N (points)"),
            Map.entry("params_ns", "parameters"),
            Map.entry("p50_ns", "median time (ns)"),
            Map.entry("p99_ns", "p99 time (ns)"),
            Map.entry("predicted_ns", "predicted (ns)"),
            Map.entry("reps", "repetitions"),
            Map.entry("discarded", "repetitions discarded"),
            Map.entry("latency", "latencies recorded"),
            Map.entry("msg_latency_count", "message latencies"),
            Map.entry("msg_latency_p50_ns", "message latency p50 (ns)"),
            Map.entry("msg_latency_p99_ns", "message latency p99 (ns)"),
            Map.entry("ratio", "measured / predicted"),
            Map.entry("load_avg_1m", "load average (1 min)"),
            Map.entry("algo", "algorithm"),
            Map.entry("size", "group size"),
            Map.entry("root", "root rank"),
            Map.entry("serial_ns", "serial (ns)"),
            Map.entry("parallel_ns", "parallel (ns)"),
            Map.entry("gflops", "GFLOPS"),
            Map.entry("predicted_speedup", "seed model speedup"),
            Map.entry("predicted_efficiency", "seed model efficiency"),
            Map.entry("machine_predicted_speedup", "machine model speedup"),
            Map.entry("speedup_vs_best", "speedup over the best serial code"),
            Map.entry("best_serial_ns", "best serial (ns)"),
            Map.entry("best_serial_engine", "best serial code"),
            Map.entry("cost_setting", "L/o/g (model units)"),
            Map.entry("load", "load (%)"),
            Map.entry("ratio_to_best", "mean response / best"),
            Map.entry("share_correlation", "work/capacity share correlation"),
            Map.entry("max_avg_load", "max / average load"),
            Map.entry("mean_response_ci95", "mean response 95 % interval (+-, model units)"),
            Map.entry("r_inf_bytes_per_ns", "r_inf (GB/s)"),
            Map.entry("m_half_bytes", "m_half (B)"),
            Map.entry("max_heap_bytes", "maximum heap (B)"),
            Map.entry("jdk", "JDK"),
            Map.entry("os", "OS"),
            Map.entry("timestamp", "start (UTC)"));
    /** Fields that are times: model units, or ns on the wall clock. */
    private static final Set<String> TIMES = Set.of("time", "predicted", "makespan",
            "ideal_makespan", "mean_response", "p99_response", "tree_time", "seed_time", "naive_reduce_time");

    private Headings() {
    }

    /**
     * The heading of {@code field} in a table whose times are wall-clock nanoseconds
     * ({@code wallClock}) or model units.
     */
    public static String of(String field, boolean wallClock) {
        String fixed = FIXED.get(field);
        if (fixed != null) {
            return fixed;
        }
        if (TIMES.contains(field)) {
            return words(field) + " (" + (wallClock ? "ns" : MODEL) + ")";
        }
        if (field.endsWith("_ns")) {
            return words(field.substring(0, field.length() - 3)) + " (ns)";
        }
        if (field.endsWith("_bytes")) {
            return words(field.substring(0, field.length() - 6)) + " (B)";
        }
        if (field.endsWith("_ci95")) {
            return words(field.substring(0, field.length() - 5)) + " 95 % interval";
        }
        return words(field);
    }

    private static String words(String field) {
        String w = field.replace('_', ' ');
        return w.startsWith("msg ") ? "message " + w.substring(4) : w;
    }
}
