package org.logplab.goal.wall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.logplab.goal.GoalTestSchedules.PING_PONG;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.sim.StuckOperation;

/**
 * GOAL schedules run for real under the wall clock: they complete, every message is received once,
 * the dependencies and the matching by source and tag hold, and a schedule that cannot finish is
 * stopped and named operation by operation. Times are asserted only as lower bounds the injected
 * delays impose (a busy host makes runs longer, never shorter).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GoalProgramTest {
    private static RunResult wall(GoalProgram program, long l, long o, long g) {
        LogP params = new LogP(l, o, g, program.schedule().ranks(), 0);
        return Machine.run(RunConfig.builder(params).clock(ClockKind.WALL).timeout(Duration.ofSeconds(20)).build(),
                program);
    }

    @Test
    void thePingPongOfTheIssueTakesAtLeastTwoMessageTimes() {
        GoalSchedule s = GoalParser.parse(PING_PONG);
        GoalProgram program = new GoalProgram(s, 1);
        RunResult r = wall(program, 20_000, 5_000, 10_000);
        assertThat(r.messagesSent()).isEqualTo(2);
        assertThat(r.messagesReceived()).isEqualTo(2);
        assertThat(r.inFlight()).isEmpty();
        // rank 0 gets its answer after two messages of L + 2o = 30 us each, one after the other
        assertThat(r.finishTimes()[0]).isGreaterThanOrEqualTo(60_000);
        assertThat(program.unfinished()).isEmpty();
    }

    @Test
    void aCalcIsBusyTimeInTheGivenUnit() {
        GoalSchedule s = GoalParser.parse("""
                num_ranks 1
                rank 0 {
                  calc 300
                }
                """);
        RunResult r = wall(new GoalProgram(s, 1_000), 0, 0, 0);
        assertThat(r.finishTimes()[0]).isGreaterThanOrEqualTo(300_000);
    }

    @Test
    void receivesMatchByTagAndWildcardsWhateverTheOrderOfArrival() {
        // rank 0 sends tags 1, 2, 3; rank 1 wants tag 3 first, then any tag from 0, then anything
        GoalSchedule s = GoalParser.parse("""
                num_ranks 2
                rank 0 {
                  a: send 8b to 1 tag 1
                  b: send 16b to 1 tag 2
                  c: send 24b to 1 tag 3
                  b requires a
                  c requires b
                }
                rank 1 {
                  x: recv 24b from 0 tag 3
                  y: recv 8b from 0 tag -1
                  z: recv 16b from -1 tag -1
                  y requires x
                  z requires y
                }
                """);
        GoalProgram program = new GoalProgram(s, 1);
        RunResult r = wall(program, 1_000, 500, 500);
        assertThat(r.messagesReceived()).isEqualTo(3);
        assertThat(r.inFlight()).isEmpty();
        assertThat(program.unfinished()).isEmpty();
    }

    @Test
    void irequiresLetsAReceiveBePostedBeforeTheSendThatProvokesItsAnswer() {
        // each rank posts its receive, then sends (s irequires r): with requires instead, both would wait
        GoalSchedule s = GoalParser.parse("""
                num_ranks 2
                rank 0 {
                  r: recv 8b from 1 tag 0
                  s: send 8b to 1 tag 0
                  s irequires r
                }
                rank 1 {
                  r: recv 8b from 0 tag 0
                  s: send 8b to 0 tag 0
                  s irequires r
                }
                """);
        GoalProgram program = new GoalProgram(s, 1);
        RunResult r = wall(program, 1_000, 500, 500);
        assertThat(r.messagesReceived()).isEqualTo(2);
        assertThat(program.unfinished()).isEmpty();
    }

    @Test
    void aScheduleThatCannotFinishIsStoppedAndWhatIsLeftNamed() {
        GoalSchedule s = GoalParser.parse("""
                num_ranks 2
                rank 0 {
                  ask: recv 8b from 1 tag 5
                  l2: send 8b to 1 tag 0
                  l2 requires ask
                }
                rank 1 {
                  l1: recv 8b from 0 tag 0
                }
                """);
        GoalProgram program = new GoalProgram(s, 1);
        LogP params = new LogP(0, 0, 0, 2, 0);
        assertThatThrownBy(() -> Machine.run(RunConfig.builder(params).clock(ClockKind.WALL)
                .timeout(Duration.ofSeconds(2)).build(), program)).isInstanceOf(RunFailedException.class);
        assertThat(program.unfinished()).extracting(StuckOperation::line).containsExactly(
                "rank 0: ask (recv 8b from 1 tag 5): posted; no message matched it",
                "rank 0: l2 (send 8b to 1 tag 0): waits for 1 of its 1 dependencies",
                "rank 1: l1 (recv 8b from 0 tag 0): posted; no message matched it");
    }

    @Test
    void aScheduleForOtherRanksThanTheMachinesIsRefused() {
        GoalProgram program = new GoalProgram(GoalParser.parse("num_ranks 3\nrank 0 {\n}\nrank 1 {\n}\nrank 2 {\n}\n"),
                1);
        assertThatThrownBy(() -> Machine.run(RunConfig.builder(new LogP(0, 0, 0, 2, 0)).clock(ClockKind.WALL)
                .build(), program)).hasRootCauseMessage("the schedule has 3 ranks, the machine 2 processors");
    }

    /** Random all-to-all exchanges with random tags and wildcard receives: every message is received once. */
    @RepeatedTest(10)
    void randomExchangesDeliverEveryMessageOnce() {
        Random random = new Random();
        int ranks = 2 + random.nextInt(2);
        StringBuilder goal = new StringBuilder("num_ranks " + ranks + "\n");
        for (int r = 0; r < ranks; r++) {
            goal.append("rank ").append(r).append(" {\n");
            for (int peer = 0; peer < ranks; peer++) {
                if (peer == r) {
                    continue;
                }
                int messages = 1 + random.nextInt(3);
                for (int m = 0; m < messages; m++) {
                    goal.append("send ").append(1 + random.nextInt(64)).append("b to ").append(peer)
                            .append(" tag ").append(m).append('\n');
                }
            }
            goal.append("}\n");
        }
        // second pass: receives, now that the counts are known, are added rank by rank
        GoalSchedule sends = GoalParser.parse(goal.toString());
        StringBuilder full = new StringBuilder("num_ranks " + ranks + "\n");
        for (int r = 0; r < ranks; r++) {
            full.append("rank ").append(r).append(" {\n");
            for (int op = sends.first(r); op < sends.end(r); op++) {
                full.append(sends.text(op)).append('\n');
            }
            // exact receives first, then any source with the tag, then anything: each message fits a
            // later kind whenever it fits an earlier one, so matching in the order posted never strands one
            List<String> exact = new ArrayList<>();
            List<String> anySource = new ArrayList<>();
            List<String> anything = new ArrayList<>();
            for (int src = 0; src < ranks; src++) {
                for (int op = sends.first(src); op < sends.end(src); op++) {
                    if (sends.peer(op) != r) {
                        continue;
                    }
                    switch (random.nextInt(3)) {
                        case 0 -> exact.add("recv " + sends.size(op) + "b from " + src + " tag " + sends.tag(op));
                        case 1 -> anySource.add("recv " + sends.size(op) + "b from -1 tag " + sends.tag(op));
                        default -> anything.add("recv " + sends.size(op) + "b from -1 tag -1");
                    }
                }
            }
            for (List<String> kind : List.of(exact, anySource, anything)) {
                kind.forEach(line -> full.append(line).append('\n'));
            }
            full.append("}\n");
        }
        GoalProgram program = new GoalProgram(GoalParser.parse(full.toString()), 1);
        RunResult r = wall(program, 0, 0, 0);
        assertThat(r.messagesReceived()).isEqualTo(r.messagesSent()).isEqualTo(sends.operations());
        assertThat(r.inFlight()).isEmpty();
        assertThat(program.unfinished()).isEmpty();
    }
}
