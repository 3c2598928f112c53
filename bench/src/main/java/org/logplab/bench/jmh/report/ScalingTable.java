package org.logplab.bench.jmh.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;

/**
 * The scaling table of a JMH run whose suites have a {@code threads} parameter: for each side and
 * the other parameters, the time at one thread over the time at each larger count, one row each
 * ({@code table = "scaling"}, {@code benchmark}, {@code side}, {@code params}, {@code threads},
 * {@code speedup}). Only times per operation count; nothing is printed when no result has a
 * {@code threads} parameter.
 */
final class ScalingTable {
    private ScalingTable() {
    }

    /** Prints the speedups over one thread of {@code results}, side by side per configuration. */
    static void print(Output out, List<JmhResult> results) {
        Map<String, Map<Integer, JmhResult>> byConfig = new LinkedHashMap<>();
        for (JmhResult r : results) {
            String threads = r.params().get("threads");
            if (threads == null || !r.unit().endsWith("/op")) {
                continue;
            }
            Map<String, String> others = new TreeMap<>(r.params());
            others.remove("threads");
            String config = r.name() + "\t" + (r.ours() ? "ours" : "peer") + "\t" + others;
            byConfig.computeIfAbsent(config, k -> new TreeMap<>()).put(Integer.parseInt(threads), r);
        }
        Output.Table table = null;
        for (Map.Entry<String, Map<Integer, JmhResult>> e : byConfig.entrySet()) {
            JmhResult one = e.getValue().get(1);
            if (one == null) {
                continue;
            }
            String[] key = e.getKey().split("\t");
            for (Map.Entry<Integer, JmhResult> t : e.getValue().entrySet()) {
                if (t.getKey() == 1) {
                    continue;
                }
                if (table == null) {
                    out.line("");
                    table = out.table(Column.of("benchmark", "benchmark"), Column.of("side", "side"),
                            Column.of("params", "params"), Column.of("threads", "threads"),
                            Column.of("speedup over 1 thread", "speedup", "%.2f"));
                }
                table.add(new Row().put("table", "scaling").put("benchmark", key[0]).put("side", key[1])
                        .put("params", key[2]).put("threads", t.getKey())
                        .put("speedup", one.score() / t.getValue().score()));
            }
        }
        if (table != null) {
            out.line("speedup = time at 1 thread / time at the given threads, same run.");
        }
    }
}
