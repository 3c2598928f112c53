package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The run's phases, BYE counting, and when a node is finished with its peers and with the network. */
class RunPhasesTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final RunPhases phases = new RunPhases(3);

    @Test
    void phasesFollowTheProtocolAndTheFirstFailureCounts() {
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.SETUP);
        phases.running();
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.RUNNING);
        long before = System.nanoTime();
        phases.failed();
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.FAILED);
        long failedAt = System.nanoTime();
        phases.failed();
        phases.finishAfterLinger(RunPhases.Phase.FAILED, before + 299 * MS);
        assertThat(phases.finished()).as("300 ms after the failure").isFalse();
        phases.finishAfterLinger(RunPhases.Phase.FAILED, failedAt + 301 * MS);
        assertThat(phases.finished()).isTrue();
    }

    @Test
    void anEndedRunLingersLonger() {
        phases.running();
        phases.ended();
        long endedAt = System.nanoTime();
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.ENDED);
        phases.finishAfterLinger(RunPhases.Phase.ENDED, endedAt + 2_000 * MS);
        assertThat(phases.finished()).isFalse();
        phases.finishAfterLinger(RunPhases.Phase.ENDED, endedAt + 3_001 * MS);
        assertThat(phases.finished()).isTrue();
    }

    @Test
    void nodeZeroHearsByeFromEveryOtherNode() {
        assertThat(phases.bye()).isFalse();
        assertThat(phases.bye()).isTrue();
    }

    @Test
    void theNetworkIsDoneOnceFinishedAndTheLastFramesWent() {
        assertThat(phases.networkDone(() -> true)).isFalse();
        phases.finish();
        assertThat(phases.networkDone(() -> false)).isFalse();
        assertThat(phases.networkDone(() -> true)).isTrue();
    }
}
