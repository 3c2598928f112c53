package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.UtsWorkload;
import org.logplab.balance.workload.Workload;
import org.logplab.balance.workload.Workloads;
import org.logplab.core.ClockKind;

/**
 * The heavy policy's decisions on the model clock, pinned: the results of four configurations as
 * the policy gives them. A change that makes it cheaper must not change what it decides; a change
 * of the policy itself updates these numbers on purpose (the last: a node that ran out of pushed
 * work tells each member that pushed it some, even if its state did not change; the tree's
 * makespan went from 3,293 to 2,434, node 0's share from 0.758 to 0.437).
 */
class HeavyModelResultsTest {
    private static BalanceResult run(Workload w, long[] capacities, Topology t, long L, long o, long g, long seed) {
        return BalanceRun.run(new BalanceConfig(w, capacities, t, Policies.parse("heavy"), L, o, g, ClockKind.MODEL, 1,
                seed,
                Duration.ofMinutes(1)));
    }

    private static void assertCounts(BalanceResult r, long makespan, long messages, long migrations, long termination) {
        assertThat(r.exactlyOnce()).isTrue();
        assertThat(r.makespan()).isEqualTo(makespan);
        assertThat(Math.round(r.messagesPerTask() * r.tasks())).as("balancing messages").isEqualTo(messages);
        assertThat(Math.round(r.migrationsPerTask() * r.tasks())).as("task moves").isEqualTo(migrations);
        assertThat(r.terminationMessages()).isEqualTo(termination);
    }

    @Test
    void theBenchmarksTreeOnTwoNodesWithoutDelays() {
        BalanceResult r = run(UtsWorkload.binomial(1), new long[] {100, 100}, Topology.COMPLETE, 0, 0, 0, 16);
        assertCounts(r, 2434, 6, 161, 5);
        assertThat(r.meanResponse()).isEqualTo(120.61116856256463);
        assertThat(r.workShares()).containsExactly(0.4372811206622095, 0.5627188793377905);
    }

    @Test
    void theSeedWorkloadOnARingOfUnequalNodes() {
        long[] capacities = {20, 90, 30, 20, 40};
        BalanceResult r = run(Workloads.seed(capacities, 50, 3), capacities, Topology.RING, 10, 2, 4, 11);
        assertCounts(r, 623, 48, 191, 14);
        assertThat(r.meanResponse()).isEqualTo(315.55);
        assertThat(r.workShares()).containsExactly(0.09837, 0.44679, 0.15753, 0.09436, 0.20295);
    }

    @Test
    void aHotSpotOnAMesh() {
        BalanceResult r = run(Workloads.hotspot(300, 100, 4), new long[] {10, 10, 10, 10}, Topology.MESH, 3, 1, 1, 14);
        assertCounts(r, 1574, 12, 198, 11);
        assertThat(r.meanResponse()).isEqualTo(629.5133333333333);
        assertThat(r.workShares()).containsExactly(0.334, 0.4987, 0.1673, 0.0);
    }

    @Test
    void poissonArrivalsWithLongDelays() {
        long[] capacities = {10, 10, 10, 10};
        BalanceResult r = run(Workloads.poisson(capacities, 70, 400, Workloads.Costs.PARETO, 100, 5), capacities,
                Topology.COMPLETE, 40, 8, 3, 12);
        assertCounts(r, 2977, 475, 965, 11);
        // Over the 360 tasks after the warm-up (the first 10 %).
        assertThat(r.meanResponse()).isEqualTo(1452.1805555555557);
    }
}
