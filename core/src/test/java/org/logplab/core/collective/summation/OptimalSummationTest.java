package org.logplab.core.collective.summation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.LongBinaryOperator;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.optimal.GeneralTreeOracle;

/**
 * Optimal summation (Shou and Chen (1997), §3): exact results, every operand read once, model time
 * equal to the plan, and the plan equal to a brute-force search over member counts and times.
 */
class OptimalSummationTest {

    @Test
    void shouldAddTheSeedsEightyTwoOperandsOnSevenProcessorsByHand() {
        // S*(7; 5, 2, 4): D = o + L + o + 1 = 10, I = max(g, o + 1) = 4, the tree of T*(7; 6, 2, 4):
        // labels 0, 10, 14, 18, 20, 22, 24 (sum 108), T_B = 24.
        // Theorem 5 at T_B: N_S = 7*24 - 108 - 2*6 + 1 = 49 (the seed's own tree, with the root's
        // fourth child dropped but still counted by Lemma 1's formula, gives it 44).
        // N = 82: cap(7, T) = 49 + 7(T - 24) >= 82 needs T = 29 (cap 84, surplus 2);
        // 6 members (labels sum 84, T*(6) = 22): 6T - 84 - 10 + 1 >= 82 needs T = 30.
        LogP params = LogP.of(5, 2, 4, 7);
        SummationPlan plan = SummationPlan.of(params, 7, 82);
        assertThat(plan.time()).isEqualTo(29);
        assertThat(plan.processors()).isEqualTo(7);
        assertThat(plan.treeTime()).isEqualTo(24);
        assertThat(plan.capacity()).isEqualTo(84);
        assertThat(plan.surplus()).isEqualTo(2);
        assertThat(plan.seedCapacity()).isEqualTo(49);
        assertThat(plan.seedTime()).isEqualTo(24 + 5);
        long[] operands = new Random(82).longs(82, -1000, 1000).toArray();
        assertThat(run(plan, 0, operands, Long::sum)).isEqualTo(java.util.Arrays.stream(operands).sum());
    }

    @Test
    void shouldBeatTheSeedsTheorem6WhenALeafLabelledTBCostsMoreThanItAdds() {
        // L=5, o=2, g=4 on 7: N_S = 49 at T_B = 24. One operand more: the seed needs 25. Dropping
        // the leaf labelled 24 frees its parent's o + 1 = 3 for its 1 operand: 6 members hold
        // cap(6, 24) = 6*24 - 84 - 10 + 1 = 51 by time 24, and so do 5 (labels 0, 10, 14, 18, 20):
        // 5*24 - 62 - 8 + 1 = 51; 4 members hold only 4*24 - 42 - 6 + 1 = 49. Ties go to fewer members.
        SummationPlan plan = SummationPlan.of(LogP.of(5, 2, 4, 7), 7, 50);
        assertThat(plan.seedTime()).isEqualTo(25);
        assertThat(plan.time()).isEqualTo(24);
        assertThat(plan.processors()).isEqualTo(5);
        assertThat(run(plan, 3, longs(50), Long::sum)).isEqualTo(50 * 49 / 2);
    }

    @Test
    void planShouldEqualABruteForceSearchAndTheRunShouldMeetItExactly() {
        Random random = new Random(6);
        for (int trial = 0; trial < 300; trial++) {
            long L = random.nextInt(20);
            long o = random.nextInt(6);
            long g = random.nextBoolean() ? o + 1 + random.nextInt(10) : random.nextInt((int) o + 2);
            long gPerByte = trial % 10 == 0 ? 1 : 0;
            int size = 1 + random.nextInt(trial < 250 ? 40 : 300);
            long n = 1 + random.nextInt(trial % 3 == 0 ? 40 : 5000);
            LogP params = new LogP(L, o, g, size, gPerByte);
            SummationPlan plan = SummationPlan.of(params, size, n);
            assertThat(plan.time()).as("%s N=%d", params, n).isEqualTo(bruteForceTime(params, size, n));
            if (plan.seedTime() >= 0) {
                assertThat(plan.time()).isLessThanOrEqualTo(plan.seedTime());
            }
            long[] operands = random.longs(n, -1_000_000, 1_000_000).toArray();
            int root = random.nextInt(size);
            assertThat(run(plan, root, operands, Long::sum)).isEqualTo(java.util.Arrays.stream(operands).sum());
        }
    }

    @Test
    void shouldWorkForAnyAssociativeCommutativeOperatorOnAnOrderedSubset() {
        long[] operands = new Random(9).longs(1000, -1_000_000, 1_000_000).toArray();
        LogP params = LogP.of(7, 1, 3, 12);
        Group group = Group.of(new int[] {11, 3, 5, 0, 8, 2}, 5);
        SummationPlan plan = SummationPlan.of(params, group.size(), operands.length);
        long[] got = new long[12];
        boolean[] present = new boolean[12];
        RunResult r = Machine.run(params, ClockKind.MODEL, p -> {
            OptionalLong total = new OptimalSummation().sum(p, group, plan, j -> operands[(int) j], Math::max);
            present[p.rank()] = total.isPresent();
            got[p.rank()] = total.orElse(0);
        });
        assertThat(got[5]).isEqualTo(java.util.Arrays.stream(operands).max().orElseThrow());
        for (int rank = 0; rank < 12; rank++) {
            assertThat(present[rank]).as("rank %d holds the result", rank).isEqualTo(rank == 5);
            if (group.indexOf(rank) < 0) {
                assertThat(r.sent(rank) + r.received(rank)).isZero();
            }
        }
        assertThat(r.makespan()).isEqualTo(plan.time());
    }

    @Test
    void shouldRejectBadInput() {
        LogP params = LogP.of(5, 2, 4, 4);
        assertThatThrownBy(() -> SummationPlan.of(params, 4, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 operand");
        assertThatThrownBy(() -> SummationPlan.of(params, 0, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 member");
        SummationPlan plan = SummationPlan.of(params, 4, 100);
        assertThatThrownBy(() -> Machine.run(LogP.of(6, 2, 4, 4), ClockKind.MODEL,
                p -> new OptimalSummation().sum(p, Group.all(4, 0), plan, j -> j, Long::sum)))
                .hasRootCauseInstanceOf(IllegalArgumentException.class).hasStackTraceContaining("plan made for");
    }

    /** Runs the plan on all members with root {@code root}; checks every operand is read once and the time. */
    private static long run(SummationPlan plan, int root, long[] operands, LongBinaryOperator op) {
        int size = plan.groupSize();
        AtomicIntegerArray reads = new AtomicIntegerArray(operands.length);
        long[] total = new long[1];
        RunResult r = Machine.run(plan.params().withP(size), ClockKind.MODEL, p -> {
            OptionalLong got = new OptimalSummation().sum(p, Group.all(size, root), plan, j -> {
                reads.incrementAndGet((int) j);
                return operands[(int) j];
            }, op);
            if (p.rank() == root) {
                total[0] = got.orElseThrow();
            } else {
                assertThat(got).isEmpty();
            }
        });
        for (int j = 0; j < operands.length; j++) {
            assertThat(reads.get(j)).as("reads of operand %d under %s", j, plan).isEqualTo(1);
        }
        assertThat(r.makespan()).as("model time of %s", plan).isEqualTo(plan.time());
        return total[0];
    }

    /**
     * The least T over p members holding the p smallest labels (brute force) with T >= the largest
     * and capacity pT - sum(labels) - o(p - 1) + 1 >= n (Lemma 1 and Theorem 5 with T_i = T - label),
     * found by counting T up rather than dividing.
     */
    private static long bruteForceTime(LogP params, int size, long n) {
        long d = params.o() + 7 * params.G() + params.L() + params.o() + 1;
        long i = Math.max(params.g(), params.o() + 1);
        long[] labels = GeneralTreeOracle.smallestLabels(d, i, size);
        long best = Long.MAX_VALUE;
        long sum = 0;
        for (int p = 1; p <= size; p++) {
            sum += labels[p - 1];
            long t = labels[p - 1];
            while (p * t - sum - params.o() * (p - 1) + 1 < n) {
                t++;
            }
            best = Math.min(best, t);
        }
        return best;
    }

    private static long[] longs(int n) {
        long[] a = new long[n];
        for (int j = 0; j < n; j++) {
            a[j] = j;
        }
        return a;
    }
}
