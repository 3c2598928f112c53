package org.logplab.core.collective.optimal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The counting functions of the general broadcast tree (Shou and Chen (1997), §2): against the
 * seed's worked example, Theorem 2's recursion and brute force, and saturating binomials.
 */
class LabelCountsTest {

    @Test
    void shouldMatchTheSeedsCountsWorkedByHand() {
        // L=6, o=2, g=4: D = L + 2o = 10, I = 4. f = 1 below 10; then f(n) = f(n-4) + f(n-10):
        // f(10..13) = 2, f(14..17) = 3, f(18..19) = 4, f(20..21) = 5, f(22..23) = 6, f(24) = 5 + 3 = 8.
        LabelCounts f = new LabelCounts(10, 4);
        long[] expected = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 8};
        for (int n = 0; n < expected.length; n++) {
            assertThat(f.size(n)).as("f(%d)", n).isEqualTo(expected[n]);
        }
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
        assertThat(LabelCounts.binomial(3_000_000_000L, 2)).as("4.5e18, past the cap")
                .isEqualTo(LabelCounts.CAP);
        assertThat(new LabelCounts(1, 1).size(200)).isEqualTo(LabelCounts.CAP);
    }
}
