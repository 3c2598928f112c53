package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Row;

/**
 * One command's wall-clock verdicts on an injected host (its cores and load average): a time far
 * from its prediction is disturbed, a run with more threads than cores is marked and not judged,
 * and the warning blames a busy host only when the load average says so.
 */
class WallToleranceTallyTest {

    /** A load average that reads {@code before} when the tally is made and {@code after} at its warning. */
    private static Supplier<Double> load(Double before, Double after) {
        ArrayDeque<Double> readings = new ArrayDeque<>(List.of(before, after));
        return () -> readings.size() > 1 ? readings.poll() : readings.peek();
    }

    @Test
    void aTimeOutsideTheToleranceIsDisturbed() {
        WallTolerance.Tally v = new WallTolerance.Tally(2, load(3.0, 3.0));
        // the quiet host's figures, the bounds themselves, and the busy host's
        assertThat(v.judge(102, 100, 2)).isFalse();
        assertThat(v.judge(116, 100, 2)).isFalse();
        assertThat(v.judge(150, 100, 2)).isFalse();
        assertThat(v.judge(90, 100, 2)).isFalse();
        assertThat(v.warning(2)).isEmpty();
        assertThat(v.judge(151, 100, 2)).isTrue();
        assertThat(v.judge(8_300, 100, 2)).isTrue();
        assertThat(v.judge(89, 100, 2)).isTrue();
        assertThat(v.warning(2).orElseThrow()).isEqualTo("warning: 3 of 7 judged wall-clock times are outside"
                + " 0.9-1.5x their prediction (up to 83.0x), marked disturbed: the host looked busy (load average"
                + " 3.00 over the last minute on 2 cores)");
    }

    @Test
    void aRunWithMoreProcessorsThanCoresIsMarkedAndNotJudged() {
        // the run: binomial on P = 8, 2 cores, 10x its prediction, load average 0.02
        WallTolerance.Tally v = new WallTolerance.Tally(2, load(0.02, 0.02));
        Row row = v.mark(new Row(), 2_090_457, 210_000, 8);
        assertThat(row.get("oversubscribed")).isEqualTo(true);
        assertThat(row.fields()).containsEntry("disturbed", null);
        assertThat(v.warning(8)).as("nothing judged, nothing disturbed: no busy-host line").isEmpty();
        // the same run on 8 cores fits them and is judged
        WallTolerance.Tally wide = new WallTolerance.Tally(8, load(0.02, 0.02));
        Row fits = wide.mark(new Row(), 2_090_457, 210_000, 8);
        assertThat(fits.get("oversubscribed")).isEqualTo(false);
        assertThat(fits.get("disturbed")).isEqualTo(true);
        // a prediction of 0 gives no ratio to judge
        assertThat(wide.judge(5, 0, 2)).isNull();
    }

    @Test
    void theTextColumnsSayOversubscribedAndNotJudged() {
        WallTolerance.Tally v = new WallTolerance.Tally(2, load(0.02, 0.02));
        Row over = v.mark(new Row(), 2_090_457, 210_000, 8);
        Row fits = v.mark(new Row(), 71_000, 70_000, 2);
        List<Column> columns = WallTolerance.columns();
        assertThat(columns).extracting(Column::heading)
                .containsExactly("oversubscribed", "disturbed");
        assertThat(columns).extracting(c -> c.cell().apply(over)).containsExactly("yes", "not judged");
        assertThat(columns).extracting(c -> c.cell().apply(fits)).containsExactly("no", "no");
        assertThat(columns).extracting(c -> c.cell().apply(new Row().put("clock", "model")))
                .as("a model-clock row beside has neither").containsExactly("-", "-");
        assertThat(WallTolerance.predictedCell(70_000L)).isEqualTo("70,000 ns");
    }

    @Test
    void theBusyHostIsBlamedOnlyWithAHighLoadAverage() {
        // idle host (the 0.02), a disturbed time on 2 threads: not busy, the run's own cause named
        WallTolerance.Tally idle = new WallTolerance.Tally(2, load(0.02, 0.02));
        idle.judge(1_589_000, 70_000, 2);
        assertThat(idle.warning(2).orElseThrow()).doesNotContain("looked busy")
                .endsWith("the host was not busy (load average 0.02 over the last minute on 2 cores), so the cause is"
                        + " in this JVM: " + WallTolerance.OWN_CAUSE);
        // the run's own 2 threads raised the load to 1.9 by its end: less them, the host was still idle
        WallTolerance.Tally own = new WallTolerance.Tally(2, load(0.02, 1.9));
        own.judge(1_589_000, 70_000, 2);
        assertThat(own.warning(2).orElseThrow()).contains("the host was not busy (load average 0.02 ");
        // busy before the runs
        WallTolerance.Tally before = new WallTolerance.Tally(2, load(2.5, 2.5));
        before.judge(1_589_000, 70_000, 2);
        assertThat(before.warning(2).orElseThrow()).endsWith(": the host looked busy (load average 2.50 over the"
                + " last minute on 2 cores)");
        // a build started during the runs: 4.6 at the end is more than their own 2 threads
        WallTolerance.Tally during = new WallTolerance.Tally(2, load(0.02, 4.6));
        during.judge(1_589_000, 70_000, 2);
        assertThat(during.warning(2).orElseThrow()).endsWith(": the host looked busy (load average 4.60 over the"
                + " last minute on 2 cores)");
        // no load average at all: nobody blamed
        WallTolerance.Tally unknown = new WallTolerance.Tally(2, () -> null);
        unknown.judge(1_589_000, 70_000, 2);
        assertThat(unknown.warning(2).orElseThrow()).doesNotContain("busy").endsWith("the load average is unknown,"
                + " and with it whether other programs took the cores");
    }

    @Test
    void theWarningCountsTheRowsNotJudged() {
        WallTolerance.Tally v = new WallTolerance.Tally(2, load(0.02, 0.02));
        v.judge(1_589_000, 70_000, 2);
        v.judge(2_090_457, 210_000, 8);
        assertThat(v.warning(8).orElseThrow()).startsWith("warning: 1 of 1 judged wall-clock times are outside"
                + " 0.9-1.5x their prediction (up to 22.7x), marked disturbed; 1 not judged (oversubscribed): ");
    }
}
