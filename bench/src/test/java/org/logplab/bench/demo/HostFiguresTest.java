package org.logplab.bench.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The plausibility rules on the host's figures, with hand-made figures (no timing). */
class HostFiguresTest {
    /** A quiet 2-core host's figures (docs/benchmarks.md: L 169 ns, o 124 ns, g 250 ns, t0 262 ns, r_inf 24.5 GB/s). */
    private static final HostFigures QUIET = new HostFigures(169, 169, 124, 250, 262, 24.5, 262 * 24.5);

    @Test
    void quietFiguresPass() {
        assertThat(QUIET.problems()).isEmpty();
    }

    @Test
    void theIssuesFiguresAreFlaggedOneReasonEach() {
        // "L 3,995,658 ns, g -45 ns, r_inf 788 GB/s" from a busy host
        HostFigures busy = new HostFigures(3_995_658, 3_995_658, 124, -45, 262, 788, 262 * 788);
        List<String> why = busy.problems();
        assertThat(why).hasSize(3);
        assertThat(why.get(0)).isEqualTo("L = 4 ms exceeds 100 us for in-process threads (a descheduled thread)");
        assertThat(why.get(1)).isEqualTo("g = -45 ns is negative");
        assertThat(why.get(2)).isEqualTo("r_inf = 788 GB/s exceeds 100 GB/s, more than one core can copy");
    }

    @Test
    void eachBoundIsItsOwnRule() {
        assertThat(new HostFigures(169, 169, -1, 250, 262, 24.5, 0).problems())
                .containsExactly("o = -1 ns is negative");
        assertThat(new HostFigures(169, 169, 124, 250, -1932, 24.5, 0).problems())
                .containsExactly("t0 = -1,932 ns is negative");
        assertThat(new HostFigures(169, 169, 124, 150_000, 262, 24.5, 0).problems())
                .containsExactly("g = 150 us exceeds 100 us for in-process threads (a descheduled thread)");
        // 100 us itself and 100 GB/s themselves are still plausible: the bounds are inclusive
        assertThat(new HostFigures(100_000, 100_000, 124, 250, 262, 100, 0).problems()).isEmpty();
        assertThat(new HostFigures(169, 169, 124, 250, 262, 0.05, 0).problems())
                .containsExactly("r_inf = 0.05 GB/s is below 0.1 GB/s, slower than any memory copy");
        assertThat(new HostFigures(169, 169, 124, 250, 262, Double.POSITIVE_INFINITY, 0).problems())
                .containsExactly("r_inf = Infinity: the one-way time did not grow with the message size");
        assertThat(new HostFigures(Double.NaN, Double.NaN, 124, 250, 262, 24.5, 0).problems())
                .containsExactly("L is not a number (NaN)");
    }

    @Test
    void anEstimateClampedAtZeroIsFlagged() {
        // PRTT(1,0) = 400 ns and o = 205 ns give L = 200 - 410 < 0, which the estimator clamps to 0
        assertThat(new HostFigures(0, -210, 205, 250, 262, 24.5, 0).problems())
                .containsExactly("L came out negative (PRTT(1,0)/2 - 2o = -210 ns) and was clamped to 0");
        assertThat(new HostFigures(129_197, 129_197, 0, 211, 204, 5.6, 0).problems()).containsExactly(
                "L = 129 us exceeds 100 us for in-process threads (a descheduled thread)",
                "o = 0: every send costs its sender some time; the estimate came out at or below 0 and was clamped");
    }
}
