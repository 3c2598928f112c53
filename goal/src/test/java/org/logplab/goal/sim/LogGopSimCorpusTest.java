package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIf;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * Every schedule of the oracle corpus ({@code org/logplab/goal/loggopsim/} among the test
 * resources: GOAL files and {@code expected.tsv}, what LogGOPSim printed for each) simulated with
 * the same parameters: every rank's finish time equal to LogGOPSim's {@code Host i}, or, where it
 * printed only its maximum, the makespan equal to that. A line of {@code expected.tsv} is
 * {@code schedule L o g G O S times}, tab-separated, times comma-separated in rank order or
 * {@code max:T}; {@code #} starts a comment. Skipped, saying so, when the corpus is absent.
 */
class LogGopSimCorpusTest {
    private static final String CORPUS = "/org/logplab/goal/loggopsim/expected.tsv";

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
        for (String line : Files.readAllLines(tsv)) {
            n++;
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\t");
            assertThat(f).as("line " + n + " of " + tsv + ": schedule, L, o, g, G, O, S, times").hasSize(8);
            LogGopsParams params = new LogGopsParams(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                    Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]));
            Path file = tsv.resolveSibling(f[0]);
            String times = f[7];
            tests.add(DynamicTest.dynamicTest(f[0] + " " + params, () -> check(file, params, times)));
        }
        assertThat(tests).as(tsv + " lists no schedule").isNotEmpty();
        return tests;
    }

    private static void check(Path file, LogGopsParams params, String times) throws IOException {
        GoalSchedule s = GoalParser.parse(file);
        ModelRun run = GoalSimulator.loggopsim(params).run(s);
        assertThat(run.queuesEmpty()).as("LogGOPSim printed times, so its queues were empty").isTrue();
        if (times.startsWith("max:")) {
            assertThat(run.makespan()).isEqualTo(Long.parseLong(times.substring(4)));
        } else {
            long[] expected = Arrays.stream(times.split(",")).mapToLong(Long::parseLong).toArray();
            assertThat(run.finishTimes()).containsExactly(expected);
        }
    }
}
