package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * Schedgen's binomial broadcast on 2^14 ranks, parsed and simulated, every rank's finish time
 * against the broadcast's own recurrence. (2^20 ranks: {@link SchedgenBinomial}'s main.)
 */
class ScaleTest {

    @Test
    void aBinomialBroadcastOfTwoToTheFourteenRanksFinishesAsItsRecurrenceSays() throws IOException {
        int ranks = 1 << 14;
        StringWriter text = new StringWriter();
        SchedgenBinomial.write(ranks, 8, text);
        long start = System.nanoTime();
        GoalSchedule s = GoalParser.parse(text.toString());
        ModelRun run = GoalSimulator.loggopsim(LogGopsParams.DEFAULTS).run(s);
        long elapsed = System.nanoTime() - start;
        assertThat(run.complete()).isTrue();
        assertThat(s.operations()).isEqualTo(2 * (ranks - 1));
        assertThat(run.messages()).isEqualTo(ranks - 1);
        // defaults, 8 bytes: a send holds the CPU c = o = 1500 and the NIC n = g + 7G = 1042, so a rank's sends go
        // max(c, n) = 1500 apart; each child's only operation is its receive, so a message sent at t is handled
        // at once on arrival, t + o + L, until t + o + L + o + max(7O, 7G) = t + 5542. Rank v (root 0) is ready
        // when its receive finishes and sends to v + 2^r for each 2^r > v with v + 2^r < P, r rising; it finishes
        // when its last send's overhead ends, or, without sends, when its receive does
        long[] ready = new long[ranks];
        long[] expected = new long[ranks];
        for (int v = 0; v < ranks; v++) {
            long at = ready[v];
            long last = -1;
            for (int r = 32 - Integer.numberOfLeadingZeros(v); v + (1L << r) < ranks; r++) {
                int child = v + (1 << r);
                ready[child] = at + 1500 + 2500 + 1542;
                last = at;
                at += 1500;
            }
            expected[v] = last < 0 ? ready[v] : last + 1500;
        }
        assertThat(run.finishTimes()).containsExactly(expected);
        // 14 rounds: the last rank is reached through 14 hops of 5542 and sends nothing: 77588
        assertThat(run.makespan()).isEqualTo(14 * 5542);
        System.out.printf("2^14-rank binomial broadcast: parsed and simulated in %.2f s%n", elapsed / 1e9);
    }
}
