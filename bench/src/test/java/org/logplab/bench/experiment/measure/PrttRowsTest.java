package org.logplab.bench.experiment.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The error column of {@code measure}: relative to what was injected, none where nothing was. */
class PrttRowsTest {

    @Test
    void theErrorIsRelativeToTheInjectedValue() {
        assertThat(PrttRows.error(55_000, 50_000)).isEqualTo(String.format("%+.1f%%", 10.0));
        assertThat(PrttRows.error(45_000, 50_000)).isEqualTo(String.format("%+.1f%%", -10.0));
        assertThat(PrttRows.error(1_234, 0)).isEqualTo("-");
    }
}
