package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.logplab.balance.policy.BalancingPolicy;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.Task;
import org.logplab.balance.workload.UtsWorkload;
import org.logplab.balance.workload.Workload;
import org.logplab.balance.workload.Workloads;
import org.logplab.core.ClockKind;
import org.logplab.core.Machine;

class BalanceRunTest {
    private static BalanceConfig config(ListedWorkload w, long[] capacities, Topology t, BalancingPolicy policy, long L,
            long o, long g, ClockKind clock, long seed) {
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
    void configurationsBackToBackOnOneMachineGiveTheOneShotResults() {
        long[] capacities = {20, 90, 30, 20, 40};
        List<Workload> workloads = List.of(Workloads.seed(capacities, 50, 3), ListedWorkload.random(5, 150, 40, 300, 8),
                UtsWorkload.binomial(2), Workloads.hotspot(120, 100, 4));
        long[][] delays = {{10, 2, 4}, {0, 0, 0}, {3, 1, 1}};
        BalanceConfig first = new BalanceConfig(workloads.get(0), capacities, Topology.COMPLETE, Policies.parse("none"),
                10, 2, 4, ClockKind.MODEL, 1, 1, Duration.ofSeconds(60));
        try (Machine machine = Machine.open(BalanceRun.runConfig(first))) {
            int k = 0;
            for (String name : Policies.NAMES) {
                for (Workload w : workloads) {
                    // Topologies and L, o, g vary from run to run on the one machine; P and the clock do not.
                    long[] d = delays[k % delays.length];
                    BalanceConfig c = new BalanceConfig(w, capacities, Topology.values()[k % 3], Policies.parse(name),
                            d[0], d[1], d[2], ClockKind.MODEL, 1, 100 + k, Duration.ofSeconds(60));
                    k++;
                    BalanceResult reused = BalanceRun.run(machine, c);
                    String what = name + " on " + w.name() + ", L o g " + Arrays.toString(d);
                    assertThat(reused.exactlyOnce()).as(what).isTrue();
                    assertThat(reused).as(what).usingRecursiveComparison().isEqualTo(BalanceRun.run(c));
                }
            }
        }
    }

    @Test
    void wallClockConfigurationsBackToBackOnOneMachineRunEveryTaskOnce() {
        long[] capacities = {100, 100};
        BalanceConfig first = new BalanceConfig(UtsWorkload.binomial(1), capacities, Topology.COMPLETE,
                Policies.parse("none"), 0, 0, 0, ClockKind.WALL, 1_000, 1, Duration.ofSeconds(60));
        try (Machine machine = Machine.open(BalanceRun.runConfig(first))) {
            for (int rep = 0; rep < 3; rep++) {
                for (String name : Policies.NAMES) {
                    Workload w = rep == 1 ? UtsWorkload.geometric(rep) : UtsWorkload.binomial(rep);
                    BalanceConfig c = new BalanceConfig(w, capacities, Topology.COMPLETE, Policies.parse(name),
                            rep * 1_000, 0, rep * 500, ClockKind.WALL, 1_000, rep, Duration.ofSeconds(60));
                    BalanceResult r = BalanceRun.run(machine, c);
                    assertThat(r.exactlyOnce()).as("%s, repetition %d: %d of %d", name, rep, r.tasksDone(), r.tasks())
                            .isTrue();
                }
            }
        }
    }

    @Test
    void theForkJoinReferenceRunsBackToBackOnOnePool() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            for (int rep = 0; rep < 3; rep++) {
                BalanceConfig c = new BalanceConfig(UtsWorkload.binomial(rep), new long[] {100, 100}, Topology.COMPLETE,
                        Policies.parse("none"), 0, 0, 0, ClockKind.WALL, 1_000, rep, Duration.ofSeconds(60));
                BalanceResult r = ForkJoinReference.run(pool, c);
                assertThat(r.exactlyOnce()).as("repetition %d", rep).isTrue();
                // Steals are counted per run, not since the pool was made.
                assertThat(r.migrationsPerTask()).as("repetition %d", rep).isBetween(0.0, 1.0);
            }
            BalanceConfig three = new BalanceConfig(UtsWorkload.binomial(1), new long[] {100, 100, 100},
                    Topology.COMPLETE, Policies.parse("none"), 0, 0, 0, ClockKind.WALL, 1_000, 1,
                    Duration.ofSeconds(60));
            assertThatThrownBy(() -> ForkJoinReference.run(pool, three)).hasMessageContaining("3 nodes");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMachineOfAnotherSizeOrClockIsRefused() {
        ListedWorkload w = ListedWorkload.random(2, 10, 5, 0, 1);
        BalanceConfig model = config(w, new long[] {1, 1}, Topology.RING, Policies.parse("none"), 0, 0, 0,
                ClockKind.MODEL, 1);
        BalanceConfig wall = config(w, new long[] {1, 1}, Topology.RING, Policies.parse("none"), 0, 0, 0,
                ClockKind.WALL, 1);
        BalanceConfig three = config(ListedWorkload.random(3, 10, 5, 0, 1), new long[] {1, 1, 1}, Topology.RING,
                Policies.parse("none"), 0, 0, 0, ClockKind.MODEL, 1);
        try (Machine machine = Machine.open(BalanceRun.runConfig(model))) {
            assertThatThrownBy(() -> BalanceRun.run(machine, wall)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("model clock").hasMessageContaining("wall clock");
            assertThatThrownBy(() -> BalanceRun.run(machine, three)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("P = 2").hasMessageContaining("3 nodes");
            assertThat(BalanceRun.run(machine, model).exactlyOnce()).as("still usable").isTrue();
        }
    }

    @Test
    void theExactlyOnceCheckCountsMissingIdsByMergingSortedArrays() {
        assertThat(BalanceResult.countPresent(new long[] {1, 3, 5, 7}, new long[] {1, 1, 5, 6, 7, 9})).isEqualTo(3);
        assertThat(BalanceResult.countPresent(new long[] {-4, 2, 2}, new long[] {2})).isEqualTo(2);
        assertThat(BalanceResult.countPresent(new long[] {1, 2}, new long[0])).isZero();
        assertThat(BalanceResult.countPresent(new long[0], new long[] {1})).isZero();
    }

    @Test
    void badConfigurationsAreRejectedWithTheirReason() {
        ListedWorkload w = ListedWorkload.random(2, 10, 5, 0, 1);
        assertThatThrownBy(() -> config(w, new long[] {1, 0}, Topology.RING, Policies.parse("none"), 0, 0, 0,
                ClockKind.MODEL, 1)).hasMessageContaining("capacity of node 1 must be positive");
        assertThatThrownBy(() -> config(w, new long[] {1}, Topology.RING, Policies.parse("none"), 0, 0, 0,
                ClockKind.MODEL, 1)).hasMessageContaining("one capacity per node");
        assertThatThrownBy(() -> Policies.parse("greedy")).hasMessageContaining("unknown policy 'greedy'");
        assertThatThrownBy(() -> Topology.parse("torus")).hasMessageContaining("unknown topology 'torus'");
    }
}
