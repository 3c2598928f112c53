package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.peers.LogGopSimPeer;

/** {@code logplab goal}: a GOAL schedule on the model clock, its rows, its refusals, its trace, LogGOPSim beside. */
class GoalCommandTest {

    /** The ping-pong of the issue: two ranks, 8 bytes, tag 7 (HandComputedTimesTest works it out by hand). */
    static final String PING_PONG = """
            num_ranks 2
            rank 0 {
            l1: send 8b to 1 tag 7
            l2: recv 8b from 1 tag 7
            l2 requires l1
            }
            rank 1 {
            l1: recv 8b from 0 tag 7
            l2: send 8b to 0 tag 7
            l2 requires l1
            }
            """;

    @TempDir
    Path dir;

    Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void thePingPongGivesLogGopSimsTimesUnderItsDefaults() throws Exception {
        // Host 0 = 11084, Host 1 = 7042: the numbers
        Path f = file("pp.goal", PING_PONG);
        CliTest.Outcome o = CliTest.run("goal", f.toString(), "--no-loggopsim", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).get("clock").asText()).isEqualTo("model");
        assertThat(rows.get(0).get("rank").asInt()).isZero();
        assertThat(rows.get(0).get("finish").asLong()).isEqualTo(11084);
        assertThat(rows.get(1).get("finish").asLong()).isEqualTo(7042);
        JsonNode summary = rows.get(2);
        assertThat(summary.fieldNames()).toIterable().containsExactly("clock", "makespan", "slowest_rank", "ranks",
                "operations", "messages", "eager", "rendezvous", "events", "quirks", "L", "o", "g", "G", "O", "S",
                "file", "provenance");
        assertThat(summary.get("makespan").asLong()).isEqualTo(11084);
        assertThat(summary.get("slowest_rank").asInt()).isZero();
        assertThat(summary.get("operations").asInt()).isEqualTo(4);
        assertThat(summary.get("messages").asInt()).isEqualTo(2);
        assertThat(summary.get("eager").asInt()).isEqualTo(2);
        assertThat(summary.get("quirks").asText()).isEqualTo("all");
        assertThat(summary.get("S").asLong()).isEqualTo(65535);
        CliTest.Outcome text = CliTest.run("goal", f.toString(), "--no-loggopsim");
        assertThat(text.out()).isEqualTo("""
                rank  finish
                ----  ------
                   0   11084
                   1    7042
                model clock: makespan 11084 (rank 0 of 2); operations 4, messages 2, eager 2, rendezvous 0, events 6,\
                 quirks all; L=2500 o=1500 g=1000 G=6 O=0 S=65535
                """);
        assertThat(text.err()).isEmpty();
    }

    @Test
    void theParametersAreLogGopSims() throws Exception {
        // L=10 o=3 g=7 G=2 O=1 S=100, 9 bytes: the send holds the CPU 3 + 8 = 11; the message arrives at 13 and is
        // handled until 13 + 3 + max(8, 16) = 32
        Path f = file("one.goal", "num_ranks 2\nrank 0 {\nsend 9b to 1\n}\nrank 1 {\nrecv 9b from 0\n}\n");
        CliTest.Outcome o = CliTest.run("goal", f.toString(), "--L", "10", "--o", "3", "--g", "7", "--G", "2", "--O",
                "1", "--S", "100", "--no-loggopsim", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.json().get(1).get("finish").asLong()).isEqualTo(32);
        assertThat(o.json().get(0).get("finish").asLong()).isEqualTo(11);
    }

    @Test
    void beyondSixteenRanksTheTextShowsTheSlowestAndJsonEveryRank() throws Exception {
        // rank 0 sends to ranks 1..20 in turn, 1500 apart: rank r is done at 1500 (r - 1) + 5542
        StringBuilder g = new StringBuilder("num_ranks 21\nrank 0 {\n");
        for (int r = 1; r <= 20; r++) {
            g.append("s").append(r).append(": send 8b to ").append(r).append(" tag 0\n");
            if (r > 1) {
                g.append("s").append(r).append(" requires s").append(r - 1).append('\n');
            }
        }
        g.append("}\n");
        for (int r = 1; r <= 20; r++) {
            g.append("rank ").append(r).append(" {\nrecv 8b from 0 tag 0\n}\n");
        }
        Path f = file("fan.goal", g.toString());
        CliTest.Outcome json = CliTest.run("goal", f.toString(), "--no-loggopsim", "--json");
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.json()).hasSize(22);
        for (int r = 1; r <= 20; r++) {
            assertThat(json.json().get(r).get("finish").asLong()).isEqualTo(1500L * (r - 1) + 5542);
        }
        CliTest.Outcome text = CliTest.run("goal", f.toString(), "--no-loggopsim");
        List<String> lines = text.out().lines().toList();
        assertThat(lines.get(0)).startsWith("model clock: makespan 34042 (rank 20 of 21)");
        assertThat(lines.get(1)).isEqualTo("The 10 slowest of 21 ranks (--json lists every rank):");
        assertThat(lines.get(4)).isEqualTo("  20   34042");
        assertThat(lines).hasSize(14);
    }

    @Test
    void aSyntaxErrorIsBadInputNamingTheLineAndColumn() throws Exception {
        Path f = file("bad.goal", "num_ranks 2\nrank 0 {\nl1: send 8 to 1\n}\n");
        CliTest.Outcome o = CliTest.run("goal", f.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().strip()).isEqualTo("logplab: goal: " + f + ":3:12: expected b (bytes) after the size,"
                + " found 't'");
        Path cycle = file("cycle.goal", "num_ranks 1\nrank 0 {\na: calc 1\nb: calc 2\na requires b\nb requires a\n}\n");
        assertThat(CliTest.run("goal", cycle.toString()).err().strip()).isEqualTo("logplab: goal: " + cycle
                + ": dependency cycle in rank 0: a requires b, b requires a: none of them can ever start");
    }

    @Test
    void aScheduleThatCannotFinishIsNamedOperationByOperation() throws Exception {
        Path f = file("stuck.goal", "num_ranks 2\nrank 0 {\nl1: recv 8b from 1 tag 0\nl2: calc 10\nl2 requires l1\n"
                + "}\nrank 1 {\nl1: send 8b to 0 tag 3\n}\n");
        CliTest.Outcome o = CliTest.run("goal", f.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().lines().toList()).containsExactly(
                "rank 0: l1 (recv 8b from 1 tag 0): posted at 0; no message matched it",
                "rank 0: l1 of rank 1 (send 8b to 0 tag 3): its message arrived here (handled until 5542); no receive"
                        + " matched it",
                "rank 0: l2 (calc 10): waits for l1 to finish",
                "logplab: goal: the schedule cannot finish: 3 operations on 1 rank could not (listed above)");
    }

    @Test
    void aLongListIsCappedWithACount() throws Exception {
        StringBuilder g = new StringBuilder("num_ranks 1\nrank 0 {\n");
        for (int i = 0; i < 25; i++) {
            g.append("recv 1b from 0 tag ").append(i).append('\n');
        }
        Path f = file("many.goal", g.append("}\n").toString());
        CliTest.Outcome o = CliTest.run("goal", f.toString());
        assertThat(o.code()).isEqualTo(1);
        List<String> lines = o.err().lines().toList();
        assertThat(lines).hasSize(22);
        assertThat(lines.get(20)).isEqualTo("... and 5 more");
        assertThat(lines.get(21)).isEqualTo("logplab: goal: the schedule cannot finish: 25 operations on 1 rank could"
                + " not (listed above)");
    }

    @Test
    void theTraceShowsEverySendAndArrivalForPerfetto() throws Exception {
        Path f = file("pp.goal", PING_PONG);
        Path trace = dir.resolve("trace.json");
        CliTest.Outcome o = CliTest.run("goal", f.toString(), "--no-loggopsim", "--trace", trace.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("wrote " + trace);
        JsonNode events = new ObjectMapper().readTree(trace.toFile()).get("traceEvents");
        List<String> complete = new java.util.ArrayList<>();
        for (JsonNode e : events) {
            if (e.get("ph").asText().equals("X")) {
                complete.add(e.get("tid").asInt() + " " + e.get("name").asText() + " " + e.get("ts").asLong() + "+"
                        + e.get("dur").asLong());
            }
        }
        // sends hold the CPU 1500, each arrival 1542 (o + 7G), 4000 after its send started
        assertThat(complete).containsExactly("0 send to 1 0+1500", "1 recv from 0 4000+1542", "1 send to 0 5542+1500",
                "0 recv from 1 9542+1542");
    }

    @Test
    void refusalsBeforeAnyWork() throws Exception {
        Path f = file("pp.goal", PING_PONG);
        assertRefused("--reps must be 1..1,000,000,000, got 0", f.toString(), "--clock", "wall", "--reps", "0");
        assertRefused("--trace writes the trace of the model-clock run: give --clock model or model,wall",
                f.toString(), "--clock", "wall", "--trace", dir.resolve("t.json").toString());
        assertRefused("unknown quirk 'x': give all, none or a comma list of ready-order, cpu-stamp,"
                + " rendezvous-indices, receive-size, any-tag-send", f.toString(), "--quirks", "x");
        assertRefused("G must be 0..2147483647 (LogGOPSim's range), got -6", f.toString(), "--G", "-6");
        assertRefused("no such file: " + dir.resolve("none.goal"), dir.resolve("none.goal").toString());
        assertRefused("--loggopsim and --no-loggopsim contradict each other: give one", f.toString(), "--loggopsim",
                dir.toString(), "--no-loggopsim");
        assertRefused(dir + " holds neither txt2bin nor LogGOPSim (executable): give the folder"
                + " bench/peers/loggopsim/build.sh printed, or the LogGOPSim binary", f.toString(), "--loggopsim",
                dir.toString());
        assertRefused("--trace: cannot write /nonexistent/dir/t.json: the folder /nonexistent/dir does not exist",
                f.toString(), "--trace", "/nonexistent/dir/t.json");
        Path big = file("big.goal", PING_PONG.repeat(200));
        CliTest.Outcome slow = CliTest.run("goal", big.toString(), "--max-time", "1us");
        assertThat(slow.code()).isEqualTo(2);
        assertThat(slow.err()).contains("this run would take about").contains("bytes of GOAL read and simulated");
    }

    @Test
    void aFileTooLargeForTheHeapIsRefusedBeforeItIsRead() throws Exception {
        Path huge = dir.resolve("huge.goal");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(1L << 40); // sparse: nothing is written
        }
        CliTest.Outcome o = CliTest.run("goal", huge.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).startsWith("logplab: goal: " + huge + " (1,099,511,627,776 bytes of GOAL), its schedule"
                + " and a run of it, needs about").contains("of heap, but this JVM may use");
    }

    @Test
    void logGopSimsTimesStandBesideOursAndAreTheSame() throws Exception {
        assumeTrue(LogGopSimPeer.find(null).isPresent(), LogGopSimPeer.HOW_TO_BUILD);
        Path f = file("pp.goal", PING_PONG);
        CliTest.Outcome o = CliTest.run("goal", f.toString(), "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows.get(0).get("loggopsim").asLong()).isEqualTo(11084);
        assertThat(rows.get(0).get("difference").asLong()).isZero();
        assertThat(rows.get(1).get("loggopsim").asLong()).isEqualTo(7042);
        assertThat(rows.get(2).get("loggopsim").asLong()).isEqualTo(11084);
        assertThat(rows.get(2).get("difference").asLong()).isZero();
        CliTest.Outcome text = CliTest.run("goal", f.toString());
        assertThat(text.out()).startsWith("""
                rank  finish  LogGOPSim  difference
                ----  ------  ---------  ----------
                   0   11084      11084           0
                   1    7042       7042           0
                """);
    }

    @Test
    void withoutLogGopSimOneLineSaysHowToBuildIt() throws Exception {
        assumeTrue(LogGopSimPeer.find(null).isEmpty(), "LogGOPSim is installed here");
        CliTest.Outcome o = CliTest.run("goal", file("pp.goal", PING_PONG).toString());
        assertThat(o.code()).isZero();
        assertThat(o.err().lines().toList()).containsExactly(LogGopSimPeer.HOW_TO_BUILD);
    }

    @Test
    void onTheWallClockTheScheduleRunsForRealBesideTheModelsTime() throws Exception {
        Path f = file("pp.goal", PING_PONG);
        CliTest.Outcome o = CliTest.run("goal", f.toString(), "--no-loggopsim", "--clock", "model,wall", "--unit",
                "10ns", "--reps", "3", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(6);
        assertThat(rows).extracting(r -> r.get("clock").asText())
                .containsExactly("model", "model", "model", "wall", "wall", "wall");
        // the model's times, 1 unit = 10 ns, are the wall clock's prediction
        assertThat(rows.get(3).get("predicted").asLong()).isEqualTo(110_840);
        assertThat(rows.get(4).get("predicted").asLong()).isEqualTo(70_420);
        JsonNode wall = rows.get(5);
        assertThat(wall.get("predicted").asLong()).isEqualTo(110_840);
        assertThat(wall.get("messages").asLong()).isEqualTo(2);
        assertThat(wall.get("received").asLong()).isEqualTo(2);
        assertThat(wall.get("unit_ns").asLong()).isEqualTo(10);
        assertThat(wall.get("reps").asInt()).isBetween(1, 3);
        // two messages one after the other, each at least L + 2o = 55 us injected: a lower bound a busy host keeps
        assertThat(wall.get("makespan").asLong()).isGreaterThanOrEqualTo(110_000);
        assertThat(wall.has("disturbed")).isTrue();
        assertThat(wall.get("oversubscribed").asBoolean()).isEqualTo(2 > WallTolerance.cores());
        assertThat(wall.get("warmup").asInt()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aScheduleThatCannotFinishIsNamedOnTheWallClockToo() throws Exception {
        Path f = file("stuck.goal", "num_ranks 2\nrank 0 {\nl1: recv 8b from 1 tag 0\nl2: calc 10\nl2 requires l1\n"
                + "}\nrank 1 {\nl1: recv 8b from 0 tag 0\n}\n");
        CliTest.Outcome o = CliTest.run("goal", f.toString(), "--no-loggopsim", "--clock", "wall");
        assertThat(o.code()).isEqualTo(1);
        List<String> err = o.err().lines().toList();
        assertThat(err).contains("on the wall clock:",
                "rank 0: l1 (recv 8b from 1 tag 0): posted; no message matched it",
                "rank 0: l2 (calc 10): waits for 1 of its 1 dependencies",
                "rank 1: l1 (recv 8b from 0 tag 0): posted; no message matched it");
        assertThat(err.get(err.size() - 1)).startsWith("logplab: goal: the schedule cannot finish");
    }

    private static void assertRefused(String message, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "goal";
        System.arraycopy(args, 0, all, 1, args.length);
        CliTest.Outcome o = CliTest.run(all);
        assertThat(o.code()).as(o.err()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().lines().findFirst().orElse("")).isEqualTo("logplab: goal: " + message);
    }
}
