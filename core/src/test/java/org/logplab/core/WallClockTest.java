package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wall clock injects L, o and g on real cores. Injection can only add time, so the tests
 * assert the lower bounds exactly and the upper bounds generously (a shared 2-core machine may
 * stall a thread for milliseconds); the precise recovery of injected parameters is an experiment
 * ({@code logplab measure}), not a unit test.
 */
class WallClockTest {
    private static final long L = 200_000;
    private static final long O = 20_000;
    private static final long G = 50_000;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyMessageTakesAtLeastLPlusTwoO() {
        int rounds = 200;
        RunResult r = Machine.run(LogP.of(L, O, G, 2), ClockKind.WALL, p -> {
            for (int i = 0; i < rounds; i++) {
                if (p.rank() == 0) {
                    p.send(1, 0, (long) i);
                    assertThat(p.recv(1).asLong()).isEqualTo(i);
                } else {
                    p.send(0, 0, p.recv(0).asLong());
                }
            }
        });
        Histogram latency = r.latency();
        assertThat(latency.getTotalCount()).isEqualTo(2L * rounds);
        assertThat(latency.getMinValue()).isGreaterThanOrEqualTo(L + 2 * O);
        // The fastest message within 3x of the injected cost: a loaded machine stalls some
        // messages, never all, and a runtime that slept in coarse steps would fail this.
        assertThat(latency.getMinValue()).isLessThan(3 * (L + 2 * O));
        assertThat(r.makespan()).isGreaterThanOrEqualTo(rounds * 2 * (L + 2 * O));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void consecutiveSendsStartAtLeastGApartAndReceivesToo() {
        int k = 20;
        RunResult r = RunConfig.builder(LogP.of(L, O, G, 2)).clock(ClockKind.WALL).trace(true).run(p -> {
            for (int i = 0; i < k; i++) {
                if (p.rank() == 0) {
                    p.send(1, 0, (long) i);
                } else {
                    p.recv(0);
                }
            }
        });
        List<TraceEvent> events = r.trace().orElseThrow().events();
        for (TraceEvent.Kind kind : List.of(TraceEvent.Kind.SEND, TraceEvent.Kind.RECV)) {
            List<TraceEvent> ops = events.stream().filter(e -> e.kind() == kind).toList();
            assertThat(ops).hasSize(k);
            for (int i = 1; i < k; i++) {
                assertThat(ops.get(i).start() - ops.get(i - 1).start()).as("%s %d", kind, i)
                        .isGreaterThanOrEqualTo(G);
            }
            for (TraceEvent e : ops) {
                assertThat(e.end() - e.start()).isGreaterThanOrEqualTo(O);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void computeBusiesTheProcessorForTheGivenNanoseconds() {
        RunResult r = Machine.run(LogP.of(0, 0, 0, 1), ClockKind.WALL, p -> p.compute(3_000_000));
        assertThat(r.finishTime(0)).isGreaterThanOrEqualTo(3_000_000);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void recvAnyTakesEveryMessageOnce() {
        int senders = 3;
        int each = 200;
        long[] sums = new long[senders + 1];
        RunResult r = Machine.run(LogP.of(1_000, 0, 0, senders + 1), ClockKind.WALL, p -> {
            if (p.rank() == 0) {
                for (int i = 0; i < senders * each; i++) {
                    Message m = p.recvAny();
                    sums[m.source()] += m.asLong();
                }
            } else {
                for (int i = 1; i <= each; i++) {
                    p.send(0, 0, (long) i);
                }
            }
        });
        for (int s = 1; s <= senders; s++) {
            assertThat(sums[s]).isEqualTo(each * (each + 1L) / 2);
        }
        assertThat(r.inFlight()).isEmpty();
    }
}
