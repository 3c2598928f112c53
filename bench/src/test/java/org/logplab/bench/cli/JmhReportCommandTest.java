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

    /**
     * A result of one fork per mean in {@code forkMeans}, each fork two iterations {@code m - 1} and
     * {@code m + 1} (mean {@code m}); its score the mean of them all, as JMH computes it.
     */
    static String forked(String benchmark, String mode, String params, String unit, double... forkMeans) {
        StringBuilder raw = new StringBuilder();
        double sum = 0;
        for (double m : forkMeans) {
            raw.append(raw.isEmpty() ? "" : ",").append("[").append(m - 1).append(",").append(m + 1).append("]");
            sum += m;
        }
        return result(benchmark, mode, params, sum / forkMeans.length, 10, unit)
                .replace("\"scoreUnit\"", "\"rawData\":[" + raw + "],\"scoreUnit\"");
    }

    @Test
    void judgesEachResultsForksAndComparesLikeWithLike(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("forks.json");
        String none = "{\"delays\":\"none\",\"procs\":\"2\",\"impl\":\"%s\"}";
        Files.writeString(file, "[" + String.join(",",
                // steady (107 / 98 = 1.09) against bimodal (118, 120, 125 | 470, 480: 470 / 125 = 3.76 apart)
                forked("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"raw\"}", "ns/op", 100, 104, 98, 107, 101),
                forked("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"runtime\"}", "ns/op", 120, 480, 118, 125,
                        470),
                // unsteady (402 / 100 = 4.02, no two clean groups) against bimodal (60, 61, 62 | 200, 205)
                forked("ChannelBenchmark.stream", "thrpt", "{\"impl\":\"raw\"}", "ops/us", 257, 402, 185, 100, 155),
                forked("ChannelBenchmark.stream", "thrpt", "{\"impl\":\"runtime\"}", "ops/us", 60, 62, 200, 61, 205),
                // one fork against a steady two (101 / 100)
                forked("CollectiveBenchmark.butterflyAllReduce", "avgt", String.format(none, "raw"), "ns/op", 90),
                forked("CollectiveBenchmark.butterflyAllReduce", "avgt", String.format(none, "runtime"), "ns/op", 100,
                        101)) + "]");
        CliTest.Outcome o = CliTest.run("jmh-report", file.toString(), "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> ratios = o.json().stream().filter(r -> r.get("table").asText().equals("ratio")).toList();
        assertThat(ratios).hasSize(3);
        JsonNode pingPong = ratios.get(0);
        // the means stay JMH's: (120 + 480 + 118 + 125 + 470) / 5 = 262.6 against 510 / 5 = 102
        assertThat(pingPong.get("ratio").asDouble()).isCloseTo(262.6 / 102, within(1e-9));
        assertThat(pingPong.get("ours_steadiness").asText()).isEqualTo("bimodal");
        assertThat(pingPong.get("peer_steadiness").asText()).isEqualTo("steady");
        assertThat(pingPong.get("ours_forks").asInt()).isEqualTo(5);
        // compared: the faster mode's median 120 (forks 120, 118, 125) against the steady side's median 101
        // (98, 100, 101, 104, 107); 120 / 101 = 1.19 > 1.10, a time: the peer is better
        assertThat(pingPong.get("compared").asText()).isEqualTo("faster modes");
        assertThat(pingPong.get("ours_compared").asDouble()).isEqualTo(120.0);
        assertThat(pingPong.get("peer_compared").asDouble()).isEqualTo(101.0);
        assertThat(pingPong.get("compared_ratio").asDouble()).isCloseTo(120.0 / 101, within(1e-12));
        assertThat(pingPong.get("better").asText()).isEqualTo("peer");
        JsonNode stream = ratios.get(1);
        assertThat(stream.get("compared").asText()).isEqualTo("none");
        assertThat(stream.get("compared_ratio").isNull()).isTrue();
        assertThat(stream.get("better").asText()).isEqualTo("unknown");
        JsonNode allReduce = ratios.get(2);
        // neither side bimodal: JMH's means, better by the error bars (|100.5 - 90| = 10.5 <= 10 + 10: a tie)
        assertThat(allReduce.get("compared").asText()).isEqualTo("means");
        assertThat(allReduce.get("compared_ratio").asDouble()).isCloseTo(100.5 / 90, within(1e-12));
        assertThat(allReduce.get("better").asText()).isEqualTo("tie");
        assertThat(allReduce.get("peer_forks").asInt()).isEqualTo(1);
        assertThat(allReduce.get("peer_steadiness").isNull()).isTrue();

        List<JsonNode> steadiness = o.json().stream().filter(r -> r.get("table").asText().equals("steadiness"))
                .toList();
        assertThat(steadiness).extracting(r -> r.get("steadiness").asText())
                .containsExactly("steady", "bimodal", "unsteady", "bimodal", "steady");
        JsonNode bimodal = steadiness.get(1);
        assertThat(bimodal.get("params").get("impl").asText()).isEqualTo("runtime");
        assertThat(bimodal.get("forks").asInt()).isEqualTo(5);
        assertThat(bimodal.get("fork_spread").asDouble()).isCloseTo(480.0 / 118, within(1e-12));
        assertThat(bimodal.get("fork_means").toString()).isEqualTo("[120.0,480.0,118.0,125.0,470.0]");
        assertThat(bimodal.get("modes").toString())
                .isEqualTo("[{\"forks\":[1,3,4],\"median\":120.0},{\"forks\":[2,5],\"median\":475.0}]");
        assertThat(steadiness.get(0).get("modes").isNull()).isTrue();
        assertThat(o.err()).contains("1 of 6 results ran fewer than two forks");

        String text = CliTest.run("jmh-report", file.toString()).out();
        assertThat(text).contains("modes 120.000 | 475.000", "faster modes",
                "ChannelBenchmark.pingPong {impl=runtime}: bimodal, forks 1, 3, 4 at 120 ns/op and forks 2, 5 at"
                        + " 475 ns/op", "the host ran this benchmark in two states", "(262.6) is not a figure",
                "ChannelBenchmark.stream {}: not compared: the peer's side is unsteady (fork means 4.02x apart)",
                "100, 104, 98, 107, 101", "4.02x");
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
