package org.logplab.core.collective.optimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The optimal broadcast tree (Shou and Chen (1997), §1-2): the seed's worked trees, the tree
 * against the brute-force smallest labels, both role walks, and the degenerate costs.
 */
class OptimalTreeTest {

    @Test
    void shouldMatchTheSeedsTreesWorkedByHand() {
        // T*(8): the root (label 0) sends at 0, 4, 8, 12 -> children labelled 10, 14, 18, 22; node 10
        // has children 20, 24; node 14 has 24. Preorder: 0, 10, 20, 24, 14, 24, 18, 22.
        OptimalTree eight = new OptimalTree(10, 4, 8);
        assertThat(labels(eight)).containsExactly(0, 10, 20, 24, 14, 24, 18, 22);
        assertThat(eight.role(0).children()).containsExactly(1, 4, 6, 7);
        assertThat(eight.role(1).children()).containsExactly(2, 3);
        assertThat(eight.role(5).parent()).isEqualTo(4);
        // T*(7): the seed drops preorder node 7 (label 22); Theorem 1's tree drops the last 24 instead.
        assertThat(labels(new OptimalTree(10, 4, 7))).containsExactly(0, 10, 20, 24, 14, 18, 22);
    }

    @Test
    void treeShouldHoldExactlyTheSmallestLabelsWithParentsAndChildrenConsistent() {
        long[][] costs = {{10, 4}, {4, 10}, {3, 3}, {1, 7}, {7, 1}, {13, 5}, {2, 2}};
        for (long[] c : costs) {
            long[] brute = GeneralTreeOracle.smallestLabels(c[0], c[1], 400);
            for (int size = 1; size <= 400; size += size < 60 ? 1 : 7) {
                OptimalTree tree = new OptimalTree(c[0], c[1], size);
                long[] got = labels(tree);
                long[] sorted = got.clone();
                Arrays.sort(sorted);
                assertThat(sorted).as("D=%d I=%d size %d", c[0], c[1], size)
                        .containsExactly(Arrays.copyOf(brute, size));
                assertThat(tree.time()).isEqualTo(brute[size - 1]);
                checkStructure(tree, c[0], c[1]);
            }
        }
    }

    @Test
    void rolesFoundByBisectionShouldEqualTheLinearWalk() {
        long[][] costs = {{10, 4}, {4, 10}, {3, 3}, {1, 7}, {7, 1}, {13, 5}, {2, 2}, {1, 1}};
        Random random = new Random(11);
        for (long[] c : costs) {
            for (int size : new int[] {2, 3, 17, 400, 4099, 100_000}) {
                OptimalTree tree = new OptimalTree(c[0], c[1], size);
                for (int n = 0; n < 300; n++) {
                    int j = n < 100 ? Math.min(n, size - 1) : random.nextInt(size);
                    OptimalRole fast = tree.role(j);
                    OptimalRole linear = tree.locate(j).role();
                    assertThat(fast.parent()).as("D=%d I=%d size %d node %d", c[0], c[1], size, j)
                            .isEqualTo(linear.parent());
                    assertThat(fast.label()).isEqualTo(linear.label());
                    assertThat(fast.children()).containsExactly(linear.children());
                }
            }
        }
    }

    @Test
    void shouldBeAStarOrAChainWhenCostsAreZero() {
        // No gap and no overhead: the root reaches all at once.
        assertThat(new OptimalTree(5, 0, 9).role(0).children()).hasSize(8);
        // No latency and no overhead but a gap: a chain.
        assertThat(new OptimalTree(0, 3, 9).role(4).parent()).isEqualTo(3);
    }

    @Test
    void shouldRejectANodeOutsideTheTree() {
        assertThatThrownBy(() -> new OptimalTree(10, 4, 8).role(8))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside 0..7");
    }

    private static long[] labels(OptimalTree tree) {
        long[] labels = new long[tree.size()];
        for (int j = 0; j < tree.size(); j++) {
            labels[j] = tree.role(j).label();
        }
        return labels;
    }

    /** Children in send order at D + k*I; parents agree; subtrees are contiguous preorder blocks. */
    private static void checkStructure(OptimalTree tree, long d, long i) {
        int size = tree.size();
        int[] subtreeEnd = new int[size];
        for (int j = size - 1; j >= 0; j--) {
            OptimalRole role = tree.role(j);
            int[] children = role.children();
            int expectedStart = j + 1;
            subtreeEnd[j] = j + 1;
            for (int k = 0; k < children.length; k++) {
                int c = children[k];
                OptimalRole child = tree.role(c);
                assertThat(child.parent()).isEqualTo(j);
                assertThat(child.label()).isEqualTo(role.label() + d + k * i);
                assertThat(c).as("child block start").isEqualTo(expectedStart);
                expectedStart = subtreeEnd[c];
                subtreeEnd[j] = subtreeEnd[c];
            }
            if (j > 0) {
                assertThat(role.parent()).isBetween(0, j - 1);
            }
        }
        assertThat(subtreeEnd[0]).isEqualTo(size);
    }
}
