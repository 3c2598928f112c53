package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.bench.cluster.ClusterRun;
import org.logplab.bench.cluster.LocalLaunch;
import picocli.CommandLine;

/** {@code logplab hop}: bad input refused before anything starts; a short run reports both figures per repetition and
 * their medians. */
class HopCommandTest {

    @Test
    void badMediaAndCountsAreRefusedWithOneLine() {
        for (String[] args : List.of(new String[] {"hop", "--media", "carrier-pigeon"}, new String[] {"hop", "--rounds",
                "0"},
                new String[] {"hop", "--reps", "0"})) {
            CliTest.Outcome o = CliTest.run(args);
            assertThat(o.code()).as("exit code of %s; stderr %s", String.join(" ", args), o.err()).isEqualTo(2);
            assertThat(o.err()).startsWith("logplab: ");
            assertThat(o.out()).isEmpty();
        }
        assertThat(CliTest.run("hop", "--media", "carrier-pigeon").err()).contains("--media must be ipc or udp");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aShortRunOverIpcReportsTheRepetitionAndTheMedians() throws Exception {
        CliTest.Outcome o = CliTest.run("hop", "--json", "--rounds", "20", "--reps", "1", "--pingpong-reps", "200");
        assertThat(o.code()).as("stderr: %s", o.err()).isZero();
        List<JsonNode> lines = o.json();
        assertThat(lines).hasSize(2);
        JsonNode r = lines.get(0);
        assertThat(r.get("rep").asInt()).isEqualTo(1);
        assertThat(r.get("media").asText()).isEqualTo("ipc");
        long oneWay = r.get("oneway_ns_p50").asLong();
        long oneWayMean = r.get("oneway_ns_mean").asLong();
        long hop = r.get("hop_ns").asLong();
        assertThat(oneWay).isPositive();
        assertThat(oneWayMean).isPositive();
        assertThat(hop).isPositive();
        // The ratio is the hop over the mean one-way time, to three decimals.
        assertThat(r.get("ratio").asDouble()).isCloseTo((double) hop / oneWayMean, Offset.offset(0.0006));
        assertThat(r.get("ratio_p50").asDouble()).isCloseTo((double) hop / oneWay, Offset.offset(0.0006));
        assertThat(r.get("oneway_ns_max").asLong()).isGreaterThanOrEqualTo(r.get("oneway_ns_p99").asLong());
        assertThat(r.get("oneway_outliers").asDouble()).isBetween(0.0, 1.0);
        assertThat(r.get("oneway_outlier_time").asDouble()).isBetween(0.0, 1.0);
        JsonNode s = lines.get(1);
        assertThat(s.get("summary").asBoolean()).isTrue();
        assertThat(s.get("rounds").asInt()).isEqualTo(20);
        assertThat(s.get("hops").asLong()).isEqualTo(40); // two hops per round of a ring of two ranks
        assertThat(s.get("reps").asInt()).isEqualTo(1);
        // The median of one repetition is that repetition.
        assertThat(s.get("hop_ns").asDouble()).isEqualTo((double) hop);
        assertThat(s.get("oneway_ns_p50").asDouble()).isEqualTo((double) oneWay);
        assertThat(s.get("oneway_ns_mean").asDouble()).isEqualTo((double) oneWayMean);
        assertThat(s.get("ratio").asDouble()).isEqualTo(r.get("ratio").asDouble());
        assertThat(s.get("ratio_p50").asDouble()).isEqualTo(r.get("ratio_p50").asDouble());
        assertThat(s.get("oneway_outlier_time").asDouble()).isEqualTo(r.get("oneway_outlier_time").asDouble());
    }

    @Test
    void theRingIsTheRunOfTheLaunchTheHelpNames() {
        HopCommand hop = new HopCommand();
        new CommandLine(hop).parseArgs("--rounds", "70", "--node-jvm-options", "-Xmx64m -Xss1m");
        LaunchCommand launch = new LaunchCommand();
        new CommandLine(launch).parseArgs("--nodes", "2", "--job", "ring", "--P", "2", "--rounds", "70", "--clock",
                "wall",
                "--L", "0", "--o", "0", "--g", "0");
        ClusterRun ring = hop.options.ring();
        ClusterRun launched = launch.run.run();
        assertThat(ring.nodeArguments()).isEqualTo(launched.nodeArguments());
        assertThat(ring.config()).isEqualTo(launched.config());
        assertThat(ring.sizes()).isEqualTo(launched.sizes());
        assertThat(ring.peerTimeout()).isEqualTo(launched.peerTimeout());
        assertThat(ring.termLength()).isEqualTo(launched.termLength());
        assertThat(hop.options.jvmOptions).containsExactly("-Xmx64m", "-Xss1m");
        // the ring waits for its nodes as long as a launch does by default
        assertThat(launch.options.waitTime()).isEqualTo(LocalLaunch.DEFAULT_WAIT);
    }
}
