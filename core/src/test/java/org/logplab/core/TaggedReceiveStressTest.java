package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Many runs of seeded random traffic ({@link TaggedTraffic}) with random {@code P}, tags,
 * wildcards and receive forms, on both clocks and with random real pauses between operations:
 * every message sent is received exactly once, per source in send order for every tag filter,
 * nothing is left in flight; and under the model clock a run with other interleavings gives the
 * same receipts at the same times.
 */
class TaggedReceiveStressTest {
    private static final int PER_RANK = 24;

    private static RunResult run(LogP params, ClockKind clock, ThreadKind threads, TaggedTraffic traffic) {
        RunResult r = Machine.run(RunConfig.builder(params).clock(clock).threads(threads)
                .timeout(Duration.ofSeconds(60)).build(), traffic);
        traffic.verify();
        assertThat(r.inFlight()).isEmpty();
        assertThat(r.messagesSent()).isEqualTo(traffic.messages());
        assertThat(r.messagesReceived()).isEqualTo(traffic.messages());
        return r;
    }

    @Property(tries = 150)
    void modelClockRunsMatchInOrderAndRepeatExactly(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 7) int processors, @ForAll @IntRange(max = 12) int latency,
            @ForAll @IntRange(max = 3) int overhead, @ForAll @IntRange(max = 6) int gap) {
        LogP params = LogP.of(latency, overhead, gap, processors);
        TaggedTraffic calm = new TaggedTraffic(seed, processors, PER_RANK, false, false);
        RunResult first = run(params, ClockKind.MODEL, ThreadKind.PLATFORM, calm);
        TaggedTraffic shaken = new TaggedTraffic(seed, processors, PER_RANK, true, false);
        RunResult again = run(params, ClockKind.MODEL, ThreadKind.PLATFORM, shaken);
        assertThat(shaken.received()).as("receipts and times under other interleavings").isEqualTo(calm.received());
        assertThat(again.finishTimes()).isEqualTo(first.finishTimes());
    }

    @Property(tries = 100)
    void wallClockRunsMatchInOrder(@ForAll long seed, @ForAll @IntRange(min = 2, max = 6) int processors,
            @ForAll boolean injected, @ForAll boolean virtual) {
        // Injected: L = 2 us, o = g = 0.5 us, so that messages carry arrival stamps to wait for.
        LogP params = injected ? LogP.of(2_000, 500, 500, processors) : LogP.of(0, 0, 0, processors);
        run(params, ClockKind.WALL, virtual ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM,
                new TaggedTraffic(seed, processors, PER_RANK, true, true));
    }
}
