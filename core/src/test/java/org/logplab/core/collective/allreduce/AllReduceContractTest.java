package org.logplab.core.collective.allreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.RandomMembers;

/** The contract of {@link AllReduce}, run over every implementation: results, non-members, exact time. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AllReduceContractTest {

    static Stream<AllReduce> allReduces() {
        return Stream.of(new ButterflyAllReduce(), new TreeReduceBroadcast());
    }

    @ParameterizedTest
    @MethodSource("allReduces")
    void shouldGiveEveryMemberTheSumAndTheMaxOfAllValues(AllReduce allReduce) {
        Random random = new Random(11);
        int[] sizes = {1, 2, 3, 5, 7, 8, 13, 31, 64, 100, 255, 256, 257, 300};
        for (int size : sizes) {
            long[] values = random.longs(size, -1_000_000_000_000L, 1_000_000_000_000L).toArray();
            Group group = Group.all(size, random.nextInt(size));
            LogP params = LogP.of(random.nextInt(10), random.nextInt(4), random.nextInt(10), size);
            assertThat(reduce(allReduce, params, group, values, Long::sum, 1))
                    .as("sum over %s", group).containsOnly(java.util.Arrays.stream(values).sum());
            assertThat(reduce(allReduce, params, group, values, Math::max, 0))
                    .as("max over %s", group).containsOnly(java.util.Arrays.stream(values).max().orElseThrow());
        }
    }

    @ParameterizedTest
    @MethodSource("allReduces")
    void shouldLeaveNonMembersOutOfAnArbitraryOrderedSubset(AllReduce allReduce) {
        Random random = new Random(12);
        for (int trial = 0; trial < 40; trial++) {
            int processors = 1 + random.nextInt(40);
            int[] members = RandomMembers.of(random, processors);
            Group group = Group.of(members, members[random.nextInt(members.length)]);
            long[] values = random.longs(processors, -1000, 1000).toArray();
            long expected = java.util.Arrays.stream(members).mapToLong(rank -> values[rank]).sum();
            long[] got = new long[processors];
            RunResult r = Machine.run(LogP.of(5, 1, 3, processors), ClockKind.MODEL,
                    p -> got[p.rank()] = allReduce.allReduce(p, group, values[p.rank()], Long::sum, 2));
            for (int rank = 0; rank < processors; rank++) {
                boolean member = group.indexOf(rank) >= 0;
                assertThat(got[rank]).as("%s rank %d", group, rank).isEqualTo(member ? expected : 0);
                if (!member) {
                    assertThat(r.sent(rank) + r.received(rank)).as("messages of non-member %d", rank).isZero();
                }
            }
            assertThat(r.inFlight()).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("allReduces")
    void modelTimeEqualsPredictionForEveryGroupUpTo200AndRandomParameters(AllReduce allReduce) {
        // Half the parameter sets with g >= o, half with g < o; a per-byte gap in a quarter.
        Random random = new Random(13);
        for (int k = 1; k <= 200; k++) {
            int size = k;
            long o = random.nextInt(8);
            long g = size % 2 == 0 ? o + random.nextInt(30) : (o == 0 ? 0 : random.nextLong(o));
            LogP params = new LogP(random.nextInt(40), o, g, size, size % 4 == 1 ? random.nextInt(3) : 0);
            long combineCost = random.nextInt(6);
            long[] values = random.longs(size).toArray();
            RunResult r = Machine.run(params, ClockKind.MODEL,
                    p -> allReduce.allReduce(p, Group.all(size, 0), values[p.rank()], Long::sum, combineCost));
            assertThat(r.makespan()).as("%s %s combine %d", allReduce.name(), params, combineCost)
                    .isEqualTo(allReduce.predict(params, size, combineCost));
        }
    }

    @ParameterizedTest
    @MethodSource("allReduces")
    void shouldGiveTheSameResultsUnderTheWallClock(AllReduce allReduce) {
        int processors = 6;
        Group group = Group.of(new int[] {3, 1, 4, 0, 5}, 4);
        long[] values = {10, 20, 30, 40, 50, 60};
        long[] got = new long[processors];
        RunConfig config = RunConfig.builder(LogP.of(2_000, 500, 1_000, processors))
                .clock(ClockKind.WALL).timeout(Duration.ofSeconds(30)).build();
        Machine.run(config, p -> got[p.rank()] = allReduce.allReduce(p, group, values[p.rank()], Long::sum, 100));
        assertThat(got).containsExactly(180, 180, 0, 180, 180, 180);
    }

    /** Runs the all-reduce over all processors; returns every member's result. */
    static long[] reduce(AllReduce allReduce, LogP params, Group group, long[] values, LongBinaryOperator op,
                         long combineCost) {
        long[] got = new long[params.P()];
        Machine.run(params, ClockKind.MODEL,
                p -> got[p.rank()] = allReduce.allReduce(p, group, values[p.rank()], op, combineCost));
        return got;
    }
}
