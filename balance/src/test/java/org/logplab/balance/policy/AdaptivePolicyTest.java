package org.logplab.balance.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.logplab.balance.BalanceConfig;
import org.logplab.balance.BalanceResult;
import org.logplab.balance.BalanceRun;
import org.logplab.balance.Topology;
import org.logplab.balance.workload.Workload;
import org.logplab.balance.workload.Workloads;
import org.logplab.core.ClockKind;

/**
 * What {@code adaptive} decides, on the model clock: it keeps quiet where balancing cannot pay
 * (low load, dear messages), acts where it does (high load), and still spreads work that starts
 * on one node, where its load estimate from its own busy time says nothing.
 */
class AdaptivePolicyTest {
    private static final long[] EIGHT = {10, 10, 10, 10, 10, 10, 10, 10};

    private static BalanceResult run(String policy, Workload w, long[] capacities, long l, long o, long g) {
        return BalanceRun.run(new BalanceConfig(w, capacities, Topology.COMPLETE, Policies.parse(policy), l, o, g,
                ClockKind.MODEL, 1, 3, Duration.ofMinutes(1)));
    }

    @Test
    void atLowLoadWithDearMessagesItIsNoWorseThanNoBalancing() {
        for (int utilisation : new int[] {10, 30}) {
            Workload w = Workloads.poisson(EIGHT, utilisation, 4000, Workloads.Costs.EXPONENTIAL, 1000, 5);
            BalanceResult none = run("none", w, EIGHT, 50, 10, 20);
            BalanceResult adaptive = run("adaptive", w, EIGHT, 50, 10, 20);
            assertThat(adaptive.exactlyOnce()).isTrue();
            assertThat(adaptive.meanResponse()).as("%d %%", utilisation).isLessThanOrEqualTo(none.meanResponse());
            // A few steals per worker before it has seen a task (and their denials); then silence:
            // 8 workers, 4,000 tasks, under 0.02 messages per task (stealing sends about 1).
            assertThat(adaptive.messagesPerTask()).as("%d %%", utilisation).isLessThan(0.02);
        }
    }

    @Test
    void atHighLoadItBalancesAsWellAsStealing() {
        Workload w = Workloads.poisson(EIGHT, 90, 4000, Workloads.Costs.EXPONENTIAL, 1000, 6);
        BalanceResult none = run("none", w, EIGHT, 10, 2, 4);
        BalanceResult stealing = run("stealing", w, EIGHT, 10, 2, 4);
        BalanceResult adaptive = run("adaptive", w, EIGHT, 10, 2, 4);
        assertThat(adaptive.exactlyOnce()).isTrue();
        assertThat(adaptive.meanResponse()).isLessThan(0.7 * none.meanResponse());
        assertThat(adaptive.meanResponse()).isLessThan(1.05 * stealing.meanResponse());
    }

    @Test
    void workThatStartsOnOneNodeIsSpreadByCapacity() {
        long[] capacities = {20, 90, 30, 20, 40};
        BalanceResult none = run("none", Workloads.hotspot(400, 100, 7), capacities, 10, 2, 4);
        BalanceResult adaptive = run("adaptive", Workloads.hotspot(400, 100, 7), capacities, 10, 2, 4);
        assertThat(adaptive.exactlyOnce()).isTrue();
        // About 40,000 work units: on the one node of capacity 20 over 2,000 time units; spread
        // over all 200 of capacity, about 200.
        assertThat(none.makespan()).isGreaterThanOrEqualTo(2000);
        assertThat(adaptive.makespan()).isLessThan(none.makespan() / 4);
        BalanceResult seed = run("adaptive", Workloads.seed(capacities, 100, 8), capacities, 10, 2, 4);
        assertThat(seed.shareCorrelation()).isGreaterThan(0.99);
    }

    @Test
    void itAsksTheLikelierOfTwoMembersOnlyWhereCapacitiesDiffer() {
        // Member 1 known empty, member 2 known to have 100 queued. Among equals a thief asks one at
        // random (member 1 half the time); with a member of another capacity, the likelier of two
        // draws (member 1 only when both draws are 1: a quarter of the time).
        assertThat(shareAskingTheEmptyMember(new long[] {10, 10, 10})).isBetween(0.47, 0.53);
        assertThat(shareAskingTheEmptyMember(new long[] {10, 10, 20})).isBetween(0.22, 0.28);
    }

    private static double shareAskingTheEmptyMember(long[] capacities) {
        int toEmpty = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            FakeWorkerView node = new FakeWorkerView(capacities, -1, 0, 100);
            node.random = new java.util.SplittableRandom(t);
            new AdaptivePolicy().forNode(0).onIdle(node);
            toEmpty += node.steals.get(0) == 1 ? 1 : 0;
        }
        return (double) toEmpty / trials;
    }
}
