package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.core.LatencySampling;
import picocli.CommandLine;

/**
 * {@code --latency all|sampled|off|1/N}: the sampling is printed beside every latency figure and
 * written into the {@code .hgrm} header, off prints none, a bad value is a usage error, and the
 * cluster options pass it on to the nodes.
 */
class LatencyOptionTest {
    /** A short wall-clock collective with nothing injected: unrecorded messages carry no stamps at all. */
    private static CliTest.Outcome collective(String latency, boolean json) {
        List<String> args = new java.util.ArrayList<>(List.of("collective", "--algo", "butterfly", "--P", "2",
                "--clock", "wall",
                "--L", "0", "--o", "0", "--g", "0", "--reps", "30", "--latency", latency));
        if (json) {
            args.add("--json");
        }
        return CliTest.run(args.toArray(String[]::new));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void offRecordsNothingAndSaysSo() throws Exception {
        CliTest.Outcome o = collective("off", true);
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode row = o.json().get(0);
        assertThat(row.get("ok").asBoolean()).isTrue();
        assertThat(row.get("latency").asText()).isEqualTo("off");
        assertThat(row.get("msg_latency_count").asLong()).isZero();
        assertThat(row.get("msg_latency_p50_ns").isNull()).isTrue();
        assertThat(row.get("msg_latency_p99_ns").isNull()).isTrue();
        // the repetition times do not come from message stamps: they are still there
        assertThat(row.get("p50_ns").asLong()).isPositive();
        CliTest.Outcome text = collective("off", false);
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("start handshakes included, the warm-up not): off, not recorded");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void sampledPrintsTheRateBesideTheFigures() throws Exception {
        CliTest.Outcome text = collective("sampled", false);
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("msg latency", "1 in 64 messages (sampled)");
        JsonNode row = collective("sampled", true).json().get(0);
        assertThat(row.get("latency").asText()).isEqualTo("sampled");
        // each sender's 1st, 65th, ... message: at least one per rank, far fewer than all of them. A run
        // replaces the repetitions begun late, up to twice as many in all, so another run may send up to
        // twice the messages of the one that recorded them all.
        long all = 2 * collective("all", true).json().get(0).get("msg_latency_count").asLong();
        assertThat(row.get("msg_latency_count").asLong()).isBetween(2L, all / 64 + 2);
        assertThat(row.get("msg_latency_p50_ns").asLong()).isPositive();
        JsonNode eighth = collective("1/8", true).json().get(0);
        assertThat(eighth.get("latency").asText()).isEqualTo("1/8");
        assertThat(eighth.get("msg_latency_count").asLong()).isBetween(2L, all / 8 + 2);
    }

    @Test
    void aBadValueIsAUsageErrorNamingTheAcceptedForms() {
        for (String[] args : List.of(
                new String[] {"collective", "--algo", "binomial", "--P", "2", "--latency", "most"},
                new String[] {"collective", "--algo", "binomial", "--P", "2", "--latency", "1/6"},
                new String[] {"demo", "--latency", "most"},
                new String[] {"versus", "--latency", "most"},
                new String[] {"launch", "--job", "ring", "--P", "2", "--latency", "most"},
                new String[] {"node", "--peers", "127.0.0.1:40001", "--node", "0", "--job", "ring", "--P", "2",
                "--latency", "most"})) {
            CliTest.Outcome o = CliTest.run(args);
            assertThat(o.code()).as("%s: %s", String.join(" ", args), o.err()).isEqualTo(2);
            assertThat(o.err()).startsWith("logplab: ").contains("--latency", "all, sampled", "off", "1/N",
                    "power of two")
                    .doesNotContain("Exception");
            assertThat(o.out()).isEmpty();
        }
    }

    @Test
    void theHelpSaysWhatEachChoiceCosts() {
        // picocli wraps the help to the terminal's width: compare with the line breaks folded
        String collective = CliTest.run("help", "collective").out().replaceAll("\\s+", " ");
        assertThat(collective).contains("--latency", "clock reads", "Default all.");
        assertThat(CliTest.run("help", "versus").out().replaceAll("\\s+", " "))
                .contains("--latency", "Default sampled.");
    }

    @Test
    void hgrmHeaderNamesTheSamplingAndTheRestStillParses(@TempDir Path dir) throws Exception {
        Histogram h = new Histogram(3);
        for (int v = 1; v <= 1000; v++) {
            h.recordValue(100L * v);
        }
        Path file = dir.resolve("latency.hgrm");
        LatencyFigures.writeHgrm(file, h, LatencySampling.SAMPLED);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("# latency sampling: 1 in 64 messages (sampled)");
        // HdrHistogram's percentile format below it: a column header, rows of four numbers (the last
        // row three), footer lines starting with '#'; the last row counts every value.
        assertThat(lines.get(1).trim()).isEqualTo("Value     Percentile TotalCount 1/(1-Percentile)");
        List<String[]> rows = lines.stream().skip(2).filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.trim().split("\\s+")).toList();
        assertThat(rows).isNotEmpty().allSatisfy(r -> {
            assertThat(r.length).isBetween(3, 4);
            for (String cell : r) {
                Double.parseDouble(cell);
            }
        });
        assertThat(Double.parseDouble(rows.get(rows.size() - 1)[1])).isEqualTo(1.0);
        assertThat(Long.parseLong(rows.get(rows.size() - 1)[2])).isEqualTo(1000);
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("#[Mean"));
        Path off = dir.resolve("off.hgrm");
        LatencyFigures.writeHgrm(off, new Histogram(3), LatencySampling.OFF);
        assertThat(Files.readAllLines(off)).startsWith("# latency sampling: off", "# no message latency recorded");
    }

    @Test
    void clusterOptionsCarryTheSamplingIntoTheRunConfigAndOnToTheNodes() {
        LaunchCommand launch = new LaunchCommand();
        new CommandLine(launch).parseArgs("--job", "ring", "--P", "4", "--clock", "wall", "--latency", "1/8");
        assertThat(launch.run.config().latency()).isEqualTo(new LatencySampling(8));
        List<String> passedOn = launch.run.asArguments();
        assertThat(passedOn).containsSequence("--latency", "1/8");
        NodeCommand node = new NodeCommand();
        List<String> nodeArgs = new java.util.ArrayList<>(List.of("--peers", "127.0.0.1:40001", "--node", "0"));
        nodeArgs.addAll(passedOn);
        new CommandLine(node).parseArgs(nodeArgs.toArray(String[]::new));
        assertThat(node.run.config()).isEqualTo(launch.run.config());
        LaunchCommand defaults = new LaunchCommand();
        new CommandLine(defaults).parseArgs("--job", "ring", "--P", "4");
        assertThat(defaults.run.config().latency()).isEqualTo(LatencySampling.ALL);
    }
}
