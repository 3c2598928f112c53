package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhReportCommandTest {

    /** A JMH result in the shape JMH writes with -rf json. */
    static String result(String benchmark, String mode, String params, double score, double error, String unit) {
        return "{\"benchmark\":\"org.logplab.bench.jmh." + benchmark + "\",\"mode\":\"" + mode + "\",\"params\":"
                + params
                + ",\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error + ",\"scoreUnit\":\"" + unit
                + "\"}}";
    }

    @Test
    void pairsOursWithThePeerByMethodOrParameterAndPrintsRatios(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, "[" + String.join(",",
                result("FftBenchmark.ours", "avgt", "{\"logN\":\"10\",\"threads\":\"1\"}", 20, 1, "us/op"),
                result("FftBenchmark.jtransforms", "avgt", "{\"logN\":\"10\",\"threads\":\"1\"}", 25, 1, "us/op"),
                result("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"runtime\"}", 700, 10, "ns/op"),
                result("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"raw\"}", 350, 10, "ns/op"),
                result("ChannelBenchmark.stream", "thrpt", "{\"impl\":\"runtime\"}", 9, 1, "ops/us"),
                result("ChannelBenchmark.stream", "thrpt", "{\"impl\":\"raw\"}", 9.5, 1, "ops/us"),
                result("Lonely.run", "avgt", "{}", 1, 0, "us/op")) + "]");
        CliTest.Outcome o = CliTest.run("jmh-report", file.toString(), "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(3);
        JsonNode fft = rows.get(0);
        assertThat(fft.get("ratio").asDouble()).isCloseTo(20.0 / 25.0, within(1e-12));
        assertThat(fft.get("better").asText()).isEqualTo("ours");
        // 2 transforms of 5 * 1024 * 10 flops in 20 us: 102400 / 20000 ns = 5.12 GFLOPS.
        assertThat(fft.get("ours_gflops").asDouble()).isCloseTo(5.12, within(1e-9));
        JsonNode pingPong = rows.get(1);
        assertThat(pingPong.get("benchmark").asText()).isEqualTo("ChannelBenchmark.pingPong");
        assertThat(pingPong.get("ratio").asDouble()).isCloseTo(2.0, within(1e-12));
        assertThat(pingPong.get("better").asText()).isEqualTo("peer");
        assertThat(rows.get(2).get("better").asText()).as("9 +- 1 vs 9.5 +- 1 overlap").isEqualTo("tie");
        assertThat(o.err()).contains("not paired", "Lonely.run");
    }

    @Test
    void pairsEveryOneOfOursWithEveryPeerOfASuiteThatHasSeveral(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.json");
        String params = "{\"logN\":\"20\"}";
        Files.writeString(file, "[" + String.join(",",
                result("ExchangeFftBenchmark.ours", "avgt", params, 10, 0.1, "us/op"),
                result("ExchangeFftBenchmark.oursMasterWorker", "avgt", params, 12, 0.1, "us/op"),
                result("ExchangeFftBenchmark.forkjoin", "avgt", params, 8, 0.1, "us/op"),
                result("ExchangeFftBenchmark.jtransforms", "avgt", params, 16, 0.1, "us/op")) + "]");
        CliTest.Outcome o = CliTest.run("jmh-report", file.toString(), "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("benchmark").asText()).containsExactly(
                "ExchangeFftBenchmark ours/forkjoin", "ExchangeFftBenchmark ours/jtransforms",
                "ExchangeFftBenchmark oursMasterWorker/forkjoin", "ExchangeFftBenchmark oursMasterWorker/jtransforms");
        assertThat(rows).extracting(r -> r.get("ratio").asDouble()).containsExactly(10 / 8.0, 10 / 16.0, 12 / 8.0,
                12 / 16.0);
    }

    @Test
    void reportsTheSpeedupOverOneThreadForEachSide(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("r.json");
        Files.writeString(file, "[" + String.join(",",
                result("FftBenchmark.ours", "avgt", "{\"logN\":\"16\",\"threads\":\"1\"}", 1500, 10, "us/op"),
                result("FftBenchmark.jtransforms", "avgt", "{\"logN\":\"16\",\"threads\":\"1\"}", 1400, 10, "us/op"),
                result("FftBenchmark.ours", "avgt", "{\"logN\":\"16\",\"threads\":\"2\"}", 900, 10, "us/op"),
                result("FftBenchmark.jtransforms", "avgt", "{\"logN\":\"16\",\"threads\":\"2\"}", 1120, 10, "us/op"))
                + "]");
        CliTest.Outcome o = CliTest.run("jmh-report", file.toString(), "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> scaling = o.json().stream().filter(r -> r.get("table").asText().equals("scaling")).toList();
        assertThat(scaling).hasSize(2);
        assertThat(scaling.get(0).get("side").asText()).isEqualTo("ours");
        assertThat(scaling.get(0).get("threads").asInt()).isEqualTo(2);
        assertThat(scaling.get(0).get("speedup").asDouble()).isCloseTo(1500.0 / 900.0, within(1e-12));
        assertThat(scaling.get(1).get("side").asText()).isEqualTo("peer");
        assertThat(scaling.get(1).get("speedup").asDouble()).isCloseTo(1400.0 / 1120.0, within(1e-12));
        assertThat(CliTest.run("jmh-report", file.toString()).out()).contains("speedup over 1 thread", "1.67", "1.25");
    }

    @Test
    void badInputGetsAClearError(@TempDir Path dir) throws Exception {
        assertThat(CliTest.run("jmh-report", dir.resolve("none.json").toString()).err()).contains("no such file");
        Path text = Files.writeString(dir.resolve("t.json"), "not json");
        assertThat(CliTest.run("jmh-report", text.toString()).err()).contains("is not JSON");
        Path object = Files.writeString(dir.resolve("o.json"), "{}");
        assertThat(CliTest.run("jmh-report", object.toString()).err()).contains("not a JMH result array");
    }

    @Test
    void aFileWithoutResultsExitsOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("empty.json");
        Files.writeString(file, "[ ]\n"); // what JMH writes when every benchmark failed
        CliTest.Outcome o = CliTest.run("jmh-report", file.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).startsWith("logplab: jmh-report: " + file + " holds no results");
        assertThat(o.out()).isEmpty();
    }

    @Test
    void aResultWithoutAScoreExitsOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("nan.json");
        Files.writeString(file, "[" + result("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"runtime\"}", 700, 10,
                "ns/op") + ","
                + result("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"raw\"}", 350, 10, "ns/op")
                .replace("350.0", "\"NaN\"") + "]");
        CliTest.Outcome o = CliTest.run("jmh-report", file.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("1 of 2 results", "have no score", "ChannelBenchmark.pingPong");
    }
}
