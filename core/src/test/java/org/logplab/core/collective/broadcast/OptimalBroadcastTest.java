package org.logplab.core.collective.broadcast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.optimal.GeneralTreeOracle;
import org.logplab.core.collective.optimal.OptimalTree;

/**
 * Optimal broadcast (Shou and Chen (1997), §1-2): the seed's worked examples, the prediction
 * against the brute-force smallest labels, the bounds, and payload sizes. The tree and its counts
 * are tested in {@code org.logplab.core.collective.optimal}.
 */
class OptimalBroadcastTest {

    @Test
    void shouldMatchTheSeedsExamplesWorkedByHand() {
        // L=6, o=2, g=4: T*(8; 6, 2, 4) = T*(7; 6, 2, 4) = 24 (the trees in OptimalTreeTest).
        OptimalBroadcast b = new OptimalBroadcast();
        assertThat(b.predict(LogP.of(6, 2, 4, 8), 8, 0, 8)).isEqualTo(24);
        assertThat(b.predict(LogP.of(6, 2, 4, 7), 7, 0, 8)).isEqualTo(24);
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
        // No latency and no overhead but a gap: a chain, everyone at time 0.
        assertThat(b.predict(LogP.of(0, 0, 3, 9), 9, 0, 8)).isZero();
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
        assertThat(b.forPayload(80).predict(params, 4, 0, 80))
                .isEqualTo(new OptimalTree(2 + 79 + 6 + 2, 81, 4).time());
        assertThatThrownBy(() -> b.predict(params, 4, 0, 80))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("new OptimalBroadcast(80)");
    }
}
