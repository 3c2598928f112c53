package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpeedupModelTest {

    @Test
    void shouldFollowTheSeedsFormulasWorkedByHand() {
        // t_elem = 2 ns, t_a = 1000 ns, t_b = 0.5 ns/B; N = 1024 (log 10), p = 4 (log 2):
        // T_s = 2 * 1024 * 10 = 20480; T_comp = 5120; T_comm = 4 (1000 + 0.5 * 16 * 256)(2 + 2) = 4 * 3048 * 4 = 48768.
        SpeedupModel m = new SpeedupModel(2, 1000, 0.5);
        assertThat(m.serialNanos(1024)).isEqualTo(20480.0);
        assertThat(m.parallelNanos(1024, 4)).isEqualTo(5120.0 + 48768.0);
        assertThat(m.speedup(1024, 4)).isCloseTo(20480.0 / 53888.0, within(1e-12));
        assertThat(m.efficiency(1024, 4)).isCloseTo(20480.0 / 53888.0 / 4, within(1e-12));
        assertThat(m.speedup(1024, 1)).isEqualTo(1.0);
        // Data already distributed: log2 p = 2 rounds instead of 4, T_comm = 4 * 3048 * 2 = 24384.
        assertThat(m.parallelNanos(1024, 4, false)).isEqualTo(5120.0 + 24384.0);
    }

    @Test
    void speedupShouldRiseWithNAndEfficiencyFallWithP() {
        SpeedupModel m = new SpeedupModel(1.5, 2000, 0.1);
        assertThat(m.speedup(1 << 20, 2)).isGreaterThan(m.speedup(1 << 14, 2));
        assertThat(m.efficiency(1 << 20, 4)).isLessThan(m.efficiency(1 << 20, 2));
    }

    @Test
    void shouldFitTheElementTimeExactlyFromNoiselessTimings() {
        long[] sizes = {1 << 10, 1 << 12, 1 << 14};
        double[] nanos = {3.0 * 1024 * 10, 3.0 * 4096 * 12, 3.0 * 16384 * 14};
        assertThat(SpeedupModel.fitElementNanos(sizes, nanos)).isCloseTo(3.0, within(1e-12));
    }
}
