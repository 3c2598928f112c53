package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A wall-clock row far from its prediction says it was disturbed, and the run still exits 0. */
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
        List<String> warnings = o.err().lines().filter(l -> l.startsWith("warning: the host looked busy")).toList();
        assertThat(warnings).hasSize(1);
        assertThat(o.err()).doesNotContain("logplab:");
        CliTest.Outcome text = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L",
                "1ns", "--o", "0",
                "--g", "0", "--reps", "5");
        assertThat(text.out().lines().toList().get(0)).endsWith("ok   disturbed");
        assertThat(text.out().lines().toList().get(2)).endsWith("yes  YES");
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
