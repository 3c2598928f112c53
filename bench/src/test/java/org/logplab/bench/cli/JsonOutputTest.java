package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --json} every command's standard output is JSON Lines and nothing else (every
 * line one JSON object carrying its provenance); people's lines go to standard error.
 */
class JsonOutputTest {

    /** Commands whose --json run is slow: a test of their own parses every line of it. */
    private static final Map<String, String> COVERED_ELSEWHERE = Map.of(
            "demo", "DemoReportTest.quickDemoWritesTheReportFolder",
            "hop", "HopCommandTest.aShortRunOverIpcReportsTheRepetitionAndTheMedians",
            "versus", "VersusCommandTest.measuresOursBesideTheFloorAndComparesThem",
            "jmh", "JmhCommandTest.theReportGoesToStandardOutputAsJsonLinesAndJmhsTextToStandardError");

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void everyCommandPrintsOnlyJsonLinesWithProvenance(@TempDir Path dir) throws Exception {
        Path jmhResults = dir.resolve("jmh.json");
        Files.writeString(jmhResults, "[" + JmhReportCommandTest.result("ChannelBenchmark.pingPong", "avgt",
                "{\"impl\":\"runtime\"}", 700, 10, "ns/op")
                + "," + JmhReportCommandTest.result("ChannelBenchmark.pingPong", "avgt", "{\"impl\":\"raw\"}", 350, 10,
                "ns/op") + "]");
        int port;
        try (DatagramSocket s = new DatagramSocket(0)) {
            port = s.getLocalPort();
        }
        Map<String, String[]> runs = new LinkedHashMap<>();
        runs.put("measure", new String[] {"--L", "100us", "--o", "20us", "--g", "40us", "--reps", "5", "--n", "4"});
        runs.put("pingpong", new String[] {"--sizes", "8,1k", "--reps", "100"});
        runs.put("scale", new String[] {"--P", "1000"});
        runs.put("collective", new String[] {"--algo", "binomial,tree-reduce", "--P", "4", "--sweep-g", "2,4"});
        runs.put("summation", new String[] {"--P", "4", "--N", "10,20"});
        runs.put("gossip", new String[] {"--n", "3"});
        runs.put("ktree", new String[] {"--m", "2", "--n", "4", "--k", "2"});
        runs.put("fft", new String[] {"--clock", "model", "--n", "2^8", "--p", "1,2"});
        runs.put("jmh-report", new String[] {jmhResults.toString()});
        runs.put("new", new String[] {"demo-algo", "--dir", dir.resolve("new-project").toString()});
        runs.put("balance", new String[] {"--workload", "seed", "--load", "50", "--policy", "none,light"});
        runs.put("node", new String[] {"--peers", "127.0.0.1:" + port, "--node", "0", "--job", "ring", "--P", "2"});
        runs.put("launch", new String[] {"--nodes", "2", "--job", "ring", "--P", "2", "--rounds", "10", "--check"});
        runs.put("streams", new String[] {"--senders", "2", "--messages", "200", "--reps", "1", "--term-length",
                "64k"});
        Path ring = Files.writeString(dir.resolve("Ring.java"), RunCommandTest.RING);
        runs.put("run", new String[] {ring.toString(), "--cache-dir", dir.resolve("run-cache").toString(), "--clock",
            "model,wall", "--P", "2", "--reps", "3"});
        Path pingPong = Files.writeString(dir.resolve("pp.goal"), GoalCommandTest.PING_PONG);
        runs.put("goal", new String[] {pingPong.toString(), "--no-loggopsim", "--clock", "model,wall", "--unit",
            "10ns", "--reps", "3"});

        List<String> untested = new ArrayList<>(CliConventionsTest.commands());
        untested.removeAll(runs.keySet());
        untested.removeAll(COVERED_ELSEWHERE.keySet());
        assertThat(untested).as("commands whose --json output no test parses").isEmpty();

        for (Map.Entry<String, String[]> run : runs.entrySet()) {
            List<String> args = new ArrayList<>(List.of(run.getKey()));
            args.addAll(List.of(run.getValue()));
            args.add("--json");
            String[] argv = args.toArray(String[]::new);
            Instant before = Instant.now();
            CliTest.Outcome o = CliTest.run(argv);
            Instant after = Instant.now();
            assertThat(o.code()).as(String.join(" ", argv) + ": " + o.err()).isZero();
            List<JsonNode> rows = o.json(); // fails on any line that is not JSON
            assertThat(rows).as(run.getKey()).isNotEmpty();
            for (JsonNode row : rows) {
                assertThat(row.isObject()).as(run.getKey() + ": " + row).isTrue();
                CliConventionsTest.assertProvenance(row.get("provenance"), before, after, argv);
            }
        }
    }
}
