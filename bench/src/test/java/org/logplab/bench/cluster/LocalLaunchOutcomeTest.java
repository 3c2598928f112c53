package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A launch's verdict: a failed node first, then results against theory (where it has a closed form). */
class LocalLaunchOutcomeTest {

    private static LocalLaunch.Outcome outcome(boolean ok, long[] results, long[] expected) {
        return new LocalLaunch.Outcome(new NodeResults(ok, ok ? new long[] {5, 9} : null, results, 0), null, expected,
                true);
    }

    @Test
    void aFailedNodeFailsTheLaunchWithoutAVerdictOnTheResults() {
        LocalLaunch.Outcome o = outcome(false, new long[] {0, 0}, new long[] {1, 2});
        assertThat(o.failure()).isEqualTo("a node failed");
        assertThat(o.theoryOk()).isNull();
        assertThat(o.equal()).isNull();
    }

    @Test
    void resultsAreJudgedByTheoryWhereItHasAClosedForm() {
        assertThat(outcome(true, new long[] {1, 2}, new long[] {1, 2}).failure()).isNull();
        assertThat(outcome(true, new long[] {1, 3}, new long[] {1, 2}).failure()).isEqualTo("the results differ");
        LocalLaunch.Outcome noTheory = outcome(true, new long[] {1, 3}, null);
        assertThat(noTheory.theoryOk()).isNull();
        assertThat(noTheory.failure()).isNull();
        assertThat(noTheory.nodes().makespan()).isEqualTo(9);
    }
}
