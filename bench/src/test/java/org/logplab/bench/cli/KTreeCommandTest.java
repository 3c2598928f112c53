package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class KTreeCommandTest {

    @Test
    void jsonRowsCarryRoundsAndBothBoundsForEveryCombination() throws Exception {
        CliTest.Outcome o = CliTest.run("ktree", "--m", "4,6", "--n", "6..7", "--k", "2,3", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("m").asInt() + "/" + r.get("n").asInt() + "/" + r.get("k").asInt())
                .containsExactly("4/6/2", "4/6/3", "4/7/2", "4/7/3", "6/6/2", "6/6/3", "6/7/2", "6/7/3");
        for (JsonNode r : rows) {
            assertThat(r.fieldNames()).toIterable()
                    .contains("algo", "m", "n", "k", "rounds", "upper_bound", "lower_bound", "ok");
            assertThat(r.get("algo").asText()).isEqualTo("ktree");
            assertThat(r.get("ok").asBoolean()).isTrue();
            assertThat(r.get("rounds").asInt()).isBetween(r.get("lower_bound").asInt(), r.get("upper_bound").asInt());
        }
        // n = 7, k = 2, m = 4, worked by hand in KTreeBroadcastTest: 4 rounds, bounds 3 and
        // 2 + max(ceil(log_2 11), 2) = 6. n = 6, k = 3, m = 6: 4 rounds, bounds 3 and 5.
        assertThat(rows.get(2).toString()).contains("\"rounds\":4", "\"upper_bound\":6", "\"lower_bound\":3");
        assertThat(rows.get(5).toString()).contains("\"rounds\":4", "\"upper_bound\":5", "\"lower_bound\":3");
    }

    @Test
    void tablePrintsOneRowPerCombination() {
        CliTest.Outcome o = CliTest.run("ktree", "--m", "10", "--n", "5", "--k", "1");
        assertThat(o.code()).as(o.err()).isZero();
        // A chain of 5 with one port: the last message arrives in round m + n - 2 = 13.
        assertThat(o.out()).contains("lower bound", "upper bound")
                .containsPattern("10\\s+5\\s+1\\s+1\\s+13\\s+12\\s+13\\s+yes");
    }

    @Test
    void badInputGetsAClearErrorAndExitTwo() {
        CliTest.Outcome zero = CliTest.run("ktree", "--m", "3", "--n", "0", "--k", "2");
        assertThat(zero.code()).isEqualTo(2);
        assertThat(zero.err()).contains("--n 0 is outside 1..33554432");
        assertThat(CliTest.run("ktree", "--m", "3", "--n", "4", "--k", "0").err()).contains("--k 0 is outside 1..");
        assertThat(CliTest.run("ktree", "--m", "0", "--n", "4", "--k", "2").err()).contains("--m 0 is outside 1..");
        assertThat(CliTest.run("ktree", "--m", "1..x", "--n", "4", "--k", "2").err())
                .contains("--m takes numbers or ranges A..B, got '1..x'");
        CliTest.Outcome huge = CliTest.run("ktree", "--m", "100000", "--n", "2000", "--k", "4");
        assertThat(huge.code()).isEqualTo(2);
        assertThat(huge.err()).contains("is over the limit 33554432").doesNotContain("Exception");
        assertThat(huge.out()).isEmpty();
        assertThat(CliTest.run("ktree", "--m", "1", "--n", "1..20000", "--k", "2").err())
                .contains("--n lists more than 10000 values");
    }
}
