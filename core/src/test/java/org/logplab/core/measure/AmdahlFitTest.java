package org.logplab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class AmdahlFitTest {

    @Test
    void recoversTheLawFromItsOwnPoints() {
        // F = 0.05, K1 = 0.01, K2 = 0.002: S(2) = 1 / (0.05 + 0.475 + 0.01 + 0.008) = 1 / 0.543.
        double[] p = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] s = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            s[i] = 1 / (0.05 + 0.95 / p[i] + 0.01 + 0.002 * p[i] * p[i]);
        }
        assertThat(s[1]).isCloseTo(1 / 0.543, within(1e-12));
        AmdahlFit fit = AmdahlFit.fit(p, s);
        assertThat(fit.serialFraction()).isCloseTo(0.05, within(1e-9));
        assertThat(fit.k1()).isCloseTo(0.01, within(1e-9));
        assertThat(fit.k2()).isCloseTo(0.002, within(1e-9));
        assertThat(fit.speedup(2)).isCloseTo(1 / 0.543, within(1e-9));
    }

    @Test
    void plainAmdahlHasNoOverhead() {
        // F = 0.1, no overhead: S(P) = 1 / (0.1 + 0.9 / P).
        double[] p = {1, 2, 4, 8};
        double[] s = {1, 1 / 0.55, 1 / 0.325, 1 / 0.2125};
        AmdahlFit fit = AmdahlFit.fit(p, s);
        assertThat(fit.serialFraction()).isCloseTo(0.1, within(1e-9));
        assertThat(fit.k1()).isCloseTo(0, within(1e-9));
        assertThat(fit.k2()).isCloseTo(0, within(1e-9));
    }

    @Test
    void rejectsTooFewOrBadPoints() {
        assertThatThrownBy(() -> AmdahlFit.fit(new double[] {1, 2}, new double[] {1, 2}))
                .hasMessageContaining("three distinct");
        assertThatThrownBy(() -> AmdahlFit.fit(new double[] {1, 2, 3}, new double[] {1, 0, 2}))
                .hasMessageContaining("speedup must be positive");
        assertThatThrownBy(() -> AmdahlFit.fit(new double[] {0, 2, 3}, new double[] {1, 1, 2}))
                .hasMessageContaining("at least 1");
        assertThatThrownBy(() -> AmdahlFit.fit(new double[] {1, 2, 3}, new double[] {1, 2}))
                .hasMessageContaining("differ in length");
    }

    @Test
    void theBoundedFitRecoversALawWithinItsBoundsAsTheFreeOneDoes() {
        // F = 0.05, K1 = 0.01, K2 = 0.002, as above: nothing to hold, the same parameters.
        double[] p = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] s = law(p, 0.05, 0.01, 0.002);
        AmdahlFit.Bounded b = AmdahlFit.fitBounded(p, s);
        assertThat(b.constrained()).isFalse();
        assertThat(b.fit()).isEqualTo(b.free());
        assertThat(b.fit().serialFraction()).isCloseTo(0.05, within(1e-9));
        assertThat(b.fit().k1()).isCloseTo(0.01, within(1e-9));
        assertThat(b.fit().k2()).isCloseTo(0.002, within(1e-9));
    }

    /**
     * Speedups that a negative constant overhead explains (F = 0.1, K1 = -0.05, K2 = 0.002: at
     * P = 1, 1/S = 0.1 + 0.9 - 0.05 + 0.002 = 0.952, a speedup of 1.05 over itself): the free fit
     * finds K1 = -0.05; the bounded one holds K1 at 0 and, by the Karush-Kuhn-Tucker conditions of
     * least squares in {@code 1/S - 1/P = F (1 - 1/P) + K1 + K2 P^2}, has a zero gradient in F and
     * K2 and a gradient in K1 that is not negative (raising K1 from 0 would not help). Its speedup
     * at P = 1 is at most 1.
     */
    @Test
    void aNegativeOverheadIsHeldAtZeroAndTheOthersRefitted() {
        double[] p = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] s = law(p, 0.1, -0.05, 0.002);
        assertThat(s[0]).isCloseTo(1 / 0.952, within(1e-12));
        AmdahlFit.Bounded b = AmdahlFit.fitBounded(p, s);
        assertThat(b.free().k1()).isCloseTo(-0.05, within(1e-9));
        assertThat(b.free().speedup(1)).isGreaterThan(1);
        assertThat(b.constrained()).isTrue();
        assertThat(b.heldAtBounds()).containsExactly("K1");
        AmdahlFit fit = b.fit();
        assertThat(fit.k1()).isZero();
        assertThat(fit.serialFraction()).isBetween(0.0, 1.0);
        assertThat(fit.k2()).isGreaterThanOrEqualTo(0);
        assertThat(fit.speedup(1)).isLessThanOrEqualTo(1);
        // gradient of sum (1/S - 1/P - F (1 - 1/P) - K1 - K2 P^2)^2 over (F, K1, K2): -2 sum r_i x_i
        double gF = 0;
        double gK1 = 0;
        double gK2 = 0;
        for (int i = 0; i < p.length; i++) {
            double r = 1 / s[i] - 1 / p[i] - fit.serialFraction() * (1 - 1 / p[i]) - fit.k1() - fit.k2() * p[i] * p[i];
            gF += -2 * r * (1 - 1 / p[i]);
            gK1 += -2 * r;
            gK2 += -2 * r * p[i] * p[i];
        }
        assertThat(gF).isCloseTo(0, within(1e-9));
        assertThat(gK2).isCloseTo(0, within(1e-9));
        assertThat(gK1).isGreaterThan(0);
    }

    private static double[] law(double[] p, double f, double k1, double k2) {
        double[] s = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            s[i] = 1 / (f + (1 - f) / p[i] + k1 + k2 * p[i] * p[i]);
        }
        return s;
    }
}
