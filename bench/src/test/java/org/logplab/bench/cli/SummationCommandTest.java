package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummationCommandTest {

    @Test
    void addsTheSeedsEightyTwoOperandsExactlyInTheFiguresTime() throws Exception {
        // Worked by hand in OptimalSummationTest: S*(7; 5, 2, 4), N_S = 49 at T_B = 24; 82 operands
        // need cap(7, T) = 49 + 7(T - 24) >= 82, T = 29. One operand: one member, no additions, time 0.
        CliTest.Outcome o = CliTest.run("summation", "--P", "7", "--N", "82,1", "--L", "5", "--o", "2", "--g", "4",
                "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        JsonNode r = rows.get(0);
        assertThat(r.fieldNames()).toIterable().contains("algo", "P", "N", "L", "o", "g", "clock", "time", "predicted",
                "processors_used", "seed_capacity", "seed_time", "ok");
        assertThat(r.get("time").asLong()).isEqualTo(29);
        assertThat(r.get("predicted").asLong()).isEqualTo(29);
        assertThat(r.get("seed_capacity").asLong()).isEqualTo(49);
        assertThat(r.get("ok").asBoolean()).isTrue();
        assertThat(rows.get(1).get("time").asLong()).isZero();
        assertThat(rows.get(1).get("seed_time").isNull()).isTrue();
    }

    @Test
    void badInputGetsAClearError() {
        CliTest.Outcome o = CliTest.run("summation", "--P", "4", "--N", "0");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("--N values must be at least 1, got 0");
        assertThat(CliTest.run("summation", "--P", "0", "--N", "5").err()).contains("P must be at least 1");
    }
}
