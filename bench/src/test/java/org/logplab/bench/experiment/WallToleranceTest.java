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
    void theNoteBlamesABusyHostOnlyWhenTheLoadAverageSaysSo() {
        assertThat(WallTolerance.note("the wall-clock broadcast on 2 processors", 129.67, 1.95, 2, 2)).isEqualTo(
                "warning: the wall-clock broadcast on 2 processors took 129.7x its prediction, outside the tolerance"
                        + " (measured / predicted within 0.9-1.5x): the host looked busy (load average 1.95 over the"
                        + " last minute on 2 cores)");
        // the idle host: nobody else ran, so the note says so and names the run's own cause
        assertThat(WallTolerance.note("x", 22.7, 0.02, 2, 2)).endsWith(": the host was not busy (load average 0.02"
                + " over the last minute on 2 cores), so the cause is in this JVM: "
                + WallTolerance.OWN_CAUSE);
        assertThat(WallTolerance.note("x", 2, null, 2, 2)).endsWith(": the load average is unknown, and with it"
                + " whether other programs took the cores");
    }

    @Test
    void busyMeansTooFewIdleCoresForTheRunsThreads() {
        // 2 threads on 2 cores: any load from half a core up leaves them fewer than 2 idle cores
        assertThat(WallTolerance.busy(0.02, 2, 2)).isFalse();
        assertThat(WallTolerance.busy(0.49, 2, 2)).isFalse();
        assertThat(WallTolerance.busy(0.5, 2, 2)).isTrue();
        // 2 threads on 16 cores: a load of 14 still leaves them 2 idle cores, 14.5 does not
        assertThat(WallTolerance.busy(14.0, 16, 2)).isFalse();
        assertThat(WallTolerance.busy(14.5, 16, 2)).isTrue();
        // 8 threads on 2 cores: oversubscribed by themselves; the others' load is judged from half a core
        assertThat(WallTolerance.busy(0.02, 2, 8)).isFalse();
        assertThat(WallTolerance.busy(0.6, 2, 8)).isTrue();
        assertThat(WallTolerance.busy(null, 2, 2)).isFalse();
    }

    @Test
    void moreProcessorsThanCoresOversubscribe() {
        assertThat(WallTolerance.oversubscribed(2, 2)).isFalse();
        assertThat(WallTolerance.oversubscribed(3, 2)).isTrue();
        assertThat(WallTolerance.oversubscription(8, 2).orElseThrow()).startsWith("warning: 8 processors on 2 cores:")
                .endsWith("its rows are marked oversubscribed and not judged");
        assertThat(WallTolerance.oversubscription(2, 2)).isEmpty();
    }
}
