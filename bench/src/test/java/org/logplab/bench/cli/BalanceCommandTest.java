package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class BalanceCommandTest {

    @Test
    void printsOneRowPerLoadAndPolicyWithTheDocumentedFields() throws Exception {
        CliTest.Outcome o = CliTest.run("balance", "--workload", "seed", "--load", "50,100", "--policy", "none,light", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(4);
        JsonNode none = rows.get(0);
        assertThat(none.fieldNames()).toIterable().contains("policy", "workload", "load", "makespan", "ideal_makespan",
                "efficiency", "mean_response", "p99_response", "messages_per_task", "migrations_per_task", "tasks", "tasks_done");
        // Load index 50 on capacities 20, 90, 30, 20, 40: W = 10 * 50 * 200 = 100,000, ideal 500; 200 tasks.
        assertThat(none.get("ideal_makespan").asDouble()).isEqualTo(500.0);
        assertThat(none.get("tasks").asLong()).isEqualTo(200);
        assertThat(none.get("tasks_done").asLong()).isEqualTo(200);
        assertThat(none.get("messages_per_task").asDouble()).isZero();
        JsonNode light = rows.get(1);
        assertThat(light.get("makespan").asLong()).as("balancing beats the static split").isLessThan(none.get("makespan").asLong());
        assertThat(light.get("share_correlation").asDouble()).as("stronger nodes carry more").isGreaterThan(0.9);
        assertThat(CliTest.run("balance", "--workload", "seed", "--load", "50,100", "--policy", "none,light", "--json").out())
                .as("model-clock runs are reproducible").isEqualTo(o.out());
    }

    @Test
    void badInputGetsAClearError() {
        assertThat(CliTest.run("balance", "--policy", "greedy").err()).contains("unknown policy 'greedy'");
        assertThat(CliTest.run("balance", "--nodes", "3", "--capacity", "1,2").err()).contains("2 capacities but --nodes is 3");
        assertThat(CliTest.run("balance", "--capacity", "1,0").err()).contains("capacity of node 1 must be positive");
        assertThat(CliTest.run("balance", "--workload", "sunny").err()).contains("unknown workload 'sunny'");
        assertThat(CliTest.run("balance", "--policy", "forkjoin").err()).contains("only under the wall clock");
        assertThat(CliTest.run("balance", "--workload", "uts", "--load", "50").err()).contains("--load applies");
        assertThat(CliTest.run("balance", "--workload", "poisson", "--load", "99").err()).contains("utilisation must be 10..95");
    }
}
