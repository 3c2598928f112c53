package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.bench.cli.CliTest;

/** A wall-clock time far from its prediction is marked disturbed, and the run still exits 0. */
class WallToleranceTallyTest {

    @Test
    void aTimeOutsideTheToleranceIsDisturbed() {
        WallTolerance.Tally v = new WallTolerance.Tally();
        // the quiet host's figures, the bounds themselves, and the busy host's
        assertThat(v.judge(102, 100)).isFalse();
        assertThat(v.judge(116, 100)).isFalse();
        assertThat(v.judge(150, 100)).isFalse();
        assertThat(v.judge(90, 100)).isFalse();
        assertThat(v.warning(2)).isEmpty();
        assertThat(v.judge(151, 100)).isTrue();
        assertThat(v.judge(8_300, 100)).isTrue();
        assertThat(v.judge(89, 100)).isTrue();
        String line = v.warning(8).orElseThrow();
        assertThat(line).startsWith("warning: the host looked busy: 3 of 7 wall-clock times are outside 0.9-1.5x their prediction"
                + " (up to 83.0x)");
        if (WallTolerance.loadAverage() != null) {
            assertThat(line).contains("; load average ");
        }
        if (Runtime.getRuntime().availableProcessors() < 8) {
            assertThat(line).contains("; 8 threads on ");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aWallClockRowSaysWhetherItWasDisturbedAndTheRunExitsZero() throws Exception {
        // L = 1 ns: binomial on 2 is predicted at L + 2o = 1 ns, and no real message takes under 2 ns,
        // so the median is far beyond twice the prediction on any host.
        CliTest.Outcome o = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L", "1ns", "--o", "0",
                "--g", "0", "--reps", "5", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode row = o.json().get(0);
        assertThat(row.get("ok").asBoolean()).isTrue();
        assertThat(row.get("disturbed").asBoolean()).isTrue();
        assertThat(row.get("ratio").asDouble()).isGreaterThan(2);
        List<String> warnings = o.err().lines().filter(l -> l.startsWith("warning: the host looked busy")).toList();
        assertThat(warnings).hasSize(1);
        assertThat(o.err()).doesNotContain("logplab:");
        CliTest.Outcome text = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L", "1ns", "--o", "0",
                "--g", "0", "--reps", "5");
        assertThat(text.out().lines().toList().get(0)).endsWith("ok   disturbed");
        assertThat(text.out().lines().toList().get(2)).endsWith("yes  YES");
    }

    @Test
    void nothingInjectedHasNoRatioToJudge() throws Exception {
        JsonNode row = CliTest.run("collective", "--algo", "binomial", "--P", "2", "--clock", "wall", "--L", "0", "--o", "0",
                "--g", "0", "--reps", "3", "--json").json().get(0);
        assertThat(row.get("predicted").asLong()).isZero();
        assertThat(row.get("ratio").isNull()).isTrue();
        assertThat(row.get("disturbed").isNull()).isTrue();
    }
}
