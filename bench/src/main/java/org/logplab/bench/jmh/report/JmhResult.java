package org.logplab.bench.jmh.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One benchmark result of JMH's JSON ({@code -rf json}), placed on a side: ours or the peer's, by
 * its method name ({@code ours} / {@code jtransforms}, {@code raw}, ...) or, failing that, by a
 * parameter value ({@code impl = runtime} / {@code raw}). Results whose group is the same differ
 * only in their side and are compared.
 *
 * @param group the class and, where a parameter names the side, the method, then the other parameters
 * @param ours whether it is ours
 * @param side the method or parameter value that names its side
 * @param mode JMH's mode ({@code avgt}, {@code thrpt}, ...)
 * @param unit the score's unit ({@code ns/op}, {@code ops/us}, ...)
 * @param score the score, in {@code unit}
 * @param error the score's error bar, in {@code unit}; 0 when JMH gave none
 * @param params the parameters, without the one that names the side
 * @param forks the forks JMH measured it in ({@code rawData}'s length; 0 when the file has no {@code rawData})
 * @param steadiness what its per-fork means say; null for fewer than two forks
 */
record JmhResult(String group, boolean ours, String side, String mode, String unit, double score, double error,
        Map<String, String> params, int forks, Steadiness steadiness) {
    private static final Set<String> OURS = Set.of("ours", "runtime", "logplab");
    private static final Set<String> PEERS = Set.of("peer", "raw", "jtransforms", "jdk", "forkjoinpool", "forkjoin");

    /** The benchmark's name: its class, and its method where a parameter names the side. */
    String name() {
        return group.substring(0, group.indexOf(' '));
    }

    /** Whether the score is a time per operation (lower is better) rather than a throughput. */
    boolean timeMode() {
        return !mode.equals("thrpt");
    }

    /** {@code Class.method} of a benchmark's full name ({@code org.logplab.bench.jmh.Class.method}). */
    static String shortName(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        return benchmark.substring(benchmark.lastIndexOf('.', Math.max(dot - 1, 0)) + 1);
    }

    /** The result of one element of JMH's array, or null when neither its method nor a parameter names a side. */
    static JmhResult parse(JsonNode b) {
        String name = shortName(b.path("benchmark").asText());
        int dot = name.lastIndexOf('.');
        String className = name.substring(0, Math.max(dot, 0));
        String method = name.substring(dot + 1);
        Map<String, String> params = new TreeMap<>();
        for (Map.Entry<String, JsonNode> p : b.path("params").properties()) {
            params.put(p.getKey(), p.getValue().asText());
        }
        Boolean ours = side(method);
        String group;
        String sideName = method;
        if (ours != null) {
            group = className + " " + params;
        } else {
            String sideParam = null;
            for (Map.Entry<String, String> p : params.entrySet()) {
                if (side(p.getValue()) != null) {
                    sideParam = p.getKey();
                    sideName = p.getValue();
                    ours = side(p.getValue());
                }
            }
            if (sideParam == null) {
                return null;
            }
            params.remove(sideParam);
            group = className + "." + method + " " + params;
        }
        JsonNode metric = b.path("primaryMetric");
        double error = metric.path("scoreError").asDouble(0);
        return new JmhResult(group, ours, sideName, b.path("mode").asText(), metric.path("scoreUnit").asText(),
                metric.path("score").asDouble(), Double.isNaN(error) ? 0 : error, params, metric.path("rawData").size(),
                Steadiness.of(b));
    }

    /** Whether {@code name} is ours (true), the peer's (false) or neither (null). */
    private static Boolean side(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return OURS.contains(n) || n.startsWith("ours") ? Boolean.TRUE : PEERS.contains(n) ? Boolean.FALSE : null;
    }
}
