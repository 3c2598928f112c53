package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {

    @Test
    void shouldGiveStudentsIntervalByHand() {
        // 1..5: mean 3, s^2 = (4 + 1 + 0 + 1 + 4) / 4 = 2.5, standard error sqrt(2.5 / 5) = sqrt(0.5);
        // t(0.975, 4) = 2.776: half-width 2.776 * 0.70711 = 1.96293.
        MeanInterval m = MeanInterval.of(1, 2, 3, 4, 5);
        assertThat(m.mean()).isEqualTo(3.0);
        assertThat(m.halfWidth()).isCloseTo(2.776 * Math.sqrt(0.5), within(1e-12));
        assertThat(m.n()).isEqualTo(5);
        assertThat(m.low()).isCloseTo(1.03707, within(1e-5));
    }

    @Test
    void oneSampleHasNoWidthAndOverlapsEverything() {
        MeanInterval one = MeanInterval.of(7);
        assertThat(one.halfWidth()).isNaN();
        assertThat(one.overlaps(MeanInterval.of(100, 101))).isTrue();
    }

    @Test
    void overlapIsDecidedByTheEnds() {
        MeanInterval a = MeanInterval.of(10, 12);          // 11 +- 12.706 * 1 / 1 ... wide
        MeanInterval tightLow = MeanInterval.of(10, 10.2, 9.8, 10, 10);
        MeanInterval tightHigh = MeanInterval.of(20, 20.2, 19.8, 20, 20);
        assertThat(tightLow.overlaps(tightHigh)).isFalse();
        assertThat(tightHigh.overlaps(tightLow)).isFalse();
        assertThat(a.overlaps(tightLow)).isTrue();
    }

    @Test
    void theQuantileFollowsTheTableThenTheNormalApproximation() {
        assertThat(MeanInterval.t975(1)).isEqualTo(12.706);
        assertThat(MeanInterval.t975(30)).isEqualTo(2.042);
        // t(0.975, 60) = 2.000 and t(0.975, 120) = 1.980 in the printed tables.
        assertThat(MeanInterval.t975(60)).isCloseTo(2.000, within(0.002));
        assertThat(MeanInterval.t975(120)).isCloseTo(1.980, within(0.001));
        assertThatThrownBy(() -> MeanInterval.t975(0)).hasMessageContaining("at least 1");
        assertThatThrownBy(MeanInterval::of).hasMessageContaining("no samples");
        assertThatThrownBy(() -> MeanInterval.of(1, Double.NaN)).hasMessageContaining("not a finite number");
    }
}
