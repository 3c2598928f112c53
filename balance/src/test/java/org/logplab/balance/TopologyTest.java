package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The domains of the topologies: their members, their symmetry, how far apart any two nodes are. */
class TopologyTest {
    @Test
    void aCompleteNetworkOfUpTo17NodesIsOneDomain() {
        for (int n = 1; n <= 17; n++) {
            for (int i = 0; i < n; i++) {
                assertThat(Topology.COMPLETE.domain(i, n)).hasSize(n - 1).doesNotContain(i);
            }
        }
    }

    @Test
    void onMoreNodesACompleteDomainIsTheMembersAtPowerOfTwoDistances() {
        // 256 nodes, node 0: +1, +2, ..., +128 and -1, -2, ..., -64 (-128 is +128).
        assertThat(Topology.COMPLETE.domain(0, 256))
                .containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 192, 224, 240, 248, 252, 254, 255);
        // 18 nodes, node 5: +-1, +-2, +-4, +-8 -> 6, 7, 9, 13 and 4, 3, 1, 15 (5 - 8 mod 18).
        assertThat(Topology.COMPLETE.domain(5, 18)).containsExactly(1, 3, 4, 6, 7, 9, 13, 15);
    }

    @Test
    void everyDomainIsSymmetricAndEveryNodeIsWithinLog2HopsOnABoundedCompleteNetwork() {
        for (int n : new int[] {18, 100, 256, 300, 1024}) {
            int[][] domains = new int[n][];
            for (int i = 0; i < n; i++) {
                domains[i] = Topology.COMPLETE.domain(i, n);
            }
            for (int i = 0; i < n; i++) {
                for (int j : domains[i]) {
                    assertThat(Arrays.binarySearch(domains[j], i)).as("%d in the domain of %d of %d", i, j, n)
                            .isNotNegative();
                }
            }
            int log2 = 32 - Integer.numberOfLeadingZeros(n - 1);
            assertThat(eccentricity(domains, 0)).as("%d nodes", n).isLessThanOrEqualTo(log2);
        }
        for (Topology t : Topology.values()) {
            for (int i = 0; i < 30; i++) {
                for (int j : t.domain(i, 30)) {
                    assertThat(t.domain(j, 30)).as("%s", t).contains(i);
                }
            }
        }
    }

    /** The most hops from {@code from} to any node, by breadth-first search. */
    private static int eccentricity(int[][] domains, int from) {
        int[] hops = new int[domains.length];
        Arrays.fill(hops, -1);
        hops[from] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        int most = 0;
        while (!queue.isEmpty()) {
            int i = queue.poll();
            for (int j : domains[i]) {
                if (hops[j] < 0) {
                    hops[j] = hops[i] + 1;
                    most = Math.max(most, hops[j]);
                    queue.add(j);
                }
            }
        }
        assertThat(hops).as("every node reached").doesNotContain(-1);
        return most;
    }
}
