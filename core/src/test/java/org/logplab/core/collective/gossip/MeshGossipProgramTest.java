package org.logplab.core.collective.gossip;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;

/** Both schedules, run as real messages on the LogP runtime, give every processor every message. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MeshGossipProgramTest {

    static java.util.stream.Stream<GossipAlgorithm> algorithms() {
        return GossipAlgorithm.all().stream();
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void shouldDeliverAllMessageIdsToEveryProcessorUnderTheModelClock(GossipAlgorithm algorithm) {
        for (int n = 2; n <= 8; n++) {
            MeshGossipProgram program = MeshGossipProgram.of(algorithm, n);
            int nodes = n * n;
            RunResult r = RunConfig.builder(LogP.of(6, 2, 4, nodes)).clock(ClockKind.MODEL)
                    .timeout(Duration.ofSeconds(30)).run(program);

            assertThat(program.allComplete()).as("%s n=%d", algorithm.name(), n).isTrue();
            for (int rank = 0; rank < nodes; rank++) {
                assertThat(program.heldBy(rank)).isEqualTo(nodes);
            }
            // Every node receives each of the other n^2 - 1 messages exactly once: no packet is wasted.
            assertThat(r.messagesReceived()).isEqualTo((long) nodes * (nodes - 1));
            assertThat(r.inFlight()).isEmpty();
            assertThat(program.steps()).isEqualTo(GossipReport.run(n, algorithm.name()).steps());
        }
    }
}
