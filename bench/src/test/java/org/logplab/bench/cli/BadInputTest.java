package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs beyond what the heap or the time limit allows, and paths that cannot be used, are
 * refused before any work starts: exit 2 and one line {@code logplab: <command>: ...} that names
 * the limit and how to raise it. Each case would otherwise run out of heap after tens of seconds
 * or run for many minutes, so the time-out is the test that nothing started.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {

    /** Runs a command that must be refused and returns its one error line. */
    static String refused(String... args) {
        CliTest.Outcome o = CliTest.run(args);
        assertThat(o.code()).as(String.join(" ", args) + ": " + o.err()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        List<String> lines = o.err().lines().filter(l -> l.startsWith("logplab:")).toList();
        assertThat(lines).as(o.err()).hasSize(1);
        assertThat(lines.get(0)).startsWith("logplab: " + args[0] + ": ");
        assertThat(o.err()).doesNotContain("Exception", "Error:", "\tat ");
        return lines.get(0);
    }

    @Test
    void processorsBeyondTheHeapAreRefusedWithTheHeapTheyNeed() {
        // 10^8 processors at 900 bytes each (one channel), times 1.6 for the collector, plus 64 MiB: 134.2 GiB
        assertThat(refused("collective", "--algo", "binomial", "--P", "100000000"))
                .contains("134.2 GiB of heap", "ask for less");
        assertThat(refused("summation", "--P", "100000000", "--N", "5")).contains("134.2 GiB of heap");
        assertThat(refused("scale", "--P", "100000000")).contains("134.2 GiB of heap");
        // 10^6 nodes receiving from log2 10^6 = 20 each: 550 + 20 * 350 = 7,550 bytes a node
        assertThat(refused("balance", "--workload", "poisson", "--nodes", "1000000"))
                .contains("7,550 bytes each", "GiB of heap");
    }

    @Test
    void runsLongerThanTheTimeLimitAreRefusedSayingHowToRaiseIt() {
        // 12,000 round trips (2,000 of them unrecorded) of 256 MiB, two copies each at 4 GB/s:
        // 12,000 * 2 * 2^28 * 0.25 ns = 1,610.6 s, about 26.8 min
        assertThat(refused("pingpong", "--sizes", "256M", "--reps", "10000"))
                .contains("about 26.8 min", "--max-time 10 min", "--max-time 41min");
        // small messages too: 1.2 * 10^9 round trips of two hand-overs of at least 200 ns = 480 s, and
        // two copies of 8 bytes at 0.25 ns a byte = 4.8 s: 484.8 s, 8.08 min
        assertThat(refused("pingpong", "--sizes", "8", "--reps", "1000000000", "--max-time", "5min"))
                .contains("about 8.08 min", "hand-overs of 200 ns");
        // beyond 10^9 the count and its warm-up would overflow an int (a run that ended at once, as if done)
        assertThat(refused("pingpong", "--sizes", "8", "--reps", "2000000000"))
                .endsWith("--reps must be 1..1,000,000,000, got 2,000,000,000");
        assertThat(refused("measure", "--pingpong-reps", "0", "--transport", "aeron-ipc"))
                .contains("--pingpong-reps must be 1..");
        // 1 GiB: four buffers in the old generation need 6 GiB of heap; with more, 21 min of copying
        assertThat(refused("pingpong", "--sizes", "1G")).containsAnyOf("GiB of heap", "about 21 min");
        // 63 repetitions of at least (16 + 5) * 2 * 10 s each: 26,460 s, 7.35 h
        assertThat(refused("measure", "--L", "10s")).contains("about 7.35 h", "--max-time 12h");
        assertThat(refused("measure", "--L", "10s", "--max-time", "1h")).contains("more than --max-time 60 min");
        assertThat(refused("scale", "--seconds", "3600")).contains("--seconds 3600.0 lets one run take 60 min");
        assertThat(refused("balance", "--workload", "poisson", "--nodes", "100000")).contains("more than --max-time");
        assertThat(refused("collective", "--algo", "binomial", "--P", "100000", "--clock", "wall"))
                .contains("more than --max-time");
        assertThat(refused("fft", "--n", "2^24", "--reps", "1000")).contains("more than --max-time");
        assertThat(refused("hop", "--rounds", "1000000000")).contains("more than --max-time");
    }

    @Test
    void delaysThatCouldOverflowTheModelsTimesAreRefused() {
        // 3 * 10^18 per hop: a binomial tree of 8 adds three hops and the sum passes 2^63 - 1
        assertThat(refused("collective", "--algo", "binomial", "--P", "8", "--L", "3000000000000000000"))
                .contains("beyond the largest delay, 2^40 = 1,099,511,627,776");
        assertThat(refused("summation", "--P", "8", "--N", "5", "--g", "1099511627777")).contains("largest delay");
        assertThat(refused("fft", "--clock", "model", "--n", "64", "--elem-cost", "2000000000000"))
                .contains("largest delay");
        assertThat(refused("measure", "--G", "20min")).contains("largest delay");
        // 2^40 itself is a delay like any other: the model clock runs it (three hops of 2^40 + 2 * 2)
        CliTest.Outcome o = CliTest.run("collective", "--algo", "binomial", "--P", "8", "--L", "1099511627776",
                "--json");
        assertThat(o.code()).as(o.err()).isZero();
    }

    @Test
    void measureRefusesRepetitionsBeyondTheHeap() {
        // 10^9 repetitions keep 4 + 2 * 1.25 samples of 8 bytes each: 52 GB, and 1.5 times that for the old generation
        assertThat(refused("measure", "--reps", "1000000000")).contains("1,000,000,000 repetitions", "GiB of heap");
    }

    @Test
    void repetitionsAreCheckedWhereTheyMatter() {
        assertThat(refused("collective", "--reps", "-1", "--clock", "wall", "--algo", "binomial", "--P", "2"))
                .endsWith("--reps must be at least 1, got -1");
        assertThat(refused("summation", "--P", "4", "--N", "5,-3")).contains("--N values must be at least 1");
        assertThat(refused("balance", "--workload", "poisson", "--load", "99")).contains("10..95 percent, got 99");
    }

    @Test
    void pathsThatCannotBeUsedAreNamedWithTheProblem(@TempDir Path dir) throws Exception {
        assertThat(refused("collective", "--algo", "binomial", "--P", "4", "--trace", "/nonexistent/dir/t.json"))
                .isEqualTo("logplab: collective: --trace: cannot write /nonexistent/dir/t.json: the folder"
                + " /nonexistent/dir does not exist");
        assertThat(refused("collective", "--algo", "binomial", "--P", "4", "--trace", dir.toString()))
                .contains("it is a folder");
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertThat(refused("demo", "--out", file.toString())).isEqualTo("logplab: demo: cannot use " + file
                + ": it already exists as a file");
        assertThat(refused("jmh-report", dir.resolve("none.json").toString()))
                .contains("no such file: " + dir.resolve("none.json"));
        assertThat(refused("jmh", "--report", "/nonexistent/r.json", "-l"))
                .contains("the folder /nonexistent does not exist");
        assertThat(Files.list(dir).toList()).containsExactly(file);
    }

    @Test
    void oneProcessorsBroadcastSaysWhyItsRowIsZero() throws Exception {
        CliTest.Outcome o = CliTest.run("ktree", "--m", "4", "--n", "1", "--k", "2");
        assertThat(o.out())
                .contains("n = 1: the source is the only processor and already holds every message, so 0 rounds");
        assertThat(CliTest.run("ktree", "--m", "4", "--n", "1,3", "--k", "2", "--json").json())
                .extracting(r -> r.get("note").isNull()).containsExactly(false, true);
    }

    @Test
    void workloadsWithoutALoadSayNotApplicable() {
        CliTest.Outcome o = CliTest.run("balance", "--workload", "uts", "--policy", "light,heavy");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).doesNotContain("-1").contains("uts       n/a").containsPattern("load n/a: ");
    }
}
