package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * A schedule that cannot finish is named, rank by rank: what LogGOPSim leaves in its matching
 * queues (it then prints no times, and no error), and what never started, with what it waits for.
 */
class StuckTest {

    static ModelRun run(String goal) {
        return GoalSimulator.loggopsim(LogGopsParams.DEFAULTS).run(GoalParser.parse(goal));
    }

    @Test
    void aReceiveNoMessageMatchesIsNamedWithWhenItWasPosted() {
        ModelRun r = run("num_ranks 2\nrank 0 {\ncalc 700\nl2: recv 4b from 1 tag 2\n}\nrank 1 {\n}\n");
        assertThat(r.complete()).isFalse();
        assertThat(r.queuesEmpty()).isFalse();
        assertThat(r.stuck()).extracting(StuckOperation::line).containsExactly(
                "rank 0: l2 (recv 4b from 1 tag 2): posted at 0; no message matched it");
        assertThat(r.stuck().get(0).why()).isEqualTo(StuckOperation.Why.UNMATCHED_RECEIVE);
    }

    @Test
    void aDeadlockNamesEachReceiveAndWhatWaitsBehindIt() {
        // each rank receives before it sends: both receives are posted at 0 and nothing is ever sent
        ModelRun r = run("""
                num_ranks 2
                rank 0 {
                l1: recv 8b from 1 tag 0
                l2: calc 10
                l2 requires l1
                l3: send 8b to 1 tag 0
                l3 requires l2
                l3 irequires l1
                }
                rank 1 {
                a: recv 8b from 0 tag 0
                b: send 8b to 0 tag 0
                b requires a
                }
                """);
        assertThat(r.stuck()).extracting(StuckOperation::line).containsExactly(
                "rank 0: l1 (recv 8b from 1 tag 0): posted at 0; no message matched it",
                "rank 0: l2 (calc 10): waits for l1 to finish",
                "rank 0: l3 (send 8b to 1 tag 0): waits for l2 to finish",
                "rank 1: a (recv 8b from 0 tag 0): posted at 0; no message matched it",
                "rank 1: b (send 8b to 0 tag 0): waits for a to finish");
    }

    @Test
    void aMessageNoReceiveMatchesIsNamedAtTheRankItReached() {
        // tag 3 sent, tag 4 awaited: the message is handled at 4000..5542 and kept as unexpected; a rendezvous
        // sender waits with it
        ModelRun r = run("num_ranks 2\nrank 0 {\nl1: send 8b to 1 tag 3\nl2: send 70000b to 1 tag 3\n}\n"
                + "rank 1 {\nl1: recv 8b from 0 tag 4\n}\n");
        assertThat(r.stuck()).extracting(StuckOperation::line).containsExactly(
                "rank 1: l1 (recv 8b from 0 tag 4): posted at 0; no message matched it",
                "rank 1: l1 of rank 0 (send 8b to 1 tag 3): its message arrived here (handled until 5542); no"
                        + " receive matched it",
                "rank 1: l2 of rank 0 (send 70000b to 1 tag 3): its message arrived here (handled until 427036); no"
                        + " receive matched it, so its rendezvous sender waits too");
        // the second send: CPU free at 1500, NIC at 1042: it starts at 1500 and arrives at 5500; rank 1's CPU is
        // busy until 5542: handled until 5542 + 1500 + 69999 * 6 = 427036
    }

    @Test
    void aCompleteRunHasNothingStuck() {
        ModelRun r = run("num_ranks 1\nrank 0 {\ncalc 5\n}\n");
        assertThat(r.complete()).isTrue();
        assertThat(r.queuesEmpty()).isTrue();
        assertThat(r.stuck()).isEmpty();
        assertThat(r.events()).isEqualTo(1);
        assertThat(r.operations()).isEqualTo(1);
    }

    @Test
    void aRunPastItsDeadlineStopsSayingHowFarItGot() {
        // a chain of 70000 calcs, each requiring the one before: one event each; the clock is looked at every
        // 65536 events
        StringBuilder g = new StringBuilder("num_ranks 1\nrank 0 {\nl0: calc 1\n");
        for (int i = 1; i < 70_000; i++) {
            g.append('l').append(i).append(": calc 1\nl").append(i).append(" requires l").append(i - 1).append('\n');
        }
        GoalSchedule s = GoalParser.parse(g.append("}\n").toString());
        assertThatThrownBy(() -> GoalSimulator.loggopsim(LogGopsParams.DEFAULTS).run(s, ModelEvents.NONE, 1))
                .isInstanceOf(SimulationStopped.class).hasMessageStartingWith("stopped at the time limit after 65536"
                        + " events, at model time ");
        assertThat(GoalSimulator.loggopsim(LogGopsParams.DEFAULTS).run(s).finishTimes()).containsExactly(70_000);
    }
}
