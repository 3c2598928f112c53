package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;

/**
 * Timed repetitions on a machine that stays up: rows share it, its configuration chooses the
 * latencies recorded, and the warm-up (sized by count, time and the JIT's rest) is in neither the
 * times nor the latencies.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TimedRepetitionsTest {
    private static final TimedRepetitions.Step PING = (p, k) -> {
        if (p.rank() == 0) {
            p.sendLong(1, 0, k);
        } else {
            assertThat(p.recvLong(0, 0)).isEqualTo(k);
        }
    };
    /** A slow repetition: rank 1 takes its message this long after rank 0 sent it. */
    private static final long SLOW_MILLIS = 300;
    /** Generous against a busy 2-core host, and still half a slow repetition. */
    private static final long BOUND_NANOS = SLOW_MILLIS * 1_000_000 / 2;

    private static Machine wallMachine(LatencySampling sampling) {
        return Machine.open(RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).latency(sampling).build());
    }

    /** {@link #PING}, with rank 1 receiving {@link #SLOW_MILLIS} late when {@code slow} says so. */
    private static TimedRepetitions.Step pingSlowWhen(IntPredicate slow) {
        return (p, k) -> {
            if (p.rank() == 1 && slow.test(k)) {
                Thread.sleep(SLOW_MILLIS);
            }
            PING.run(p, k);
        };
    }

    @Test
    void rowsShareOneMachineAndItsSamplingDecidesTheHistogram() {
        try (Machine machine = wallMachine(LatencySampling.OFF)) {
            for (int row = 0; row < 2; row++) {
                TimedRepetitions.Result r = TimedRepetitions.run(machine, 10, 20, 50_000, PING);
                assertThat(r.nanos().length).isBetween(1, 20);
                assertThat(r.nanos().length + r.discarded()).isBetween(20, 40);
                assertThat(r.warmup()).isGreaterThanOrEqualTo(10);
                assertThat(r.latency().getTotalCount()).isZero();
            }
            assertThat(machine.isClosed()).isFalse();
        }
        // the overload that takes parameters opens its own machine and records every message: at least
        // one per measured repetition and the two of each of at least two handshakes
        TimedRepetitions.Result all = TimedRepetitions.run(LogP.of(0, 0, 0, 2), 10, 20, 50_000, PING);
        assertThat(all.latency().getTotalCount()).isGreaterThanOrEqualTo(20 + 2 * 2);
    }

    @Test
    void theFirstSlowRepetitionsAreWarmUpAndInNeitherTheTimesNorTheLatencies() {
        // Repetitions 0..4 take 300 ms (rank 1 receives late); the warm-up is those 5 and nothing else. Among
        // the 100 measured repetitions' messages (and a few of the handshakes) they would be 5 %: above the p99.
        try (Machine machine = wallMachine(LatencySampling.ALL)) {
            TimedRepetitions.Result r = TimedRepetitions.run(machine, TimedRepetitions.Warmup.exactly(5), 100,
                    200_000, pingSlowWhen(k -> k < 5));
            assertThat(r.warmup()).isEqualTo(5);
            assertThat(r.p99()).as("p99 without the slow repetitions").isLessThan(BOUND_NANOS);
            assertThat(r.latency().getValueAtPercentile(99)).as("no slow message recorded").isLessThan(BOUND_NANOS);
        }
    }

    @Test
    void theWarmUpLastsAtLeastItsTimeWhenItsCountIsShorter() {
        // Slow while the first 600 ms since the first repetition last (2 or 3 repetitions of 300 ms): a warm-up
        // of 2 repetitions would leave the rest in the measured run, one of at least 1 s outlasts them.
        AtomicLong first = new AtomicLong();
        TimedRepetitions.Step slowStart = pingSlowWhen(k -> {
            first.compareAndSet(0, System.nanoTime());
            return System.nanoTime() - first.get() < 600_000_000L;
        });
        try (Machine machine = wallMachine(LatencySampling.ALL)) {
            TimedRepetitions.Result r = TimedRepetitions.run(machine, new TimedRepetitions.Warmup(2,
                    1_000_000_000L, 0, 10_000_000_000L, () -> 0), 100, 200_000, slowStart);
            assertThat(r.warmup()).isGreaterThan(2);
            assertThat(r.p99()).isLessThan(BOUND_NANOS);
            assertThat(r.latency().getValueAtPercentile(99)).isLessThan(BOUND_NANOS);
        }
    }

    @Test
    void theWarmUpGoesOnUntilTheJitRests() {
        // Rank 0 reads the JIT's time at every block: it grows at the first 6 readings (0, 1, ..., 5), then
        // stands still. Blocks: the 1 repetition of the count, then 50 each while it grew (after readings 2-6:
        // 5 blocks), and the reading after those sees it still: each block waits 1 ms for its start at
        // least, so the JIT has rested the 1 ms asked for. 1 + 5 x 50 = 251.
        AtomicLong readings = new AtomicLong();
        TimedRepetitions.Warmup untilQuiet = new TimedRepetitions.Warmup(1, 0, 1_000_000, 60_000_000_000L,
                () -> Math.min(readings.getAndIncrement(), 5));
        try (Machine machine = wallMachine(LatencySampling.OFF)) {
            TimedRepetitions.Result r = TimedRepetitions.run(machine, untilQuiet, 5, 20_000, PING);
            assertThat(r.warmup()).isEqualTo(251);
        }
    }

    @Test
    void aRepetitionBegunLateIsReplaced() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "2 processors fit the cores");
        // After measured repetition 3 rank 1 sleeps 2 ms: at least the 9 repetitions due in that time (200 us
        // apart) begin late there; they are dropped, and as many more are run, up to 2 x 50 in all.
        try (Machine machine = wallMachine(LatencySampling.OFF)) {
            TimedRepetitions.Result r = TimedRepetitions.run(machine, TimedRepetitions.Warmup.exactly(10), 50,
                    200_000, (p, k) -> {
                        PING.run(p, k);
                        if (p.rank() == 1 && k == 10 + 3) {
                            Thread.sleep(2);
                        }
                    });
            assertThat(r.discarded()).isGreaterThanOrEqualTo(9);
            assertThat(r.nanos().length + r.discarded()).isGreaterThanOrEqualTo(50 + 9);
        }
    }

    @Test
    void eachRanksFinishIsItsMedianOverTheRepetitionsKept() {
        // rank 1 finishes at least 200 ms after each repetition's start, rank 0 at once (if not 100 ms late)
        try (Machine machine = wallMachine(LatencySampling.OFF)) {
            TimedRepetitions.Result r = TimedRepetitions.run(machine, TimedRepetitions.Warmup.exactly(1), 3,
                    300_000_000, (p, k) -> {
                        if (p.rank() == 1) {
                            p.compute(200_000_000);
                        }
                    });
            assertThat(r.finish()).hasSize(2);
            assertThat(r.finish()[1]).isGreaterThanOrEqualTo(200_000_000);
            assertThat(r.finish()[0]).isLessThan(100_000_000);
        }
    }

    @Test
    void aRepetitionLastsFromTheFirstRanksActualStartToTheLastRanksEnd() {
        // Scheduled start 0: rank 0 began 30 ns late and ended at 100, rank 1 began 50 late and ended at 250;
        // the repetition ran from 30 to 250: 220 ns.
        assertThat(TimedRepetitions.repetitionNanos(new long[] {30, 50}, new long[] {100, 250})).isEqualTo(220);
        // A block at too short a period: every rank began 5,000 ns late, ended 5,400 after the scheduled
        // start; the repetition itself took 400 ns, not 5,400.
        assertThat(TimedRepetitions.repetitionNanos(new long[] {5_000, 5_000}, new long[] {5_100, 5_400}))
                .isEqualTo(400);
    }

    @Test
    void theLearnedPeriodIsFourMediansAndNeverBelowTheLeast() {
        // times 90, 30, 60 us: median 60 us, x 4 = 240 us
        assertThat(TimedRepetitions.periodAfter(new long[] {90_000, 30_000, 60_000})).isEqualTo(240_000);
        // median 10 us: 40 us is below the least period (100 us)
        assertThat(TimedRepetitions.periodAfter(new long[] {10_000, 10_000, 5_000_000}))
                .isEqualTo(TimedRepetitions.LEAST_PERIOD_NANOS);
    }

    @Test
    void theWarmUpLearnsAPeriodFromItsRepetitionsNotFromAColdGuess() {
        // Each repetition spins rank 1 for 2 ms (the wall clock's compute waits at least that long), so the
        // warm-up's last block has a median of at least 2 ms and the measured period is at least 4 x 2 ms,
        // although the schedule starts from the least period. Rank 1's finish is at least its 2 ms.
        try (Machine machine = wallMachine(LatencySampling.OFF)) {
            TimedRepetitions.Result r = TimedRepetitions.run(machine, 60, 5, (p, k) -> {
                if (p.rank() == 1) {
                    p.compute(2_000_000);
                }
            });
            assertThat(r.periodNanos()).isGreaterThanOrEqualTo(4 * 2_000_000);
            assertThat(r.finish()[1]).isGreaterThanOrEqualTo(2_000_000);
        }
        // A given period is kept as given.
        try (Machine machine = wallMachine(LatencySampling.OFF)) {
            assertThat(TimedRepetitions.run(machine, TimedRepetitions.Warmup.exactly(2), 3, 300_000, PING)
                    .periodNanos()).isEqualTo(300_000);
        }
    }

    @Test
    void refusesAModelClockMachine() {
        try (Machine model = Machine.open(RunConfig.builder(LogP.of(6, 2, 4, 2)).build())) {
            assertThatThrownBy(() -> TimedRepetitions.run(model, 1, 1, 1_000, PING))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("wall-clock machine");
        }
    }
}
