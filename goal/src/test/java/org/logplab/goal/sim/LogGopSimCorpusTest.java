package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIf;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * Every schedule of the oracle corpus ({@code org/logplab/goal/loggopsim/} among the test
 * resources: GOAL files and {@code expected.tsv}, what LogGOPSim printed for each) simulated with
 * the same parameters: every rank's finish time equal to LogGOPSim's {@code Host i}, or, where it
 * printed only its maximum, the makespan equal to that; where it printed no times (a schedule that
 * cannot finish), what it printed of its matching queues instead equal to what the run left in
 * them. A line of {@code expected.tsv} is {@code schedule L o g G O S times}, tab-separated, times
 * comma-separated in rank order, {@code max:T} or {@code none}; {@code #} starts a comment, and
 * the comment {@code # schedule L=.. o=.. g=.. G=.. O=.. S=..: LogGOPSim printed no times, but: ...}
 * quotes, on one line, what it printed for a {@code none}. Skipped, saying so, when the corpus is
 * absent.
 */
class LogGopSimCorpusTest {
    private static final String CORPUS = "/org/logplab/goal/loggopsim/expected.tsv";
    private static final String NO_TIMES = "LogGOPSim printed no times, but:";

    static boolean corpusPresent() {
        return LogGopSimCorpusTest.class.getResource(CORPUS) != null;
    }

    @TestFactory
    @EnabledIf(value = "corpusPresent", disabledReason = "no LogGOPSim corpus at " + CORPUS + " among the test"
            + " resources")
    List<DynamicTest> everyRankFinishesWhenLogGopSimSaysItDoes() throws IOException, URISyntaxException {
        Path tsv = Path.of(LogGopSimCorpusTest.class.getResource(CORPUS).toURI());
        List<DynamicTest> tests = new ArrayList<>();
        int n = 0;
        Map<String, String> printed = new HashMap<>();
        for (String line : Files.readAllLines(tsv)) {
            n++;
            String l = line.strip();
            int but = l.indexOf(NO_TIMES);
            if (l.startsWith("#") && but > 0) {
                printed.put(l.substring(1, but).strip(), l.substring(but + NO_TIMES.length()).strip());
            }
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\t");
            assertThat(f).as("line " + n + " of " + tsv + ": schedule, L, o, g, G, O, S, times").hasSize(8);
            LogGopsParams params = new LogGopsParams(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                    Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]));
            Path file = tsv.resolveSibling(f[0]);
            String times = f[7];
            String queues = printed.get(f[0] + " " + params + ":");
            tests.add(DynamicTest.dynamicTest(f[0] + " " + params, () -> check(file, params, times, queues)));
        }
        assertThat(tests).as(tsv + " lists no schedule").isNotEmpty();
        return tests;
    }

    private static void check(Path file, LogGopsParams params, String times, String queues) throws IOException {
        GoalSchedule s = GoalParser.parse(file);
        ModelRun run = GoalSimulator.loggopsim(params).run(s);
        if (times.equals("none")) {
            assertThat(run.queuesEmpty()).as("LogGOPSim printed no times: its queues were not empty").isFalse();
            assertThat(queues).as("the comment quoting what LogGOPSim printed instead").isNotNull();
            String quoted = queues.endsWith("...") ? queues.substring(0, queues.length() - 3).strip() : queues;
            assertThat(printedQueues(s, run)).startsWith(quoted);
            return;
        }
        assertThat(run.queuesEmpty()).as("LogGOPSim printed times, so its queues were empty").isTrue();
        if (times.startsWith("max:")) {
            assertThat(run.makespan()).isEqualTo(Long.parseLong(times.substring(4)));
        } else {
            long[] expected = Arrays.stream(times.split(",")).mapToLong(Long::parseLong).toArray();
            assertThat(run.finishTimes()).containsExactly(expected);
        }
    }

    /**
     * What LogGOPSim prints of its queues after a run, on one line: for each rank, its unexpected
     * messages' then its posted receives' sources and tags, in queue order ({@code %i}: -1 for any).
     */
    private static String printedQueues(GoalSchedule s, ModelRun run) {
        StringBuilder b = new StringBuilder();
        for (int rank = 0; rank < run.ranks(); rank++) {
            for (StuckOperation.Why why : List.of(StuckOperation.Why.UNEXPECTED_MESSAGE,
                    StuckOperation.Why.UNMATCHED_RECEIVE)) {
                int r = rank;
                List<StuckOperation> left = run.stuck().stream().filter(x -> x.rank() == r && x.why() == why)
                        .toList();
                if (left.isEmpty()) {
                    continue;
                }
                b.append(why == StuckOperation.Why.UNEXPECTED_MESSAGE ? "unexpected" : "receive")
                        .append(" queue on host ").append(rank).append(" contains ").append(left.size())
                        .append(" elements! ");
                for (StuckOperation x : left) {
                    int src = why == StuckOperation.Why.UNEXPECTED_MESSAGE ? s.owner(x.op()) : s.peer(x.op());
                    b.append("src: ").append(src).append(", tag: ").append(s.tag(x.op())).append(' ');
                }
            }
        }
        return b.toString().strip();
    }
}
