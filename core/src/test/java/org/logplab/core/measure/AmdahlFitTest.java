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
}
