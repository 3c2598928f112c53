package org.logplab.core.collective.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.collective.Group;

/**
 * The predictors against the analysis of Gu, Li and Liu (2002) (docs/algorithms.md §2, §3), where
 * it is right and where not.
 */
class MulticastTheoryTest {
    private final BinomialMulticast binomial = new BinomialMulticast();
    private final FibonacciMulticast fibonacci = new FibonacciMulticast();

    /** {L, o, g}, all with max(g, o) <= L + 2o. */
    private static final long[][] SMALL_GAP = {{6, 2, 4}, {10, 0, 10}, {0, 5, 7}, {20, 3, 26}, {1, 1, 0}, {9, 4, 17}};

    @Test
    void binomialTakesCeilLog2KHopsWhenTheSourceIsAtAnEnd() {
        for (long[] t : SMALL_GAP) {
            for (int size = 1; size <= 2000; size++) {
                LogP params = LogP.of(t[0], t[1], t[2], size);
                long formula = (32 - Integer.numberOfLeadingZeros(size - 1)) * (t[0] + 2 * t[1]);
                assertThat(BinomialMulticast.seedFormula(params, size)).isEqualTo(formula);
                assertThat(binomial.predict(params, size, 0, 8)).as("%s first", params).isEqualTo(formula);
                assertThat(binomial.predict(params, size, size - 1, 8)).as("%s last", params).isEqualTo(formula);
            }
        }
    }

    @Test
    void binomialIsAtMostTheSeedsFormulaFromAnyPosition() {
        for (long[] t : SMALL_GAP) {
            for (int size = 1; size <= 300; size++) {
                LogP params = LogP.of(t[0], t[1], t[2], size);
                for (int source = 0; source < size; source++) {
                    assertThat(binomial.predict(params, size, source, 8))
                            .isLessThanOrEqualTo(BinomialMulticast.seedFormula(params, size));
                }
            }
        }
    }

    @Test
    void binomialFromTheMiddleOfThreeBeatsTheSeedsFormula() {
        // Third case of the center rule: the source keeps two members and serves the second
        // max(g, o) after the first, not L + 2o after.
        LogP params = LogP.of(6, 2, 4, 3);
        assertThat(binomial.predict(params, 3, 1, 8)).isEqualTo(10 + 4).isLessThan(20);
        assertThat(Machine.run(params, ClockKind.MODEL,
                p -> binomial.broadcast(p, Group.all(3, 1), 5L)).makespan()).isEqualTo(14);
    }

    @Test
    void seedsWorkedExampleTakes30ByHalvingAnd24ByFibonacci() {
        LogP params = LogP.of(6, 2, 4, 8);
        assertThat(Machine.run(params, ClockKind.MODEL, p -> binomial.broadcast(p, Group.all(8, 0), 1L)).makespan())
                .isEqualTo(30);
        assertThat(Machine.run(params, ClockKind.MODEL, p -> fibonacci.broadcast(p, Group.all(8, 0), 1L)).makespan())
                .isEqualTo(24);
    }

    @Test
    void fibonacciFollowsTheSeedsRecursionWhenTheGapIsAtLeastTheOverhead() {
        long[][] triples = {{6, 2, 4}, {10, 1, 30}, {0, 0, 1}, {100, 10, 10}, {7, 3, 50}, {13, 0, 5}};
        for (long[] t : triples) {
            long hop = t[0] + 2 * t[1];
            long gap = t[2];
            long[] recursion = seedRecursion(3000, hop, gap);
            for (int size = 1; size <= 3000; size++) {
                assertThat(fibonacci.predict(LogP.of(t[0], t[1], gap, size), size, size / 3, 8))
                        .as("K %d, L+2o %d, g %d", size, hop, gap).isEqualTo(recursion[size]);
            }
        }
    }

    @Test
    void fibonacciTimeDoesNotDependOnTheSourcePosition() {
        LogP params = new LogP(7, 3, 2, 40, 1);
        for (int size = 1; size <= 200; size++) {
            long first = fibonacci.predict(params, size, 0, 24);
            for (int source = 1; source < size; source++) {
                assertThat(fibonacci.predict(params, size, source, 24)).isEqualTo(first);
            }
        }
        for (int source = 0; source < 40; source += 13) {
            int s = source;
            assertThat(Machine.run(params, ClockKind.MODEL, p -> fibonacci.broadcast(p, Group.all(40, s), new long[3]))
                    .makespan()).isEqualTo(fibonacci.predict(params, 40, 0, 24));
        }
    }

    @Test
    void fibonacciRespectsTheSeedsBoundNine() {
        long[] latencies = {0, 1, 2, 5, 10, 20, 50};
        long[] overheads = {0, 1, 3};
        long[] extraGaps = {0, 1, 2, 5, 10, 20, 40};
        for (long L : latencies) {
            for (long o : overheads) {
                for (long extra : extraGaps) {
                    for (int size = 1; size <= 1000; size++) {
                        LogP params = LogP.of(L, o, o + extra, size);
                        assertThat(fibonacci.predict(params, size, 0, 8))
                                .as("%s", params).isLessThanOrEqualTo(FibonacciMulticast.seedBound(params, size));
                    }
                }
            }
        }
    }

    @Test
    void seedsBoundElevenIsNoBoundBecauseOfTheSignErrorInStepTen() {
        LogP params = LogP.of(6, 2, 4, 5);
        assertThat(fibonacci.predict(params, 5, 0, 8)).isEqualTo(20);
        assertThat(FibonacciMulticast.seedBound(params, 5)).isEqualTo(28);
        assertThat(FibonacciMulticast.seedLogBound(params, 5)).isEqualTo(14);
    }

    /** The seed's (3)-(4) as printed, with its own Fibonacci numbers: an oracle independent of the code. */
    private static long[] seedRecursion(int maxSize, long hop, long gap) {
        long[] fib = new long[60];
        fib[1] = 1;
        for (int i = 2; i < fib.length; i++) {
            fib[i] = fib[i - 1] + fib[i - 2];
        }
        long[] t = new long[maxSize + 1];
        if (maxSize >= 2) {
            t[2] = hop;
        }
        for (int k = 3; k <= maxSize; k++) {
            int n = 1;
            while (fib[n + 1] <= k) {
                n++;
            }
            int small = (int) fib[n - 2];
            t[k] = Math.max(t[small] + hop, t[k - small] + gap);
        }
        return t;
    }
}
