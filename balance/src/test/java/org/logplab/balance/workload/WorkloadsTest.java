package org.logplab.balance.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class WorkloadsTest {

    @Test
    void seedScenarioHasExactlyTheWorkItsLoadIndexSaysDealtRoundRobin() {
        long[] capacities = {20, 90, 30, 20, 40};
        for (int x : new int[] {50, 100, 180}) {
            List<Task> tasks = Workloads.seed(capacities, x, 3).released();
            // W = 10 X sum(c) = 10 * X * 200.
            assertThat(tasks.stream().mapToLong(Task::cost).sum()).isEqualTo(2_000L * x);
            assertThat(tasks).hasSize(4 * x);
            for (int node = 0; node < 5; node++) {
                int n = node;
                assertThat(tasks.stream().filter(t -> t.origin() == n).count()).isEqualTo(4L * x / 5);
            }
            assertThat(tasks).allMatch(t -> t.release() == 0 && t.cost() >= 1);
        }
        assertThat(Workloads.seed(capacities, 100, 3).released())
                .isEqualTo(Workloads.seed(capacities, 100, 3).released());
    }

    @Test
    void poissonOffersTheRequestedShareOfTheCapacity() {
        long[] capacities = {10, 10, 10, 10};
        for (int u : new int[] {20, 50, 90}) {
            for (Workloads.Costs costs : Workloads.Costs.values()) {
                List<Task> tasks = Workloads.poisson(capacities, u, 100_000, costs, 100, 11).released();
                double work = tasks.stream().mapToLong(Task::cost).sum();
                double span = tasks.get(tasks.size() - 1).release();
                // Offered work per time unit over the capacity, 40 work units per time unit.
                assertThat(work / span / 40).as("U=%d %s", u, costs).isCloseTo(u / 100.0, within(0.05 * u / 100.0));
                assertThat(work / tasks.size()).as("mean cost %s", costs)
                        .isCloseTo(100, within(costs == Workloads.Costs.PARETO ? 6.0 : 2.0));
            }
        }
        assertThatThrownBy(() -> Workloads.poisson(capacities, 99, 10, Workloads.Costs.EXPONENTIAL, 100, 1))
                .hasMessageContaining("utilisation must be 10..95");
    }

    @Test
    void utsTreesArePureFunctionsOfTheSeedWithTheExpectedSize() {
        double mean = 0;
        for (long seed = 0; seed < 20; seed++) {
            UtsWorkload w = UtsWorkload.binomial(seed);
            List<Task> all = w.all();
            mean += all.size() / 20.0;
            assertThat(all.stream().map(Task::id).distinct().count()).isEqualTo(all.size());
        }
        // 1 + 200 / (1 - 5 * 0.19) = 4001.
        assertThat(mean).isCloseTo(4001, within(400.0));
        UtsWorkload g = UtsWorkload.geometric(4);
        Task root = g.released().get(0);
        assertThat(g.children(root, 7, 1)).isEqualTo(g.children(root, 7, 1))
                .allMatch(c -> c.release() == 7 && c.origin() == 1 && c.depth() == 1);
        assertThat(g.all()).allMatch(t -> t.depth() <= 8);
    }

    @Test
    void walkingTheTreeByChildrenGivesExactlyAll() {
        for (UtsWorkload w : List.of(UtsWorkload.binomial(3), UtsWorkload.geometric(3))) {
            Map<Long, Long> walked = new HashMap<>();
            ArrayDeque<Task> pending = new ArrayDeque<>(w.released());
            while (!pending.isEmpty()) {
                Task t = pending.pop();
                assertThat(walked.put(t.id(), t.cost())).as("id %d seen twice", t.id()).isNull();
                // Children depend on the parent only: any finish time and node give the same ids and costs.
                List<Task> here = w.children(t, 5, 1);
                List<Task> there = w.children(t, 99, 0);
                assertThat(here).extracting(Task::id).isEqualTo(there.stream().map(Task::id).toList());
                pending.addAll(here);
            }
            Map<Long, Long> all = new HashMap<>();
            w.all().forEach(t -> all.put(t.id(), t.cost()));
            assertThat(walked).isEqualTo(all);
        }
    }

    @Test
    void paretoCostsHaveTheirDistributionsMedian() {
        // Pareto(shape 2.5, scale 0.6 M): median = 0.6 M 2^(1/2.5) = 60 * 1.3195 = 79.2 for M = 100;
        // rounding up adds < 1.
        List<Task> tasks = Workloads.poisson(new long[] {10}, 50, 200_001, Workloads.Costs.PARETO, 100, 5).released();
        long[] costs = tasks.stream().mapToLong(Task::cost).sorted().toArray();
        assertThat((double) costs[costs.length / 2]).isBetween(79.0, 81.0);
    }

    @Test
    void poissonArrivalsAreMemorylessAndSpreadEvenlyOverTheNodes() {
        long[] capacities = {10, 10, 10, 10, 10};
        // U = 50 %: merged rate 0.5 * 50 / 100 = 0.25 per time unit, mean gap 4.
        List<Task> tasks = Workloads.poisson(capacities, 50, 100_000, Workloads.Costs.EXPONENTIAL, 100, 21).released();
        double meanGap = (double) tasks.get(tasks.size() - 1).release() / (tasks.size() - 1);
        assertThat(meanGap).isCloseTo(4.0, within(0.12));
        long[] perNode = new long[5];
        tasks.forEach(t -> perNode[t.origin()]++);
        double expected = tasks.size() / 5.0;
        double chiSquare = Arrays.stream(perNode).mapToDouble(n -> (n - expected) * (n - expected) / expected).sum();
        // 4 degrees of freedom: P(chi^2 > 30) is about 5e-6.
        assertThat(chiSquare).isLessThan(30);
        // Exponential costs of mean 100 rounded up: median ceil(100 ln 2) = 70, P(cost > 200) = e^-2 = 0.135.
        long[] costs = tasks.stream().mapToLong(Task::cost).sorted().toArray();
        assertThat(costs[costs.length / 2]).isBetween(69L, 71L);
        double tail = Arrays.stream(costs).filter(c -> c > 200).count() / (double) costs.length;
        assertThat(tail).isCloseTo(Math.exp(-2), within(0.005));
    }

    @Test
    void deepNarrowTreesNeedNoRecursion() {
        // One child with probability 0.9999 (m q < 1): a chain of geometric length, mean 10,000 (seed 0
        // gives 11,163), deeper than a recursive walk's stack would comfortably allow; capped at depth 50,000.
        UtsWorkload chain = new UtsWorkload(UtsWorkload.Shape.BINOMIAL, 1, 1, 0.9999, 0, 50_000, 1, 1, 0);
        List<Task> all = chain.all();
        assertThat(all.size()).isGreaterThan(10_000);
        assertThat(all.stream().mapToInt(Task::depth).max().orElseThrow()).isEqualTo(all.size() - 1);
    }

    @Test
    void seedCostsHitTheirTotalEvenWhenTheDrawsOvershoot() {
        // Five nodes of capacity 1 at load index 1: W = 10 * 1 * 5 = 50 work units in
        // K = max(5, 4 * 1 * 5 / 5) = 5 tasks; the uniform draws in [1, 19] may sum to up to 95 and
        // must be brought back to 50, none below 1.
        for (long seed = 0; seed < 200; seed++) {
            List<Task> tasks = Workloads.seed(new long[] {1, 1, 1, 1, 1}, 1, seed).released();
            assertThat(tasks).hasSize(5).allMatch(t -> t.cost() >= 1);
            assertThat(tasks.stream().mapToLong(Task::cost).sum()).as("seed %d", seed).isEqualTo(50);
        }
        // The seed's 4X tasks on its 5 nodes, as many per node on 256: 4 * 100 * 256 / 5 = 20,480.
        assertThat(Workloads.seed(new long[] {20, 90, 30, 20, 40}, 100, 1).released()).hasSize(400);
        assertThat(Workloads.seed(LongStream.generate(() -> 10).limit(256).toArray(), 100, 1).released())
                .hasSize(20_480);
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> Workloads.seed(new long[] {1}, 0, 1))
                .hasMessageContaining("load index must be positive");
        assertThatThrownBy(() -> Workloads.hotspot(0, 10, 1)).hasMessageContaining("at least one task");
        assertThatThrownBy(() -> new UtsWorkload(UtsWorkload.Shape.BINOMIAL, 10, 5, 0.3, 0, 10, 1, 2, 1))
                .hasMessageContaining("m q < 1");
    }
}
