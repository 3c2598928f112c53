package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.logplab.balance.policy.Policies;
import org.logplab.core.ClockKind;

/**
 * For every policy name the CLI knows (a new policy is covered by adding its name to
 * {@link Policies#NAMES}), sixty random configurations (topology, node count, capacities,
 * delays, arrival pattern or spawning tree, seed, clock): in every run every task executes
 * exactly once, with its cost, and termination is declared (never before the work is done: a
 * premature stop would leave tasks unexecuted or throw on a node with queued tasks; never
 * missed: the run ends).
 */
@Tag("slow")
class BalanceStressTest {

    static List<String> policies() {
        return Policies.NAMES;
    }

    @ParameterizedTest
    @MethodSource("policies")
    @Timeout(120)
    void everyTaskRunsExactlyOnceAndTerminationIsExact(String policy) {
        SplittableRandom random = new SplittableRandom(20261123L + policy.hashCode());
        for (int run = 0; run < 60; run++) {
            boolean wall = run % 10 == 9;
            int nodes = random.nextInt(1, wall ? 4 : 9);
            long[] capacities = random.longs(nodes, 1, 6).toArray();
            Topology topology = Topology.values()[random.nextInt(3)];
            ListedWorkload workload = random.nextInt(3) == 0
                    ? ListedWorkload.tree(random.nextInt(1, 120), random.nextInt(1, 20))
                    : ListedWorkload.random(nodes, random.nextInt(1, 120), 30, random.nextBoolean() ? 0
                    : random.nextInt(1, 300),
                            random.nextLong());
            long latency = random.nextInt(0, 10);
            long overhead = random.nextInt(0, 3);
            long gap = random.nextInt(0, 4);
            BalanceConfig config = new BalanceConfig(workload, capacities, topology, Policies.parse(policy),
                    wall ? latency * 1_000 : latency, wall ? overhead * 1_000 : overhead, wall ? gap * 1_000 : gap,
                    wall ? ClockKind.WALL : ClockKind.MODEL, 2_000, random.nextLong(), Duration.ofSeconds(20));
            String what = String.format("run %d: %s on %d nodes %s capacities %s, L=%d o=%d g=%d, %s clock, %d tasks%s",
                    run,
                    policy, nodes, topology, java.util.Arrays.toString(capacities), latency, overhead, gap,
                    wall ? "wall" : "model", workload.all().size(), workload.released().size() == 1 ? " (tree)" : "");
            BalanceResult r;
            try {
                r = BalanceRun.run(config);
            } catch (RuntimeException e) {
                throw new AssertionError(what, e);
            }
            assertThat(r.exactlyOnce())
                    .as("run %d: %s on %d nodes %s, %s clock: %d of %d done, %d missing, %d duplicated", run, policy,
                    nodes,
                            topology, wall ? "wall" : "model", r.tasksDone(), r.tasks(), r.missing(), r.duplicated())
                    .isTrue();
            assertThat(r.makespan()).as("run %d", run).isGreaterThanOrEqualTo((long) Math.floor(r.idealMakespan()));
        }
    }

    @Test
    @Timeout(120)
    void modelClockRunsAreReproducible() {
        for (String policy : Policies.NAMES) {
            BalanceConfig config = new BalanceConfig(ListedWorkload.random(5, 300, 40, 500, 9),
                    new long[] {20, 90, 30, 20, 40},
                    Topology.MESH, Policies.parse(policy), 6, 2, 3, ClockKind.MODEL, 1, 77, Duration.ofSeconds(60));
            BalanceResult first = BalanceRun.run(config);
            for (int i = 0; i < 3; i++) {
                BalanceResult again = BalanceRun.run(config);
                assertThat(again.makespan()).as(policy).isEqualTo(first.makespan());
                assertThat(again.meanResponse()).as(policy).isEqualTo(first.meanResponse());
                assertThat(again.messagesPerTask()).as(policy).isEqualTo(first.messagesPerTask());
                assertThat(again.workShares()).as(policy).isEqualTo(first.workShares());
            }
        }
    }
}
