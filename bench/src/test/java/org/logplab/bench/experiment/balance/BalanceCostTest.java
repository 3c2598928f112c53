package org.logplab.bench.experiment.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;

/** The balance runs' estimates before they start, against figures worked out by hand. */
class BalanceCostTest {

    @Test
    void theSeedWorkloadCostsEachRunItsTasksAndPairsOfNodes() {
        BalanceRuns.Settings settings = BalanceRuns.Settings.model("seed", BalanceRuns.SEED_CAPACITIES, null, 1);
        BalanceCost cost = new BalanceCost(settings, List.of(50, 100, 180), false);
        // Load index l on 5 nodes: 4 l tasks (200, 400, 720); each run 10 us a task and 20 ns for
        // each of the 25 pairs; 6 policies, one run each.
        double perPolicy = (200 + 400 + 720) * 10_000.0 + 3 * 25 * 20.0;
        assertThat(cost.nanos()).isCloseTo(6 * perPolicy, within(1e-3));
        assertThat(cost.basis())
                .isEqualTo("18 runs of 5 nodes and up to 720 tasks, each at least 10 us a task and 20 ns a pair of"
                + " nodes");
        cost.refuseBeyondHeap();
    }

    @Test
    void aSweepRunsEveryCostSettingAndTheWallClockAddsTheWarmUpAndTheIdealMakespan() {
        long[] caps = {10, 10, 10, 10};
        BalanceRuns.Settings model = BalanceRuns.Settings.model("poisson", caps, 1000, 2);
        // 3 cost settings x 6 policies x 2 runs, 1,000 tasks each and 16 pairs of nodes.
        assertThat(new BalanceCost(model, List.of(50), true).nanos())
                .isCloseTo(36 * (1000 * 10_000.0 + 16 * 20.0), within(1e-3));
        BalanceRuns.Settings wall = new BalanceRuns.Settings("poisson", caps, model.topology(),
                ClockKind.WALL, List.of("light"), model.parameters(), 1000, "exponential", 1000,
                "binomial", 1_000, 1, 2);
        // Two timed runs and the warm-up; the ideal makespan 1,000 x 1,000 / (0.5 x 40) = 50,000 units of 1 us.
        BalanceCost cost = new BalanceCost(wall, List.of(50), false);
        assertThat(cost.nanos()).isCloseTo(3 * (1000 * 10_000.0 + 16 * 20.0 + 50_000 * 1_000.0), within(1e-3));
        assertThat(cost.basis()).endsWith(", and its ideal makespan at --unit");
    }

    @Test
    void nodesBeyondTheHeapAreRefused() {
        long[] caps = new long[1_000_000];
        Arrays.fill(caps, BalanceRuns.CAPACITY);
        BalanceCost cost = new BalanceCost(BalanceRuns.Settings.model("poisson", caps, null, 5), List.of(50), false);
        assertThatThrownBy(cost::refuseBeyondHeap).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("balance on 1,000,000 nodes").hasMessageContaining("GiB of heap");
    }
}
