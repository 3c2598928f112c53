package org.logplab.core.collective.gossip;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link SeedGossip} meets the seed's own count and completes the gossip, under the H* referee. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("slow")
class SeedGossipTest {

    @Test
    void shouldTakeExactlyTheSeedsStepCountAndCompleteForEveryNFrom2To64() {
        // The n^4 runs are independent: spread them over the cores.
        List<String> wrong = IntStream.rangeClosed(2, 64).parallel().mapToObj(n -> {
            HStarMesh mesh = new HStarMesh(n);
            int steps = new SeedGossip().run(mesh);
            boolean right = steps == (n * n + 3 * n - 4) / 2 && steps == mesh.steps() && mesh.allHoldEverything()
                    && mesh.redundantTransfers() == 0;
            return right ? null : "n=" + n + ": " + steps + " steps, complete " + mesh.allHoldEverything()
                    + ", redundant " + mesh.redundantTransfers();
        }).filter(s -> s != null).toList();

        assertThat(wrong).isEmpty();
    }

    @Test
    void shouldSpendNMinus1StepsInPhaseOneAndTheSeedsPhaseTwoCountAfter() {
        // The listener sees each step once it is applied and counted.
        int n = 7;
        int[] firstStepHolding = new int[1];
        HStarMesh[] ref = new HStarMesh[1];
        ref[0] = new HStarMesh(n, step -> {
            if (firstStepHolding[0] == 0 && phaseOneDone(ref[0], n)) {
                firstStepHolding[0] = ref[0].steps();
            }
        });
        int steps = new SeedGossip().run(ref[0]);

        assertThat(firstStepHolding[0]).isEqualTo(n - 1);
        assertThat(steps - (n - 1)).isEqualTo((n * n + n - 2) / 2);
    }

    /** Whether every node holds its row's even and its column's odd messages. */
    private static boolean phaseOneDone(HStarMesh mesh, int n) {
        for (int v = 0; v < n * n; v++) {
            int x = v / n;
            int y = v % n;
            for (int j = 0; j < n; j++) {
                if ((x + j) % 2 == 0 && !mesh.holds(v, x * n + j) || (j + y) % 2 == 1 && !mesh.holds(v, j * n + y)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void shouldMatchTheLowerBoundOnlyForTheTwoByTwoMesh() {
        assertThat(GossipReport.run(2, "seed").steps()).isEqualTo(GossipAlgorithm.lowerBound(2));
        assertThat(GossipReport.run(3, "seed").steps()).isEqualTo(GossipAlgorithm.lowerBound(3) + 1);
    }
}
