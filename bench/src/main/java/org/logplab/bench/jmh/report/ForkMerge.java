package org.logplab.bench.jmh.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.output.JsonLines;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The JSON results of several JMH runs of the same benchmarks ({@code -rf json}), merged into one
 * array as if one run had measured them all: one result per benchmark, mode and parameters (in
 * the order they first came), whose forks are those of every run in run order. This is how runs of
 * one fork each ({@code -f 1}) alternate the forks of every parameter set in time and still
 * report like one run of N forks.
 *
 * <p>For the primary metric and each secondary one, {@code rawData} (one list of iteration scores
 * per fork) is concatenated and {@code score}, {@code scoreError}, {@code scoreConfidence} and
 * {@code scorePercentiles} are recomputed over every iteration of every fork the way JMH computes
 * them: its own {@link ListStatistics}, the error at 99.9 % confidence. {@code forks} is the sum
 * over the runs; every other field is the first run's. A result without {@code rawData} (the
 * {@code sample} mode keeps histograms instead) cannot be merged and is refused.
 */
public final class ForkMerge {
    /** The confidence level of JMH's {@code scoreError} and {@code scoreConfidence}. */
    private static final double CONFIDENCE = 0.999;

    private ForkMerge() {
    }

    /**
     * Reads the runs' result files, in run order, and writes their merge to {@code to}.
     *
     * @throws IllegalArgumentException when a file is not a JMH result array or a result has no
     *     {@code rawData}
     */
    public static void merge(List<Path> runs, Path to) throws IOException {
        List<JsonNode> arrays = new ArrayList<>();
        for (Path run : runs) {
            arrays.add(JmhReport.read(run).results());
        }
        JsonLines.MAPPER.writerWithDefaultPrettyPrinter().writeValue(to.toFile(), merge(arrays));
    }

    /** The merge of JMH result arrays, in run order. */
    static ArrayNode merge(List<JsonNode> runs) {
        Map<String, ObjectNode> merged = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            for (JsonNode result : run) {
                String key = result.path("benchmark").asText() + " " + result.path("mode").asText() + " "
                        + result.path("params");
                ObjectNode into = merged.get(key);
                if (into == null) {
                    merged.put(key, result.deepCopy());
                    continue;
                }
                into.put("forks", into.path("forks").asInt() + result.path("forks").asInt());
                append(rawData(key, into.path("primaryMetric")), rawData(key, result.path("primaryMetric")));
                for (Map.Entry<String, JsonNode> m : result.path("secondaryMetrics").properties()) {
                    // a profiler's metric without forks keeps the first run's figures
                    JsonNode metric = into.path("secondaryMetrics").path(m.getKey());
                    if (metric.path("rawData").isArray() && m.getValue().path("rawData").isArray()) {
                        append(metric.path("rawData"), m.getValue().path("rawData"));
                    }
                }
            }
        }
        for (ObjectNode result : merged.values()) {
            recompute((ObjectNode) result.path("primaryMetric"), rawData(result.path("benchmark").asText(),
                    result.path("primaryMetric")));
            for (JsonNode metric : result.path("secondaryMetrics")) {
                if (metric instanceof ObjectNode m && m.path("rawData").isArray()) {
                    recompute(m, m.path("rawData"));
                }
            }
        }
        ArrayNode out = JsonLines.MAPPER.createArrayNode();
        merged.values().forEach(out::add);
        return out;
    }

    /** Appends the forks of {@code more} to those of {@code into}, two {@code rawData} arrays. */
    private static void append(JsonNode into, JsonNode more) {
        ((ArrayNode) into).addAll((ArrayNode) more.deepCopy());
    }

    /** Sets the score and its statistics of {@code metric} from every iteration of its {@code rawData}. */
    private static void recompute(ObjectNode metric, JsonNode rawData) {
        ListStatistics all = new ListStatistics();
        for (JsonNode fork : rawData) {
            fork.forEach(v -> all.addValue(v.asDouble()));
        }
        metric.put("score", all.getMean());
        metric.put("scoreError", all.getMeanErrorAt(CONFIDENCE));
        double[] confidence = all.getConfidenceIntervalAt(CONFIDENCE);
        metric.putArray("scoreConfidence").add(confidence[0]).add(confidence[1]);
        if (metric.get("scorePercentiles") instanceof ObjectNode percentiles) {
            for (String p : percentiles.properties().stream().map(Map.Entry::getKey).toList()) {
                percentiles.put(p, all.getPercentile(Double.parseDouble(p)));
            }
        }
    }

    /** The {@code rawData} of a primary metric, refused where it is missing. */
    private static JsonNode rawData(String what, JsonNode metric) {
        JsonNode raw = metric.path("rawData");
        if (!raw.isArray()) {
            throw new IllegalArgumentException("cannot merge the forks of " + what + ": its result has no rawData"
                    + " (JMH keeps histograms instead in the sample mode; run that without --alternate)");
        }
        return raw;
    }
}
