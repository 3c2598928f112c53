package org.logplab.core.collective.gossip;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link ImprovedGossip} beats the seed, never the bound, and breaks no H* rule. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ImprovedGossipTest {

    @Test
    void shouldTakeFewerStepsThanTheSeedAndNoFewerThanTheBound() {
        // Every n to 33 and a few larger ones; the n^4 runs are independent, so spread over the cores.
        List<String> wrong = Stream.concat(IntStream.rangeClosed(2, 33).boxed(), Stream.of(40, 48)).parallel()
                .map(n -> {
            HStarMesh mesh = new HStarMesh(n);
            int steps = new ImprovedGossip().run(mesh);
            int seed = GossipAlgorithm.seedSteps(n);
            boolean right = (n == 2 ? steps == seed : steps < seed) && steps >= GossipAlgorithm.lowerBound(n)
                    && steps <= GossipAlgorithm.lowerBound(n) + 3 && mesh.allHoldEverything()
                    && mesh.redundantTransfers() == 0;
            return right ? null : "n=" + n + ": " + steps + " steps (seed " + seed + ", bound "
                    + GossipAlgorithm.lowerBound(n) + "), complete " + mesh.allHoldEverything();
        }).filter(s -> s != null).toList();

        assertThat(wrong).isEmpty();
    }

    @Test
    void shouldMeetTheBoundExactlyForSmallMeshes() {
        for (int n : new int[] {2, 3, 4, 6}) {
            assertThat(GossipReport.run(n, "improved").steps()).as("n=%d", n).isEqualTo(GossipAlgorithm.lowerBound(n));
        }
    }

    @Test
    void shouldProduceTheSameScheduleEveryTime() {
        List<List<Transfer>> first = record(9);
        List<List<Transfer>> second = record(9);

        assertThat(second).isEqualTo(first);
    }

    @Test
    void shouldRouteEveryMessageAlongASpanningTreeLoadingEvenLinksExactlyAtTheBound() {
        for (int n : new int[] {4, 8, 10}) {
            TwoLineTrees trees = new TwoLineTrees(n);
            int[] load = new int[2 * n * n];
            for (int m = 0; m < n * n; m++) {
                for (int v = 0; v < n * n; v++) {
                    int p = trees.parent(m, v);
                    if (v == m) {
                        assertThat(p).isEqualTo(-1);
                        continue;
                    }
                    assertThat(Math.abs(p / n - v / n) + Math.abs(p % n - v % n)).as("n=%d m=%d v=%d", n, m, v)
                            .isEqualTo(1);
                    int lo = Math.min(p, v);
                    load[2 * lo + (Math.abs(p - v) == 1 ? 0 : 1)]++;
                    assertThat(depth(trees, m, v, n)).isLessThan(n * n);
                }
            }
            for (int lo = 0; lo < n * n; lo++) {
                if (lo % n < n - 1) {
                    assertThat(load[2 * lo]).as("n=%d row link at %d", n, lo).isEqualTo(GossipAlgorithm.lowerBound(n));
                }
                if (lo + n < n * n) {
                    assertThat(load[2 * lo + 1]).as("n=%d column link at %d", n, lo)
                            .isEqualTo(GossipAlgorithm.lowerBound(n));
                }
            }
        }
    }

    /** Steps from {@code v} up to the root; a cycle would never end, so it is cut off at n^2. */
    private static int depth(TwoLineTrees trees, int m, int v, int n) {
        int d = 0;
        for (int u = v; u != m && d < n * n; u = trees.parent(m, u)) {
            d++;
        }
        return d;
    }

    private static List<List<Transfer>> record(int n) {
        List<List<Transfer>> steps = new java.util.ArrayList<>();
        new ImprovedGossip().run(new HStarMesh(n, step -> steps.add(step.transfers())));
        return steps;
    }
}
