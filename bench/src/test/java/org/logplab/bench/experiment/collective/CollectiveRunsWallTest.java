package org.logplab.bench.experiment.collective;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.collective.Group;

/**
 * A wall-clock row of {@code logplab collective} (and of the demo's multicast) on injected cores:
 * marked {@code oversubscribed} when its processors outnumber them, and then not judged.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectiveRunsWallTest {
    /** L = 1 ns: binomial on 2 is predicted at 1 ns, beyond any real message, so a judged row is disturbed. */
    private static final CollectiveRuns RUNS = new CollectiveRuns(LogP.of(1, 0, 0, 2), Group.all(2, 0),
            ClockKind.WALL, LatencySampling.OFF, 0, 5);

    private static Row binomial(WallTolerance.Tally verdict) throws Exception {
        return RUNS.run(RUNS.choose("binomial"), null, verdict);
    }

    @Test
    void twoProcessorsOnOneCoreAreMarkedAndNotJudged() throws Exception {
        WallTolerance.Tally oneCore = new WallTolerance.Tally(1, () -> 0.02);
        Row row = binomial(oneCore);
        assertThat(row.get("oversubscribed")).isEqualTo(true);
        assertThat(row.fields()).containsEntry("disturbed", null);
        assertThat(row.get("ok")).as("the data is checked all the same").isEqualTo(true);
        assertThat(oneCore.warning(2)).isEmpty();
    }

    @Test
    void twoProcessorsOnTwoCoresAreJudged() throws Exception {
        WallTolerance.Tally twoCores = new WallTolerance.Tally(2, () -> 0.02);
        Row row = binomial(twoCores);
        assertThat(row.get("oversubscribed")).isEqualTo(false);
        assertThat(row.get("disturbed")).isEqualTo(true);
        assertThat(row.get("predicted_ns")).isEqualTo(1L);
        assertThat((Integer) row.get("warmup")).isGreaterThanOrEqualTo(5);
        assertThat(twoCores.warning(2).orElseThrow()).contains("the host was not busy (load average 0.02");
    }
}
