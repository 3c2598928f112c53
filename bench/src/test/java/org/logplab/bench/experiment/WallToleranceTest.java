package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wall-clock tolerance (0.9-1.5x the prediction) and the load average beside it, with hand-made figures. */
class WallToleranceTest {

    @Test
    void ratiosInsideTheToleranceAreTheModels() {
        assertThat(WallTolerance.disturbed(1.0, false)).isFalse();
        assertThat(WallTolerance.disturbed(1.16, false)).isFalse(); // the worst quiet-host collective in the issue
        assertThat(WallTolerance.disturbed(0.9, false)).isFalse();
        assertThat(WallTolerance.disturbed(1.5, false)).isFalse();
    }

    @Test
    void ratiosOutsideAreDisturbedAndOversubscribedRunsAreNotJudged() {
        assertThat(WallTolerance.disturbed(1.51, false)).isTrue();
        assertThat(WallTolerance.disturbed(57, false)).isTrue(); // a busy host in the issue: 57-83x
        assertThat(WallTolerance.disturbed(0.89, false)).isTrue();
        assertThat(WallTolerance.disturbed(Double.NaN, false)).isTrue();
        assertThat(WallTolerance.disturbed(12.7, true)).isNull();
        assertThat(WallTolerance.disturbed(1.0, true)).isNull();
    }

    @Test
    void theLoadAverageIsTheFirstFieldOfProcLoadavg(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("loadavg");
        Files.writeString(file, "1.95 2.07 2.24 3/456 7890\n");
        assertThat(WallTolerance.loadAverage(file)).isEqualTo(1.95);
        Files.writeString(file, "busy\n");
        assertThat(WallTolerance.loadAverage(file)).isNull();
        assertThat(WallTolerance.loadAverage(dir.resolve("absent"))).isNull();
    }

    @Test
    void theNoteGivesTheRatioTheToleranceAndTheLoad() {
        assertThat(WallTolerance.note("the wall-clock broadcast on 2 processors", 129.67, 1.95, 2)).isEqualTo(
                "warning: the wall-clock broadcast on 2 processors took 129.7x its prediction, outside the tolerance"
                        + " (measured / predicted within 0.9-1.5x): the host looked busy (load average 1.95 over the"
                        + " last minute on 2 cores)");
        assertThat(WallTolerance.note("x", 2, null, 2)).endsWith("(load average unknown)");
    }
}
