package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A wall-clock time far from its prediction is counted disturbed, and the warning says how many and how far. */
class WallToleranceTallyTest {

    @Test
    void aTimeOutsideTheToleranceIsDisturbed() {
        WallTolerance.Tally v = new WallTolerance.Tally();
        // the quiet host's figures, the bounds themselves, and the busy host's
        assertThat(v.judge(102, 100)).isFalse();
        assertThat(v.judge(116, 100)).isFalse();
        assertThat(v.judge(150, 100)).isFalse();
        assertThat(v.judge(90, 100)).isFalse();
        assertThat(v.warning(2)).isEmpty();
        assertThat(v.judge(151, 100)).isTrue();
        assertThat(v.judge(8_300, 100)).isTrue();
        assertThat(v.judge(89, 100)).isTrue();
        String line = v.warning(8).orElseThrow();
        assertThat(line)
                .startsWith("warning: the host looked busy: 3 of 7 wall-clock times are outside 0.9-1.5x their"
                + " prediction (up to 83.0x)");
        if (WallTolerance.loadAverage() != null) {
            assertThat(line).contains("; load average ");
        }
        if (Runtime.getRuntime().availableProcessors() < 8) {
            assertThat(line).contains("; 8 threads on ");
        }
    }
}
