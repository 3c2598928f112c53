package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.output.JsonLines;

class CollectiveCommandTest {

    @Test
    void modelClockTimesEqualPredictionsAndEveryMemberGetsTheData() throws Exception {
        CliTest.Outcome o = CliTest.run("collective", "--algo", "binomial,fibonacci,butterfly,tree-reduce", "--P", "37",
                "--root", "5", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("algo").asText()).containsExactly("binomial", "fibonacci", "butterfly",
                "tree-reduce");
        for (JsonNode r : rows) {
            assertThat(r.fieldNames()).toIterable().contains("algo", "P", "L", "o", "g", "clock", "time", "predicted",
                    "ok");
            assertThat(r.get("time").asLong()).isEqualTo(r.get("predicted").asLong());
            assertThat(r.get("ok").asBoolean()).isTrue();
        }
    }

    @Test
    void optimalBroadcastMeetsTheSeedsT8AndAutoSaysWhyItChose() throws Exception {
        // Shou and Chen (1997), Fig. 1: T*(8; 6, 2, 4) = 24; binomial needs ceil(log2 8) * (L + 2o) = 30.
        CliTest.Outcome o = CliTest.run("collective", "--algo", "optimal,binomial,auto", "--P", "8", "--json");
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("time").asLong()).containsExactly(24L, 30L, 24L);
        assertThat(rows.get(2).get("chosen").asText()).isIn("fibonacci", "optimal");
        assertThat(rows.get(2).get("reason").asText()).contains("binomial 30");
        // g far above L + 2o: every tree degenerates to the root sending in turn, and binomial ties optimal.
        JsonNode slowGap = CliTest.run("collective", "--algo", "auto", "--P", "5", "--g", "30", "--json").json().get(0);
        assertThat(slowGap.get("chosen").asText()).isEqualTo("binomial");
        assertThat(slowGap.get("reason").asText()).contains("ties optimal");
    }

    @Test
    void binomialOnAThreeMemberSubsetTakesTwoMessageTimes() throws Exception {
        // Gu, Li and Liu (2002), §2: K = 3 with the source at an end:
        // ceil(log2 3) * (L + 2o) = 2 * 10 = 20
        CliTest.Outcome o = CliTest.run("collective", "--algo", "binomial", "--P", "8", "--dest", "2,5,7", "--root",
                "2", "--json");
        assertThat(o.json().get(0).get("time").asLong()).isEqualTo(20);
    }

    @Test
    void sweepShowsFibonacciWinningAtSmallGapsAndBinomialAtLarge() throws Exception {
        CliTest.Outcome o = CliTest.run("collective", "--algo", "fibonacci", "--P", "1000", "--sweep-g", "2,14",
                "--json");
        List<JsonNode> sweep = o.json().stream().filter(r -> r.has("sweep")).toList();
        assertThat(sweep).extracting(r -> r.get("winner").asText()).containsExactly("fibonacci", "binomial");
    }

    @Test
    void writesATraceOnRequest(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("t.json");
        assertThat(CliTest.run("collective", "--algo", "butterfly", "--P", "6", "--trace", trace.toString()).code())
                .isZero();
        assertThat(JsonLines.MAPPER.readTree(Files.readString(trace)).get("traceEvents").size()).isGreaterThan(0);
    }

    @Test
    void badInputGetsAClearError() {
        assertThat(CliTest.run("collective", "--algo", "nope", "--P", "4").err()).contains("unknown algorithm 'nope'");
        assertThat(CliTest.run("collective", "--algo", "binomial", "--P", "4", "--dest", "1,9", "--root", "1").err())
                .contains("--dest rank 9 is outside 0..3");
        assertThat(CliTest.run("collective", "--algo", "butterfly", "--P", "4", "--dest", "1,2", "--root", "1").err())
                .contains("--dest is for multicasts");
        assertThat(CliTest.run("collective", "--algo", "binomial", "--P", "4", "--clock", "sundial").code())
                .isEqualTo(2);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void wallClockRunsReportPercentiles() throws Exception {
        CliTest.Outcome o = CliTest.run("collective", "--algo", "butterfly", "--P", "2", "--clock", "wall",
                "--L", "20us", "--o", "5us", "--g", "10us", "--reps", "20", "--json");
        JsonNode row = o.json().get(0);
        assertThat(row.get("ok").asBoolean()).isTrue();
        // injection only adds time: no repetition can beat the prediction's L + 2o
        assertThat(row.get("p50_ns").asLong()).isGreaterThanOrEqualTo(30_000);
        assertThat(row.get("p99_ns").asLong()).isGreaterThanOrEqualTo(row.get("p50_ns").asLong());
    }
}
