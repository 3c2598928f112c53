package org.logplab.core.collective.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.logplab.core.LogP;

/**
 * Where Fibonacci multicast beats uniform halving, by the exact predictors. The seed claims the
 * crossover is {@code g = 0.3884 (L + 2o)}; exactly, it is a band that moves with {@code K}
 * (see {@link MulticastCrossover}), and the seed's condition is only sufficient.
 */
class MulticastCrossoverTest {
    private static final double LOG2_PHI = Math.log((1 + Math.sqrt(5)) / 2) / Math.log(2);

    @Test
    void sweepRowsCarryBothPredictionsAndTheWinner() {
        List<MulticastCrossover.Row> rows = MulticastCrossover.sweep(6, 2, 8, new long[] {4, 10, 20});
        assertThat(rows).extracting(MulticastCrossover.Row::g).containsExactly(4L, 10L, 20L);
        MulticastCrossover.Row example = rows.get(0);
        assertThat(example.ratio()).isEqualTo(0.4);
        assertThat(example.binomialTime()).isEqualTo(30);
        assertThat(example.fibonacciTime()).isEqualTo(24);
        assertThat(example.winner()).isEqualTo("fibonacci");
        for (MulticastCrossover.Row row : rows) {
            LogP params = LogP.of(6, 2, row.g(), 8);
            assertThat(row.binomialTime()).isEqualTo(new BinomialMulticast().predict(params, 8, 0, 8));
            assertThat(row.fibonacciTime()).isEqualTo(new FibonacciMulticast().predict(params, 8, 0, 8));
            assertThat(row.winner()).isEqualTo(row.fibonacciTime() < row.binomialTime() ? "fibonacci"
                    : row.binomialTime() < row.fibonacciTime() ? "binomial" : "tie");
        }
    }

    @Test
    void everyGroupUpTo2000HasOneCrossoverAboveHalfTheMessageTime() {
        long[] gaps = new long[201];
        for (int g = 0; g < gaps.length; g++) {
            gaps[g] = g;
        }
        long[][] latencyOverhead = {{100, 0}, {80, 10}};
        for (long[] lo : latencyOverhead) {
            for (int size = 3; size <= 2000; size++) {
                List<MulticastCrossover.Row> rows = MulticastCrossover.sweep(lo[0], lo[1], size, gaps);
                int first = firstBinomialWin(rows);
                assertThat(first).as("K %d: binomial wins somewhere up to g = 2(L + 2o)", size).isPositive();
                for (MulticastCrossover.Row row : rows) {
                    assertThat(row.g() < first ? !row.winner().equals("binomial") : row.winner().equals("binomial"))
                            .as("K %d, L %d, o %d, g %d: one crossover, at g = %d", size, lo[0], lo[1], row.g(), first)
                            .isTrue();
                }
                // Fibonacci is never slower while max(g, o) <= (L + 2o)/2, so the seed's g <= 0.3884 (L + 2o) is safe.
                assertThat(first).as("K %d", size).isGreaterThan(50);
            }
        }
    }

    @Test
    void crossoverForLargeGroupsIsABandWellAboveTheSeeds0_3884() {
        Random random = new Random(3);
        double lowest = 1;
        double highest = 0;
        for (int trial = 0; trial < 300; trial++) {
            int size = 10_000 + random.nextInt(10_000_000);
            double ratio = MulticastCrossover.crossoverGap(10_000, 0, size, 40_000) / 10_000.0;
            lowest = Math.min(lowest, ratio);
            highest = Math.max(highest, ratio);
        }
        // Measured 0.48 .. 0.76 over K in 10^4 .. 2^31: never near 0.3884, and not one number.
        assertThat(lowest).isGreaterThan(0.45);
        assertThat(highest).isLessThan(0.8);
        assertThat(highest - lowest).isGreaterThan(0.15);
    }

    @Test
    void crossoverForFibonacciGroupSizesIsExactAndTendsToLog2OfTheGoldenRatio() {
        // For K = f(n) and x = g/(L + 2o) > 1/2 the heaviest Fibonacci path is the source's own:
        // n - 3 sends of g, then one hop from f(3) = 2, against ceil(log2 K) hops for halving, so
        // binomial wins from x > (ceil(log2 K) - 1) / (n - 3), which tends to log2(phi).
        long hop = 1_000_000;
        for (int n = 4; n <= 46; n++) {
            int size = FibonacciSplit.fibonacci(n);
            long levels = 32 - Integer.numberOfLeadingZeros(size - 1);
            long expected = (levels - 1) * hop / (n - 3) + 1;
            long gap = MulticastCrossover.crossoverGap(hop, 0, size, 4 * hop);
            assertThat(gap).as("K = f(%d)", n).isEqualTo(expected);
            // log2 f(n) = n log2(phi) - log2(sqrt 5) + o(1), so the distance shrinks as 1/(n - 3).
            assertThat(gap / (double) hop).as("K = f(%d)", n).isCloseTo(LOG2_PHI, Offset.offset(1.0 / (n - 3)));
        }
    }

    private static int firstBinomialWin(List<MulticastCrossover.Row> rows) {
        for (MulticastCrossover.Row row : rows) {
            if (row.winner().equals("binomial")) {
                return (int) row.g();
            }
        }
        return -1;
    }
}
