package org.logplab.core.collective.gossip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link GossipReport#run} is the command line's entry: fields, formulas and bad input. */
class GossipReportTest {

    @Test
    void shouldReportStepsBoundAndSeedFormula() {
        GossipReport seed = GossipReport.run(8, "seed");
        GossipReport improved = GossipReport.run(8, "improved");

        assertThat(seed).isEqualTo(new GossipReport(8, "seed", 42, 36, 42, true));
        assertThat(improved.algo()).isEqualTo("improved");
        assertThat(improved.steps()).isBetween(36, 41);
        assertThat(improved.ok()).isTrue();
        assertThat(seed.ratioToBound()).isEqualTo(42 / 36.0);
    }

    @Test
    void shouldKeepTheoremOnesBoundAnIntegerForEveryN() {
        for (int n = 2; n <= 64; n++) {
            assertThat((n * n + n) % 2).isZero();
            assertThat((n * n + 3 * n - 4) % 2).isZero();
            assertThat(GossipAlgorithm.seedSteps(n) - GossipAlgorithm.lowerBound(n)).isEqualTo(n - 2);
        }
    }

    @Test
    void shouldRejectUnknownAlgorithmsAndMeshSides() {
        assertThatThrownBy(() -> GossipReport.run(4, "flooding"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown gossip algorithm 'flooding'; known: seed, improved");
        assertThatThrownBy(() -> GossipReport.run(1, "seed"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mesh side n must be in 2..128");
    }
}
