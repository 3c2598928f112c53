package org.logplab.core.collective.allreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;

/** The all-reduce predictors: against the runtime for any root, and against closed forms. */
class AllReduceTimingTest {
    private final ButterflyAllReduce butterfly = new ButterflyAllReduce();
    private final TreeReduceBroadcast tree = new TreeReduceBroadcast();

    @Property(tries = 200)
    void treeReduceTimeEqualsPredictionForAnyRoot(
            @ForAll @LongRange(max = 60) long L, @ForAll @LongRange(max = 15) long o,
            @ForAll @LongRange(max = 60) long g, @ForAll @LongRange(max = 2) long G,
            @ForAll @LongRange(max = 8) long combineCost,
            @ForAll("groupSizes") int size, @ForAll("positions") int rootSeed) {
        LogP params = new LogP(L, o, g, size, G);
        int root = rootSeed % size;
        long makespan = run(params,
                p -> tree.allReduce(p, Group.all(size, root), p.rank(), Long::sum, combineCost)).makespan();
        assertThat(makespan).isEqualTo(tree.predict(params, size, root, combineCost));
    }

    @Property(tries = 200)
    void butterflyTimeEqualsPrediction(
            @ForAll @LongRange(max = 60) long L, @ForAll @LongRange(max = 15) long o,
            @ForAll @LongRange(max = 60) long g, @ForAll @LongRange(max = 2) long G,
            @ForAll @LongRange(max = 8) long combineCost, @ForAll("groupSizes") int size) {
        LogP params = new LogP(L, o, g, size, G);
        long makespan = run(params,
                p -> butterfly.allReduce(p, Group.all(size, 0), p.rank(), Math::max, combineCost)).makespan();
        assertThat(makespan).isEqualTo(butterfly.predict(params, size, combineCost));
    }

    /** Uniform, not jqwik's default bias towards small numbers. */
    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 299).withDistribution(RandomDistribution.uniform());
    }

    @Provide
    Arbitrary<Integer> groupSizes() {
        return Arbitraries.integers().between(1, 300).withDistribution(RandomDistribution.uniform());
    }

    @Property(tries = 300)
    void butterflyOnAPowerOfTwoTakesOneStepPerDoubling(
            @ForAll @LongRange(max = 1000) long L, @ForAll @LongRange(max = 300) long o,
            @ForAll @LongRange(max = 3000) long g, @ForAll @LongRange(max = 5) long G,
            @ForAll @LongRange(max = 100) long combineCost, @ForAll @IntRange(max = 16) int doublings) {
        int size = 1 << doublings;
        LogP params = new LogP(L, o, g, size, G);
        assertThat(butterfly.predict(params, size, combineCost))
                .isEqualTo(ButterflyAllReduce.powerOfTwoTime(params, size, combineCost));
    }

    /** A model-clock run with a timeout: jqwik properties cannot carry JUnit's @Timeout. */
    private static RunResult run(LogP params, Program program) {
        return RunConfig.builder(params).timeout(Duration.ofSeconds(30)).run(program);
    }

    @Test
    void butterflyNeedsHalfTheStepsOfTreeReduceAndBroadcast() {
        // L + 2o = 10, combine 1: butterfly 10 doublings of 11; tree 10 levels up and 10 down.
        LogP params = LogP.of(6, 2, 4, 1024);
        assertThat(butterfly.predict(params, 1024, 1)).isEqualTo(110);
        assertThat(tree.predict(params, 1024, 1)).isGreaterThanOrEqualTo(10 * 11 + 10 * 10);
    }
}
