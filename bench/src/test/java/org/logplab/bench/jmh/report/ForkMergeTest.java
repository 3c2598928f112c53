package org.logplab.bench.jmh.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.output.JsonLines;

/** Two runs of one fork each, merged as one run of two forks; every figure worked out by hand. */
class ForkMergeTest {

    /** One result as JMH writes it with {@code -rf json}, one fork of the given iterations; scores as JMH had them. */
    static String result(String impl, double score, String iterations) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"org.logplab.bench.jmh.ChannelBenchmark.pingPong\","
                + "\"mode\":\"avgt\",\"threads\":1,\"forks\":1,\"measurementIterations\":2,"
                + "\"params\":{\"impl\":\"" + impl + "\",\"latency\":\"sampled\"},"
                + "\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":\"NaN\","
                + "\"scoreConfidence\":[\"NaN\",\"NaN\"],"
                + "\"scorePercentiles\":{\"0.0\":0,\"50.0\":0,\"100.0\":0},"
                + "\"scoreUnit\":\"ns/op\",\"rawData\":[[" + iterations + "]]},"
                + "\"secondaryMetrics\":{\"alloc\":{\"score\":1,\"scoreUnit\":\"B/op\",\"rawData\":[[1,1]]}}}";
    }

    @Test
    void theForksOfEveryRunJoinOneResultWhoseScoreIsOverEveryIteration(@TempDir Path dir) throws Exception {
        Path one = Files.writeString(dir.resolve("1.json"),
                "[" + result("raw", 105, "100, 110") + "," + result("runtime", 305, "300, 310") + "]");
        Path two = Files.writeString(dir.resolve("2.json"),
                "[" + result("raw", 125, "120, 130") + "," + result("runtime", 905, "900, 910") + "]");
        Path merged = dir.resolve("merged.json");
        ForkMerge.merge(List.of(one, two), merged);
        JsonNode results = JsonLines.MAPPER.readTree(merged.toFile());
        assertThat(results).hasSize(2);
        JsonNode raw = results.get(0);
        assertThat(raw.path("params").path("impl").asText()).isEqualTo("raw");
        assertThat(raw.path("forks").asInt()).isEqualTo(2);
        assertThat(raw.path("jmhVersion").asText()).isEqualTo("1.37");
        JsonNode metric = raw.path("primaryMetric");
        assertThat(metric.path("rawData").toString()).isEqualTo("[[100,110],[120,130]]");
        // mean of the four iterations: (100 + 110 + 120 + 130) / 4 = 115
        assertThat(metric.path("score").asDouble()).isEqualTo(115.0);
        // JMH's error at 99.9 %: t(0.9995, 3 degrees of freedom) = 12.924 (a t table) times the standard
        // deviation sqrt((15^2 + 5^2 + 5^2 + 15^2) / 3) = sqrt(500 / 3) = 12.910, over sqrt(4) = 2: 83.42
        double error = 12.924 * Math.sqrt(500.0 / 3) / 2;
        assertThat(metric.path("scoreError").asDouble()).isCloseTo(error, within(0.01));
        assertThat(metric.path("scoreConfidence").get(0).asDouble()).isCloseTo(115 - error, within(0.01));
        assertThat(metric.path("scoreConfidence").get(1).asDouble()).isCloseTo(115 + error, within(0.01));
        // the least, the median ((110 + 120) / 2) and the greatest iteration
        assertThat(metric.path("scorePercentiles").path("0.0").asDouble()).isEqualTo(100.0);
        assertThat(metric.path("scorePercentiles").path("50.0").asDouble()).isEqualTo(115.0);
        assertThat(metric.path("scorePercentiles").path("100.0").asDouble()).isEqualTo(130.0);
        assertThat(raw.path("secondaryMetrics").path("alloc").path("rawData").toString())
                .isEqualTo("[[1,1],[1,1]]");
        JsonNode runtime = results.get(1);
        // (300 + 310 + 900 + 910) / 4 = 605; its forks' means 305 and 905
        assertThat(runtime.path("primaryMetric").path("score").asDouble()).isEqualTo(605.0);
        assertThat(Steadiness.forkMeans(runtime)).containsExactly(305.0, 905.0);
        // the merged file is a report like any other
        assertThat(JmhReport.read(merged).problem()).isEmpty();
    }

    @Test
    void aResultOfOneRunKeepsItsOneForkAndTheOrderIsTheFirstSeen() throws Exception {
        JsonNode merged = ForkMerge.merge(List.of(
                JsonLines.MAPPER.readTree("[" + result("raw", 105, "100, 110") + "]"),
                JsonLines.MAPPER.readTree("[" + result("runtime", 305, "300, 310") + "," + result("raw", 125,
                        "120, 130") + "]")));
        assertThat(merged).extracting(r -> r.path("params").path("impl").asText()).containsExactly("raw", "runtime");
        assertThat(merged.get(1).path("forks").asInt()).isEqualTo(1);
        assertThat(merged.get(1).path("primaryMetric").path("score").asDouble()).isEqualTo(305.0); // (300 + 310) / 2
        assertThat(merged.get(0).path("forks").asInt()).isEqualTo(2);
    }

    @Test
    void aResultWithoutRawDataIsRefused() throws Exception {
        JsonNode sample = JsonLines.MAPPER.readTree("[{\"benchmark\":\"x.Y.z\",\"mode\":\"sample\",\"params\":{},"
                + "\"primaryMetric\":{\"score\":1,\"rawDataHistogram\":[]}}]");
        assertThatThrownBy(() -> ForkMerge.merge(List.of(sample, sample)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x.Y.z")
                .hasMessageContaining("no rawData");
    }
}
