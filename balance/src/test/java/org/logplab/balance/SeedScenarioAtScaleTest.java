package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.Workloads;
import org.logplab.core.ClockKind;

/**
 * The seed paper's scenario on 256 workers of the model clock (its five capacities 20, 90, 30,
 * 20, 40 repeated, load index 100, the default L = 10, o = 2, g = 4): the receiver-initiated
 * policies give each worker a share of the work within a correlation of 0.99 of its share of the
 * capacity on every topology, and every policy runs every task exactly once.
 */
class SeedScenarioAtScaleTest {
    private static final long[] SEED_CAPACITIES = {20, 90, 30, 20, 40};

    @ParameterizedTest
    @EnumSource(Topology.class)
    void receiverInitiatedPoliciesShareWorkByCapacityOn256Workers(Topology topology) {
        long[] capacities = new long[256];
        Arrays.setAll(capacities, i -> SEED_CAPACITIES[i % SEED_CAPACITIES.length]);
        for (String policy : new String[] {"light", "stealing", "adaptive"}) {
            BalanceResult r = BalanceRun.run(new BalanceConfig(Workloads.seed(capacities, 100, 1), capacities, topology,
                    Policies.parse(policy), 10, 2, 4, ClockKind.MODEL, 1, 1, Duration.ofMinutes(2)));
            assertThat(r.exactlyOnce()).as("%s on %s", policy, topology).isTrue();
            assertThat(r.shareCorrelation()).as("%s on %s", policy, topology).isGreaterThanOrEqualTo(0.99);
            // The ideal makespan is 10 X = 1,000 time units. Light pays a notice to each of 15
            // members per change of state on the bounded complete domain (15 g = 60 time units a
            // notice) and ends near 2.5 times that; with all 255 members it ended at 30 times.
            assertThat(r.makespan()).as("%s on %s", policy, topology).isLessThan(3_000);
        }
    }
}
