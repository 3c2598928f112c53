package org.logplab.core.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;

/**
 * Optimal broadcast (Shou and Chen (1997), §1-2): counts against Theorem 2's recursion and brute
 * force, the tree against the brute-force smallest labels, the seed's worked examples, and the
 * bounds.
 */
class OptimalBroadcastTest {

    @Test
    void shouldMatchTheSeedsExamplesWorkedByHand() {
        // L=6, o=2, g=4: D = L + 2o = 10, I = 4. f = 1 below 10; then f(n) = f(n-4) + f(n-10):
        // f(10..13) = 2, f(14..17) = 3, f(18..19) = 4, f(20..21) = 5, f(22..23) = 6, f(24) = 5 + 3 = 8.
        LabelCounts f = new LabelCounts(10, 4);
        long[] expected = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 8};
        for (int n = 0; n < expected.length; n++) {
            assertThat(f.size(n)).as("f(%d)", n).isEqualTo(expected[n]);
        }
        OptimalBroadcast b = new OptimalBroadcast();
        assertThat(b.predict(LogP.of(6, 2, 4, 8), 8, 0, 8)).isEqualTo(24);
        assertThat(b.predict(LogP.of(6, 2, 4, 7), 7, 0, 8)).isEqualTo(24);
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
    void countsShouldEqualTheorem2AndBruteForce() {
        Random random = new Random(3);
        for (int trial = 0; trial < 200; trial++) {
            long d = 1 + random.nextInt(30);
            long i = 1 + random.nextInt(30);
            LabelCounts counts = new LabelCounts(d, i);
            long[] f = GeneralTreeOracle.theorem2(d, i, 150);
            for (int x = 0; x <= 150; x++) {
                assertThat(counts.size(x)).as("f(%d) D=%d I=%d", x, d, i).isEqualTo(f[x]);
            }
            for (int x = 0; x <= 60 && counts.size(x) <= 100_000; x += 1 + random.nextInt(5)) {
                List<Long> sub = GeneralTreeOracle.subtreeLabels(d, i, x);
                assertThat(counts.size(x)).isEqualTo(sub.size());
                assertThat(counts.labelSum(x)).as("h(%d) D=%d I=%d", x, d, i)
                        .isEqualTo(sub.stream().mapToLong(Long::longValue).sum());
            }
        }
    }

    @Test
    void binomialsShouldBeExactBelowTheCapAndSaturateAbove() {
        assertThat(LabelCounts.binomial(10, 3)).isEqualTo(120);
        assertThat(LabelCounts.binomial(60, 30)).isEqualTo(118_264_581_564_861_424L);
        assertThat(LabelCounts.binomial(62, 31)).isEqualTo(465_428_353_255_261_088L);
        assertThat(LabelCounts.binomial(66, 33)).as("7.2e18, past the cap").isEqualTo(LabelCounts.CAP);
        assertThat(LabelCounts.binomial(2_000_000_000L, 2)).isEqualTo(2_000_000_000L * 1_999_999_999L / 2);
        assertThat(LabelCounts.binomial(3_000_000_000L, 2)).as("4.5e18, past the cap").isEqualTo(LabelCounts.CAP);
        assertThat(new LabelCounts(1, 1).size(200)).isEqualTo(LabelCounts.CAP);
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
                assertThat(sorted).as("D=%d I=%d size %d", c[0], c[1], size).containsExactly(Arrays.copyOf(brute, size));
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
                    assertThat(fast.parent()).as("D=%d I=%d size %d node %d", c[0], c[1], size, j).isEqualTo(linear.parent());
                    assertThat(fast.label()).isEqualTo(linear.label());
                    assertThat(fast.children()).containsExactly(linear.children());
                }
            }
        }
    }

    @Test
    void predictionShouldEqualTheBruteForceTimeForEveryGroupUpTo2000() {
        OptimalBroadcast b = new OptimalBroadcast();
        Random random = new Random(5);
        for (int trial = 0; trial < 40; trial++) {
            long L = random.nextInt(50);
            long o = random.nextInt(12);
            long g = trial % 2 == 0 ? o + random.nextInt(30) : random.nextInt((int) o + 1);
            long d = L + 2 * o;
            long i = Math.max(g, o);
            if (d == 0 || i == 0) {
                continue;
            }
            long[] brute = GeneralTreeOracle.smallestLabels(d, i, 2000);
            for (int size = 1; size <= 2000; size++) {
                assertThat(b.predict(LogP.of(L, o, g, size), size, size / 2, 8))
                        .as("L=%d o=%d g=%d K=%d", L, o, g, size).isEqualTo(brute[size - 1]);
            }
        }
    }

    @Test
    void shouldStayWithinTheSeedsBoundsAndNeverLoseToTheOtherBroadcasts() {
        OptimalBroadcast optimal = new OptimalBroadcast();
        BinomialMulticast binomial = new BinomialMulticast();
        FibonacciMulticast fibonacci = new FibonacciMulticast();
        for (long[] c : new long[][] {{6, 2, 4}, {20, 1, 3}, {2, 1, 9}, {0, 3, 1}}) {
            for (int size = 2; size <= 500; size++) {
                LogP params = LogP.of(c[0], c[1], c[2], size);
                long t = optimal.predict(params, size, 0, 8);
                long d = params.messageTime();
                long i = params.sendInterval();
                double log = Math.log(size) / Math.log(2);
                assertThat((double) t).as("%s K=%d", params, size)
                        .isGreaterThanOrEqualTo(Math.min(d, i) * log)
                        .isLessThan(Math.max(d, i) * (log + 2));
                for (int source : new int[] {0, size / 3, size - 1}) {
                    assertThat(t).isLessThanOrEqualTo(binomial.predict(params, size, source, 8))
                            .isLessThanOrEqualTo(fibonacci.predict(params, size, source, 8));
                }
            }
        }
    }

    @Test
    void shouldHandleZeroCostsAsAStarOrAChain() {
        OptimalBroadcast b = new OptimalBroadcast();
        // No gap and no overhead: the root reaches all at once after L.
        assertThat(b.predict(LogP.of(5, 0, 0, 9), 9, 0, 8)).isEqualTo(5);
        assertThat(new OptimalTree(5, 0, 9).role(0).children()).hasSize(8);
        // No latency and no overhead but a gap: a chain, everyone at time 0.
        assertThat(b.predict(LogP.of(0, 0, 3, 9), 9, 0, 8)).isZero();
        assertThat(new OptimalTree(0, 3, 9).role(4).parent()).isEqualTo(3);
        for (LogP params : List.of(LogP.of(5, 0, 0, 9), LogP.of(0, 0, 3, 9))) {
            RunResult r = Machine.run(params, ClockKind.MODEL,
                    p -> assertThat(b.broadcast(p, Group.all(9, 4), p.rank() == 4 ? 7L : null)).isEqualTo(7L));
            assertThat(r.makespan()).isEqualTo(b.predict(params, 9, 4, 8));
        }
    }

    @Test
    void shouldRejectAPayloadOfAnotherSizeWhenTheTreeDependsOnIt() {
        LogP params = new LogP(6, 2, 4, 4, 1);
        OptimalBroadcast b = new OptimalBroadcast();
        assertThat(b.forPayload(8)).isSameAs(b);
        assertThat(b.forPayload(80).predict(params, 4, 0, 80)).isEqualTo(new OptimalTree(2 + 79 + 6 + 2, 81, 4).time());
        assertThatThrownBy(() -> b.predict(params, 4, 0, 80))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("new OptimalBroadcast(80)");
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
