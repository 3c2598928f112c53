package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.policy.Policy;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;

class BalanceRunTest {
    private static BalanceConfig config(ListedWorkload w, long[] capacities, Topology t, Policy policy, long L, long o, long g,
            ClockKind clock, long seed) {
        return new BalanceConfig(w, capacities, t, policy, L, o, g, clock, 1_000, seed, Duration.ofSeconds(60));
    }

    @Test
    void withoutBalancingEachNodeRunsItsOwnTasksBackToBack() {
        // Node 0 (capacity 2): costs 3, 4 -> ceil(3/2) + ceil(4/2) = 2 + 2 = 4. Node 1 (capacity 1): cost 5 -> 5.
        List<Task> tasks = List.of(new Task(0, 3, 0, 0, 0), new Task(1, 5, 0, 1, 0), new Task(2, 4, 0, 0, 0));
        BalanceResult r = BalanceRun.run(config(ListedWorkload.of(tasks), new long[] {2, 1}, Topology.COMPLETE,
                Policies.parse("none"), 3, 1, 1, ClockKind.MODEL, 1));
        assertThat(r.exactlyOnce()).isTrue();
        assertThat(r.makespan()).isEqualTo(5);
        // Ideal: 12 work units / 3 capacity = 4.
        assertThat(r.idealMakespan()).isEqualTo(4.0);
        // Responses: 2, 4 on node 0 and 5 on node 1: mean 11/3.
        assertThat(r.meanResponse()).isEqualTo(11.0 / 3);
        assertThat(r.messagesPerTask()).isZero();
        assertThat(r.workShares()).containsExactly(7.0 / 12, 5.0 / 12);
    }

    @Test
    void everyPolicyRunsEveryTaskOnceOnAHotSpot() {
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            tasks.add(new Task(i, 10 + i % 7, 0, 0, 0));
        }
        // Without balancing node 0 runs all 200 tasks (costs 10..16) alone: 2594 time units.
        long alone = tasks.stream().mapToLong(Task::cost).sum();
        for (String name : Policies.NAMES) {
            BalanceResult r = BalanceRun.run(config(ListedWorkload.of(tasks), new long[] {1, 1, 1, 1}, Topology.RING,
                    Policies.parse(name), 5, 1, 2, ClockKind.MODEL, 3));
            assertThat(r.exactlyOnce()).as(name).isTrue();
            if (name.equals("none")) {
                assertThat(r.makespan()).isEqualTo(alone);
            } else {
                assertThat(r.makespan()).as(name + " spreads the hot spot").isLessThan(alone * 3 / 5);
                assertThat(r.migrationsPerTask()).as(name).isPositive();
            }
        }
    }

    @Test
    void badConfigurationsAreRejectedWithTheirReason() {
        ListedWorkload w = ListedWorkload.random(2, 10, 5, 0, 1);
        assertThatThrownBy(() -> config(w, new long[] {1, 0}, Topology.RING, Policies.parse("none"), 0, 0, 0, ClockKind.MODEL, 1))
                .hasMessageContaining("capacity of node 1 must be positive");
        assertThatThrownBy(() -> config(w, new long[] {1}, Topology.RING, Policies.parse("none"), 0, 0, 0, ClockKind.MODEL, 1))
                .hasMessageContaining("one capacity per node");
        assertThatThrownBy(() -> Policies.parse("greedy")).hasMessageContaining("unknown policy 'greedy'");
        assertThatThrownBy(() -> Topology.parse("torus")).hasMessageContaining("unknown topology 'torus'");
    }
}
