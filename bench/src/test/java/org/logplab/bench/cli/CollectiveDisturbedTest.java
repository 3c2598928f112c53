package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.bench.experiment.WallTolerance;

/**
 * A wall-clock row far from its prediction says it was disturbed, and the run still exits 0; one
 * with more processors than cores is marked oversubscribed and not judged; the prediction shows its
 * unit.
 */
class CollectiveDisturbedTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aWallClockRowSaysWhetherItWasDisturbedAndTheRunExitsZero() throws Exception {
        // L = 1 ns: binomial on 2 is predicted at L + 2o = 1 ns, and no real message takes under 2 ns,
        // so the median is far beyond twice the prediction on any host.
        CliTest.Outcome o = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L", "1ns",
                "--o", "0",
                "--g", "0", "--reps", "5", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode row = o.json().get(0);
        assertThat(row.get("ok").asBoolean()).isTrue();
        assertThat(row.get("disturbed").asBoolean()).isTrue();
        assertThat(row.get("ratio").asDouble()).isGreaterThan(2);
        assertThat(row.get("oversubscribed").asBoolean()).isFalse();
        List<String> warnings = o.err().lines()
                .filter(l -> l.startsWith("warning: 1 of 1 judged wall-clock times are outside")).toList();
        assertThat(warnings).hasSize(1);
        // whether the host is blamed depends on its load average (WallToleranceTallyTest injects one)
        assertThat(warnings.get(0)).containsAnyOf("the host looked busy", "the host was not busy",
                "the load average is unknown");
        assertThat(o.err()).doesNotContain("logplab:");
        CliTest.Outcome text = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L",
                "1ns", "--o", "0",
                "--g", "0", "--reps", "5");
        assertThat(text.out().lines().toList().get(0)).endsWith("ok   oversubscribed  disturbed");
        assertThat(text.out().lines().toList().get(2)).endsWith("yes  no              YES");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void moreProcessorsThanCoresAreMarkedAndNotJudged() throws Exception {
        // One processor more than the cores the verdicts count; L = 1 ns makes any time far beyond the
        // prediction, so a judged row would be disturbed: this one is marked and not judged instead.
        int processors = WallTolerance.cores() + 1;
        CliTest.Outcome o = CliTest.run("collective", "--algo", "binomial", "--P", String.valueOf(processors),
                "--clock", "wall", "--L", "1ns", "--o", "0", "--g", "0", "--reps", "5", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode row = o.json().get(0);
        assertThat(row.get("oversubscribed").asBoolean()).isTrue();
        assertThat(row.get("disturbed").isNull()).isTrue();
        assertThat(row.get("ratio").asDouble()).isGreaterThan(2);
        assertThat(row.get("ok").asBoolean()).as("the data is still checked").isTrue();
        assertThat(o.err()).contains("warning: " + processors + " processors on " + WallTolerance.cores()
                + " cores").doesNotContain("busy").doesNotContain("judged wall-clock times");
        CliTest.Outcome text = CliTest.run("collective", "--algo", "binomial", "--P", String.valueOf(processors),
                "--clock", "wall", "--L", "1ns", "--o", "0", "--g", "0", "--reps", "5");
        assertThat(text.out().lines().toList().get(2)).endsWith("yes  yes             not judged");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void thePredictionIsInNanosecondsWithItsUnit() throws Exception {
        // binomial on 2: L + 2o = 50 us + 2 x 10 us = 70 us = 70,000 ns
        CliTest.Outcome text = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L",
                "50us", "--o", "10us", "--g", "20us", "--reps", "5");
        List<String> lines = text.out().lines().toList();
        int column = lines.get(0).indexOf("predicted");
        assertThat(lines.get(2).substring(column)).startsWith("70,000 ns ");
        JsonNode row = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L", "50us",
                "--o", "10us", "--g", "20us", "--reps", "5", "--json").json().get(0);
        assertThat(row.get("predicted").asLong()).isEqualTo(70_000);
        assertThat(row.get("predicted_ns").asLong()).isEqualTo(70_000);
        assertThat(row.get("warmup").asInt()).isGreaterThanOrEqualTo(5);
    }

    @Test
    void nothingInjectedHasNoRatioToJudge() throws Exception {
        JsonNode row = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L", "0", "--o",
                "0",
                "--g", "0", "--reps", "3", "--json").json().get(0);
        assertThat(row.get("predicted").asLong()).isZero();
        assertThat(row.get("ratio").isNull()).isTrue();
        assertThat(row.get("disturbed").isNull()).isTrue();
    }
}
