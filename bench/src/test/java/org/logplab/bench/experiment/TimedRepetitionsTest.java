package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;

/** Timed repetitions on a machine that stays up: rows share it, its configuration chooses the latencies recorded. */
class TimedRepetitionsTest {
    private static final TimedRepetitions.Step PING = (p, k) -> {
        if (p.rank() == 0) {
            p.sendLong(1, 0, k);
        } else {
            assertThat(p.recvLong(0, 0)).isEqualTo(k);
        }
    };

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void rowsShareOneMachineAndItsSamplingDecidesTheHistogram() {
        RunConfig config = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).latency(LatencySampling.OFF)
                .build();
        try (Machine machine = Machine.open(config)) {
            for (int row = 0; row < 2; row++) {
                TimedRepetitions.Result r = TimedRepetitions.run(machine, 10, 20, 50_000, PING);
                assertThat(r.nanos().length + r.discarded()).isEqualTo(20);
                assertThat(r.latency().getTotalCount()).isZero();
            }
            assertThat(machine.isClosed()).isFalse();
        }
        // the overload that takes parameters opens its own machine and records every message
        TimedRepetitions.Result all = TimedRepetitions.run(LogP.of(0, 0, 0, 2), 10, 20, 50_000, PING);
        assertThat(all.latency().getTotalCount()).isGreaterThanOrEqualTo(30);
    }

    @Test
    void refusesAModelClockMachine() {
        try (Machine model = Machine.open(RunConfig.builder(LogP.of(6, 2, 4, 2)).build())) {
            assertThatThrownBy(() -> TimedRepetitions.run(model, 1, 1, 1_000, PING))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("wall-clock machine");
        }
    }
}
