package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class GossipCommandTest {

    @Test
    void jsonRowsCarryStepsBoundAndSeedFormulaForEveryNAndAlgorithm() throws Exception {
        CliTest.Outcome o = CliTest.run("gossip", "--n", "3,5..6", "--algo", "seed,improved", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("n").asInt() + r.get("algo").asText())
                .containsExactly("3seed", "3improved", "5seed", "5improved", "6seed", "6improved");
        for (JsonNode r : rows) {
            assertThat(r.fieldNames()).toIterable().contains("algo", "n", "steps", "lower_bound", "seed_steps", "ok");
            int n = r.get("n").asInt();
            assertThat(r.get("lower_bound").asInt()).isEqualTo((n * n + n) / 2);
            assertThat(r.get("seed_steps").asInt()).isEqualTo((n * n + 3 * n - 4) / 2);
            assertThat(r.get("ok").asBoolean()).isTrue();
            if (r.get("algo").asText().equals("seed")) {
                assertThat(r.get("steps").asInt()).isEqualTo(r.get("seed_steps").asInt());
            } else {
                assertThat(r.get("steps").asInt()).isLessThan(r.get("seed_steps").asInt())
                        .isGreaterThanOrEqualTo(r.get("lower_bound").asInt());
            }
        }
    }

    @Test
    void tablePrintsBothAlgorithmsByDefault() {
        CliTest.Outcome o = CliTest.run("gossip", "--n", "4");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("lower bound", "seed formula", "steps / bound")
                .containsPattern("4\\s+seed\\s+12\\s+10\\s+12\\s+1\\.2000\\s+yes")
                .containsPattern("4\\s+improved\\s+10\\s+10\\s+12\\s+1\\.0000\\s+yes");
    }

    @Test
    void badInputGetsAClearError() {
        assertThat(CliTest.run("gossip", "--n", "1").err()).contains("--n 1 is outside 2..128");
        assertThat(CliTest.run("gossip", "--n", "4..x").err()).contains("--n takes numbers or ranges A..B, got '4..x'");
        assertThat(CliTest.run("gossip", "--n", "4", "--algo", "flood").err())
                .contains("unknown gossip algorithm 'flood'");
        assertThat(CliTest.run("gossip", "--n", "4", "--algo", "flood").code()).isEqualTo(2);
    }
}
