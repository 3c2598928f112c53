package org.logplab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HockneyFitTest {

    @Test
    void recoversAnExactLine() {
        // t(m) = 500 ns + m / 2 bytes-per-ns: r_inf = 2 B/ns, m_half = 1000 B, pi0 = 1/500 per ns
        double[] sizes = {8, 64, 1024, 65536};
        double[] times = {504, 532, 1012, 33268};
        HockneyFit fit = HockneyFit.fit(sizes, times);
        assertThat(fit.t0Nanos()).isCloseTo(500, within(1e-9));
        assertThat(fit.rInfBytesPerNano()).isCloseTo(2, within(1e-12));
        assertThat(fit.rInfGigabytesPerSecond()).isCloseTo(2, within(1e-12));
        assertThat(fit.mHalfBytes()).isCloseTo(1000, within(1e-9));
        assertThat(fit.pi0PerNano()).isCloseTo(0.002, within(1e-15));
        assertThat(fit.r2()).isCloseTo(1, within(1e-12));
        assertThat(fit.predictNanos(2048)).isCloseTo(1524, within(1e-9));
    }

    @Test
    void noisyPointsStillGiveTheLineWithinTheNoise() {
        SplittableRandom random = new SplittableRandom(1);
        int n = 200;
        double[] sizes = new double[n];
        double[] times = new double[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = 1 << (i % 20);
            times[i] = 300 + sizes[i] / 4 + random.nextDouble(-5, 5);
        }
        HockneyFit fit = HockneyFit.fit(sizes, times);
        assertThat(fit.t0Nanos()).isCloseTo(300, within(2.0));
        assertThat(fit.rInfBytesPerNano()).isCloseTo(4, within(0.001));
        assertThat(fit.r2()).isGreaterThan(0.999);
    }

    @Test
    void timeThatDoesNotGrowWithSizeMeansInfiniteBandwidth() {
        HockneyFit fit = HockneyFit.fit(new double[] {8, 1024}, new double[] {100, 100});
        assertThat(fit.rInfBytesPerNano()).isInfinite();
        assertThat(fit.t0Nanos()).isEqualTo(100);
        assertThat(fit.r2()).isNaN();
    }

    @Test
    void largeSizesDoNotSwampTheStartUpTime() {
        // t = 400 + m/12, the 1 MB time 1% high (+874 ns, twice t0): an ordinary least-squares
        // fit gives t0 = 381.9; relative residuals keep t0 = 399.74 and r_inf = 11.94
        double[] sizes = {8, 1024, 65536, 1 << 20};
        double[] times = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            times[i] = 400 + sizes[i] / 12;
        }
        times[3] *= 1.01;
        HockneyFit fit = HockneyFit.fit(sizes, times);
        assertThat(fit.t0Nanos()).isCloseTo(400, within(1.0));
        assertThat(fit.rInfBytesPerNano()).isCloseTo(12, within(0.1));
    }

    @Test
    void rejectsTimesThatAreNotPositive() {
        assertThatThrownBy(() -> HockneyFit.fit(new double[] {8, 16}, new double[] {100, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> HockneyFit.fit(new double[] {8, 16}, new double[] {100, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
    }

    @Test
    void needsTwoDistinctSizes() {
        assertThatThrownBy(() -> HockneyFit.fit(new double[] {8, 8}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two distinct message sizes");
        assertThatThrownBy(() -> HockneyFit.fit(new double[] {8}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HockneyFit.fit(new double[] {8, 16}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("differ in length");
    }
}
