package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class BalanceCommandTest {

    @Test
    void printsOneRowPerLoadAndPolicyWithTheDocumentedFields() throws Exception {
        CliTest.Outcome o = CliTest.run("balance", "--workload", "seed", "--load", "50,100", "--policy", "none,light",
                "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(4);
        JsonNode none = rows.get(0);
        assertThat(none.fieldNames()).toIterable().contains("policy", "workload", "load", "makespan", "ideal_makespan",
                "efficiency", "mean_response", "p99_response", "messages_per_task", "migrations_per_task", "tasks",
                "tasks_done");
        // Load index 50 on capacities 20, 90, 30, 20, 40: W = 10 * 50 * 200 = 100,000, ideal 500; 200 tasks.
        assertThat(none.get("ideal_makespan").asDouble()).isEqualTo(500.0);
        assertThat(none.get("tasks").asLong()).isEqualTo(200);
        assertThat(none.get("tasks_done").asLong()).isEqualTo(200);
        assertThat(none.get("messages_per_task").asDouble()).isZero();
        JsonNode light = rows.get(1);
        assertThat(light.get("makespan").asLong()).as("balancing beats the static split")
                .isLessThan(none.get("makespan").asLong());
        assertThat(light.get("share_correlation").asDouble()).as("stronger nodes carry more").isGreaterThan(0.9);
        List<JsonNode> again = CliTest.run("balance", "--workload", "seed", "--load", "50,100", "--policy",
                "none,light", "--json").json();
        // the same rows but for the provenance's start time
        again.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).remove("provenance"));
        rows.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).remove("provenance"));
        assertThat(again).as("model-clock runs are reproducible").isEqualTo(rows);
    }

    @Test
    void poissonRowsCarryTheIntervalOfTheMeanOverTheSeeds() throws Exception {
        List<JsonNode> rows = CliTest.run("balance", "--workload", "poisson", "--nodes", "4", "--load", "70",
                "--policy", "stealing", "--tasks", "1000", "--json").json();
        assertThat(rows).hasSize(1);
        // By hand: the five seeds' own means (one run each), Student's t(0.975, 4) = 2.776.
        double[] means = new double[5];
        for (int i = 0; i < 5; i++) {
            means[i] = CliTest.run("balance", "--workload", "poisson", "--nodes", "4", "--load", "70", "--policy",
                    "stealing",
                    "--tasks", "1000", "--reps", "1", "--seed", String.valueOf(1 + i), "--json").json().get(0)
                    .get("mean_response").asDouble();
        }
        double mean = java.util.Arrays.stream(means).average().orElseThrow();
        double squares = java.util.Arrays.stream(means).map(m -> (m - mean) * (m - mean)).sum();
        double halfWidth = 2.776 * Math.sqrt(squares / 4) / Math.sqrt(5);
        assertThat(rows.get(0).get("mean_response").asDouble()).isCloseTo(mean,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(rows.get(0).get("mean_response_ci95").asDouble()).isCloseTo(halfWidth,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(rows.get(0).get("tasks").asLong()).as("5 seeds of 1,000 tasks").isEqualTo(5000);
        assertThat(rows.get(0).get("seeds").asInt()).isEqualTo(5);
    }

    @Test
    void theTableSaysItsTaskCountsAreSummedOverTheSeeds() {
        // --tasks 2000 with the default 5 seeds on the model clock: each row counts 5 x 2,000 = 10,000 tasks
        CliTest.Outcome five = CliTest.run("balance", "--workload", "poisson", "--nodes", "4", "--load", "50",
                "--policy", "none", "--tasks", "2000");
        assertThat(five.code()).as(five.err()).isZero();
        assertThat(five.out()).startsWith("5 seeds x 2,000 tasks per row (seeds 1..5): tasks and done are summed")
                .contains("10000");
        // one seed: no such line, and the row's count is the run's own
        CliTest.Outcome one = CliTest.run("balance", "--workload", "poisson", "--nodes", "4", "--load", "50",
                "--policy", "none", "--tasks", "2000", "--reps", "1", "--json");
        assertThat(one.out()).doesNotContain("seeds x");
        assertThat(one.out()).contains("\"tasks\":2000", "\"seeds\":1");
    }

    @Test
    void theSweepGivesEveryPolicyItsRatioToTheBestUnderEachCostSetting() throws Exception {
        List<JsonNode> rows = CliTest.run("balance", "--workload", "poisson", "--nodes", "4", "--sweep", "--load",
                "30,90",
                "--policy", "none,stealing,adaptive", "--tasks", "600", "--reps", "2", "--json").json();
        assertThat(rows).hasSize(3 * 2 * 3);
        assertThat(rows).extracting(r -> r.get("cost_setting").asText()).containsOnly("2/0/1", "10/2/4", "50/10/20");
        for (JsonNode r : rows) {
            double best = rows.stream().filter(q -> q.get("cost_setting").equals(r.get("cost_setting")) && q.get("load")
                    .equals(r.get("load")))
                    .mapToDouble(q -> q.get("mean_response").asDouble()).min().orElseThrow();
            assertThat(r.get("ratio_to_best").asDouble()).isCloseTo(r.get("mean_response").asDouble() / best,
                    org.assertj.core.api.Assertions.within(1e-12));
            JsonNode bestRow = rows.stream().filter(q -> q.get("cost_setting").equals(r.get("cost_setting"))
                    && q.get("load").equals(r.get("load")) && q.get("policy").equals(r.get("best_policy"))).findFirst()
                    .orElseThrow();
            assertThat(bestRow.get("mean_response").asDouble()).isEqualTo(best);
            assertThat(r.get("tasks_done").asLong()).isEqualTo(r.get("tasks").asLong());
        }
        assertThat(CliTest.run("balance", "--workload", "seed", "--sweep").err())
                .contains("--sweep runs the poisson workload");
    }

    @Test
    void lightAgainstHeavyIsJudgedOnlyWithIntervals() throws Exception {
        // one run a load: no interval, so the line names both means and claims no winner
        String one = CliTest.run("balance", "--workload", "seed", "--load", "100", "--policy", "light,heavy").out();
        assertThat(one).contains("load 100: light ", "one run each, so no interval")
                .doesNotContain("lower mean response", "overlap");
        // five seeds: a verdict from the intervals, one way or the other
        String five = CliTest.run("balance", "--workload", "seed", "--load", "100", "--policy", "light,heavy", "--reps",
                "5").out();
        assertThat(five).containsAnyOf("load 100: lower mean response: ",
                "no clear difference (their 95 % intervals overlap)")
                .doesNotContain("one run each");
    }

    @Test
    void badInputGetsAClearError() {
        assertThat(CliTest.run("balance", "--policy", "greedy").err()).contains("unknown policy 'greedy'");
        assertThat(CliTest.run("balance", "--nodes", "3", "--capacity", "1,2").err())
                .contains("2 capacities but --nodes is 3");
        assertThat(CliTest.run("balance", "--capacity", "1,0").err()).contains("capacity of node 1 must be positive");
        assertThat(CliTest.run("balance", "--workload", "sunny").err()).contains("unknown workload 'sunny'");
        assertThat(CliTest.run("balance", "--policy", "forkjoin").err()).contains("only under the wall clock");
        assertThat(CliTest.run("balance", "--workload", "uts", "--load", "50").err()).contains("--load applies");
        assertThat(CliTest.run("balance", "--workload", "poisson", "--load", "99").err())
                .contains("a utilisation of 10..95 percent, got 99");
    }
}
