package org.logplab.core.collective.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;

/**
 * Model-clock time equals {@link Broadcast#predict} exactly, for every implementation.
 *
 * <p>Budget (2 shared cores; a model-clock processor start costs about 3 us here): every
 * {@code K <= 2000} for the seed's parameters (2 million processors, about 6 s per implementation),
 * every {@code K <= 300} for four more parameter sets (45,000 processors each), and 2 x 150 random
 * {@code (L, o, g, G)} with {@code g >= o} and with {@code g < o} on uniformly random
 * {@code K <= 2000} with a random source (about 150,000 processors per property and
 * implementation). About 20 s in all; every {@code K <= 2000} for every set would take minutes.
 */
class BroadcastTimingTest {

    static Stream<Broadcast> broadcasts() {
        return Broadcasts.all();
    }

    /** {L, o, g, G}: g above L + 2o; g below o; a per-byte gap beyond g; g between o and L + 2o. */
    private static final long[][] FIXED = {{10, 1, 30, 0}, {3, 5, 2, 0}, {5, 1, 2, 1}, {40, 3, 20, 0}};

    @ParameterizedTest
    @MethodSource("broadcasts")
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void modelTimeEqualsPredictionForEveryGroupUpTo2000WithTheSeedsParameters(Broadcast broadcast) {
        Random random = new Random(2002);
        for (int size = 1; size <= 2000; size++) {
            LogP params = LogP.of(6, 2, 4, size);
            int source = random.nextInt(size);
            assertThat(run(broadcast, params, source, 1))
                    .as("%s %s source %d", broadcast.name(), params, source)
                    .isEqualTo(broadcast.predict(params, size, source, 8));
        }
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void modelTimeEqualsPredictionForEveryGroupUpTo300(Broadcast broadcast) {
        Random random = new Random(7);
        for (long[] f : FIXED) {
            for (int size = 1; size <= 300; size++) {
                LogP params = new LogP(f[0], f[1], f[2], size, f[3]);
                int source = random.nextInt(size);
                Broadcast sized = broadcast.forPayload(16);
                assertThat(run(sized, params, source, 2))
                        .as("%s %s source %d", broadcast.name(), params, source)
                        .isEqualTo(sized.predict(params, size, source, 16));
            }
        }
    }

    @Property(tries = 150)
    void modelTimeEqualsPredictionForRandomParametersWithGapAtLeastOverhead(
            @ForAll @LongRange(max = 100) long L, @ForAll @LongRange(max = 30) long o,
            @ForAll @LongRange(max = 60) long extraGap, @ForAll @LongRange(max = 3) long G,
            @ForAll("groupSizes") int size, @ForAll("positions") int sourceSeed,
            @ForAll @IntRange(max = 3) int words) {
        checkEveryBroadcast(new LogP(L, o, o + extraGap, size, G), sourceSeed % size, words);
    }

    @Property(tries = 150)
    void modelTimeEqualsPredictionForRandomParametersWithGapBelowOverhead(
            @ForAll @LongRange(max = 100) long L, @ForAll @LongRange(min = 1, max = 30) long o,
            @ForAll @LongRange(max = 29) long gapSeed, @ForAll @LongRange(max = 3) long G,
            @ForAll("groupSizes") int size, @ForAll("positions") int sourceSeed,
            @ForAll @IntRange(max = 3) int words) {
        checkEveryBroadcast(new LogP(L, o, gapSeed % o, size, G), sourceSeed % size, words);
    }

    /** Uniform, not jqwik's default bias towards small numbers: large groups are the point. */
    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 1999).withDistribution(RandomDistribution.uniform());
    }

    @Provide
    Arbitrary<Integer> groupSizes() {
        return Arbitraries.integers().between(1, 2000).withDistribution(RandomDistribution.uniform());
    }

    private static void checkEveryBroadcast(LogP params, int source, int words) {
        broadcasts().map(b -> b.forPayload(8 * words)).forEach(b -> assertThat(run(b, params, source, words))
                .as("%s %s source %d, %d bytes", b.name(), params, source, 8 * words)
                .isEqualTo(b.predict(params, params.P(), source, 8 * words)));
    }

    /** Runs {@code broadcast} of a {@code words}-long array over all processors; returns the makespan. */
    private static long run(Broadcast broadcast, LogP params, int source, int words) {
        Group group = Group.all(params.P(), source);
        long[] payload = new long[words];
        // A per-run timeout: jqwik properties cannot carry JUnit's @Timeout.
        RunResult r = RunConfig.builder(params).timeout(Duration.ofSeconds(30)).run(p -> {
            Object got = broadcast.broadcast(p, group, p.rank() == source ? payload : null);
            if (got != payload) {
                throw new AssertionError("rank " + p.rank() + " got " + got);
            }
        });
        return r.makespan();
    }
}
