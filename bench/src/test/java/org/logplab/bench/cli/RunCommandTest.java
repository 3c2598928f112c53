package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.JsonLines;

/**
 * {@code logplab run} end to end: the user's sources written to a temporary folder, compiled, run
 * and checked. Every expected time is worked out by hand from the model clock's rules
 * (docs/algorithms.md §1): a send starts at {@code max(now, lastSendStart + g)} and keeps its
 * sender busy {@code o}, its message arrives {@code L} later, and a receive starts at
 * {@code max(now, arrival, lastRecvStart + g)} and takes {@code o}. With the defaults
 * {@code L = 6, o = 2, g = 4} one message takes {@code L + 2o = 10} from send start to receive end.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunCommandTest {

    /** A token round a ring: rank 0 sends it to 1 and waits for it from P-1; each other rank passes it on. */
    static final String RING = """
            import org.logplab.core.LogP;
            import org.logplab.core.PredictedProgram;
            import org.logplab.core.Processor;

            public class Ring implements PredictedProgram {
                @Override
                public void run(Processor p) {
                    int next = (p.rank() + 1) % p.size();
                    int prev = (p.rank() + p.size() - 1) % p.size();
                    if (p.rank() == 0) {
                        p.sendLong(next, 0, 1);
                        p.recvLong(prev, 0);
                    } else {
                        p.sendLong(next, 0, p.recvLong(prev, 0) + 1);
                    }
                }

                @Override
                public long predict(LogP params) {
                    return params.P() * params.messageTime();
                }
            }
            """;

    /** k items down a chain of P ranks, k from the program argument k=N. */
    private static final String PIPE = """
            import org.logplab.core.Processor;
            import org.logplab.core.Program;

            public class Pipe implements Program {
                private final int items;

                public Pipe(String[] args) {
                    int k = 1;
                    for (String a : args) {
                        if (a.startsWith("k=")) {
                            k = Integer.parseInt(a.substring(2));
                        }
                    }
                    items = k;
                }

                @Override
                public void run(Processor p) {
                    for (int i = 0; i < items; i++) {
                        if (p.rank() > 0) {
                            p.recvLong(p.rank() - 1, 0);
                        }
                        if (p.rank() < p.size() - 1) {
                            p.sendLong(p.rank() + 1, 0, i);
                        }
                    }
                }
            }
            """;

    /** Broadcast by doubling: in step k every rank below 2^k sends to rank + 2^k. */
    private static final String DOUBLING = """
            import org.logplab.core.Processor;
            import org.logplab.core.Program;

            public class Doubling implements Program {
                @Override
                public void run(Processor p) {
                    for (int step = 1; step < p.size(); step *= 2) {
                        if (p.rank() < step && p.rank() + step < p.size()) {
                            p.sendLong(p.rank() + step, 0, 42);
                        } else if (p.rank() >= step && p.rank() < 2 * step) {
                            p.recvLong(p.rank() - step, 0);
                        }
                    }
                }
            }
            """;

    @TempDir
    Path dir;

    private Path cache;

    @BeforeEach
    void cacheInTheTemporaryFolder() {
        cache = dir.resolve("cache");
    }

    private Path write(String name, String source) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, source);
    }

    private CliTest.Outcome run(Object... args) {
        List<String> all = new ArrayList<>(List.of("run", "--cache-dir", cache.toString()));
        for (Object a : args) {
            all.add(a.toString());
        }
        return CliTest.run(all.toArray(String[]::new));
    }

    @Test
    void theRingsModelMakespanIsItsPredictionAndEveryFieldIsThere() throws Exception {
        Path ring = write("Ring.java", RING);
        String[] args = {"run", "--cache-dir", cache.toString(), ring.toString(), "--json"};
        Instant before = Instant.now().minusMillis(1);
        CliTest.Outcome o = CliTest.run(args);
        Instant after = Instant.now();
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).isEmpty();
        JsonNode row = o.json().get(0);
        List<String> fields = new ArrayList<>();
        row.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("program", "clock", "P", "L", "o", "g", "G", "makespan", "finish_times",
                "messages", "received", "predicted", "ratio", "ok", "provenance");
        assertThat(row.get("program").asText()).isEqualTo("Ring");
        assertThat(row.get("clock").asText()).isEqualTo("model");
        assertThat(row.get("P").asInt()).isEqualTo(4);
        // Rank 0 sends at 0 (busy to 2): the token reaches rank 1 at 8, which receives it by 10 and
        // sends it on by 12; rank 2 likewise by 22, rank 3 by 32, and rank 0 receives it at 38..40.
        // P hops of L + 2o = 4 x 10 = 40, what Ring.predict says.
        assertThat(row.get("makespan").asLong()).isEqualTo(40);
        assertThat(row.get("finish_times").toString()).isEqualTo("[40,12,22,32]");
        assertThat(row.get("messages").asLong()).isEqualTo(4);
        assertThat(row.get("received").asLong()).isEqualTo(4);
        assertThat(row.get("predicted").asLong()).isEqualTo(40);
        assertThat(row.get("ratio").asDouble()).isEqualTo(1.0);
        assertThat(row.get("ok").asBoolean()).isTrue();
        CliConventionsTest.assertProvenance(row.get("provenance"), before, after, args);
    }

    @Test
    void theTextTableShowsTheRunAndEveryRanksFinishTime() throws Exception {
        CliTest.Outcome o = run(write("Ring.java", RING), "--L", "10");
        assertThat(o.code()).as(o.err()).isZero();
        List<String> lines = o.out().lines().toList();
        assertThat(lines.get(0)).contains("program", "clock", "P", "parameters", "makespan", "finish times",
                "messages", "received", "predicted", "makespan / predicted", "ok");
        // L = 10: each hop takes 14, rank 1 finishes at 2 + 10 + 2 + 2 = 16, the ring at 4 x 14 = 56
        assertThat(lines.get(2)).contains("Ring", "model", "L=10 o=2 g=4", "56", "16..56", "1.000", "yes");
        assertThat(lines).contains("finish times, model clock (model units): rank 0 56, rank 1 16, rank 2 30,"
                + " rank 3 44");
    }

    @Test
    void aSecondRunOfUnchangedSourcesCompilesNothing() throws Exception {
        Path ring = write("Ring.java", RING);
        assertThat(run(ring).code()).isZero();
        List<Path> entries = list(cache);
        assertThat(entries).hasSize(1);
        Path classFile = entries.get(0).resolve("Ring.class");
        FileTime longAgo = FileTime.from(Instant.parse("2001-01-01T00:00:00Z"));
        Files.setLastModifiedTime(classFile, longAgo);
        CliTest.Outcome again = run(ring, "--json");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.json().get(0).get("makespan").asLong()).isEqualTo(40);
        assertThat(list(cache)).isEqualTo(entries);
        assertThat(Files.getLastModifiedTime(classFile)).as("not compiled again").isEqualTo(longAgo);
        // changed sources are another compilation, kept beside the first
        write("Ring.java", RING.replace("params.P() * params.messageTime()", "params.P() * params.messageTime() + 0"));
        assertThat(run(ring).code()).isZero();
        assertThat(list(cache)).hasSize(2);
    }

    @Test
    void sourcesThatDoNotCompileGetJavacsReportAndExitTwo() throws Exception {
        Path bad = write("Bad.java", """
                import org.logplab.core.Processor;
                import org.logplab.core.Program;

                public class Bad implements Program {
                    public void run(Processor p) {
                        int x = 1
                    }
                }
                """);
        CliTest.Outcome o = run(bad);
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        List<String> err = o.err().lines().toList();
        assertThat(err.get(0)).isEqualTo(bad + ":6: error: ';' expected");
        assertThat(err.get(1)).isEqualTo("        int x = 1");
        assertThat(err.get(2)).isEqualTo("                 ^");
        assertThat(err).contains("1 error");
        assertThat(err.get(err.size() - 1))
                .isEqualTo("logplab: run: Bad.java did not compile: 1 error (javac's report above)");
        assertThat(list(cache)).as("nothing cached of a failed compilation").isEmpty();
    }

    @Test
    void sourcesWithoutOneProgramClassAreRefusedInWords() throws Exception {
        Path helper = write("none/Helper.java", "public class Helper { }\n");
        CliTest.Outcome none = run(helper);
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).startsWith("logplab: run: no public class in Helper.java implements"
                + " org.logplab.core.Program");
        write("two/A.java", "public class A implements org.logplab.core.Program {"
                + " public void run(org.logplab.core.Processor p) { } }\n");
        write("two/B.java", "public class B implements org.logplab.core.Program {"
                + " public void run(org.logplab.core.Processor p) { } }\n");
        CliTest.Outcome two = run(dir.resolve("two"));
        assertThat(two.code()).isEqualTo(2);
        assertThat(two.err()).startsWith("logplab: run: 2 public classes implement org.logplab.core.Program (A, B),");
    }

    @Test
    void aMissingFileAFileThatIsNoSourceAndNoFileAtAllAreRefusedInWords() throws Exception {
        CliTest.Outcome missing = run(dir.resolve("Nowhere.java"));
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("logplab: run: no such file or folder: " + dir.resolve("Nowhere.java")
                + System.lineSeparator());
        Path text = write("notes.txt", "not Java\n");
        CliTest.Outcome notJava = run(text);
        assertThat(notJava.code()).isEqualTo(2);
        assertThat(notJava.err()).contains(text + " is not a Java source file");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(run(empty).err()).contains("the folder " + empty + " holds no .java file");
        CliTest.Outcome onlyArguments = run("--", "x");
        assertThat(onlyArguments.code()).isEqualTo(2);
        assertThat(onlyArguments.err()).contains("name the program's .java files");
    }

    @Test
    void aStringArrayConstructorGetsTheArgumentsAfterTheDoubleDash() throws Exception {
        Path pipe = write("Pipe.java", PIPE);
        // Rank 0 sends the 3 items at 0, 4, 8 (g apart); each middle rank receives and sends each in
        // 2o = 4 = g, so the chain of P - 1 = 3 hops takes 3 x 10 = 30 for the first item and every
        // further item follows max(g, 2o) = 4 later: 30 + 2 x 4 = 38.
        CliTest.Outcome o = run(pipe, "--predict", "(P-1)*(L+2*o) + (k-1)*max(g, 2*o)", "--json", "--", "k=3");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode row = o.json().get(0);
        assertThat(row.get("makespan").asLong()).isEqualTo(38);
        assertThat(row.get("predicted").asLong()).isEqualTo(38);
        assertThat(row.get("finish_times").toString()).isEqualTo("[10,20,30,38]");
        assertThat(row.get("messages").asLong()).isEqualTo(9);
        assertThat(row.get("ok").asBoolean()).isTrue();
    }

    @Test
    void argumentsForAClassWithoutAStringArrayConstructorAreRefused() throws Exception {
        CliTest.Outcome o = run(write("Ring.java", RING), "--", "k=3");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("Ring takes no program arguments (it has no public constructor Ring(String[]"
                + " args)), but the command line gives it k=3");
    }

    @Test
    void aFormulaWithLog2AndMaxPredictsTheDoublingBroadcast() throws Exception {
        Path doubling = write("Doubling.java", DOUBLING);
        // P = 8: the deepest chain 0 -> 1 -> 3 -> 7 forwards at once, 3 x (L + 2o) = 30; the sends that
        // wait for g (rank 0's to 2 and 4, rank 1's to 5) end earlier (rank 4 at 18, rank 5 at 24).
        CliTest.Outcome o = run(doubling, "--P", "8", "--predict", "ceil(log2(P)) * max(L + 2*o, g)", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode row = o.json().get(0);
        assertThat(row.get("makespan").asLong()).isEqualTo(30);
        assertThat(row.get("predicted").asLong()).isEqualTo(30);
        assertThat(row.get("finish_times").toString()).isEqualTo("[10,16,16,22,18,24,24,30]");
        // a wrong formula fails the check, exit 1, naming both times
        CliTest.Outcome wrong = run(doubling, "--P", "8", "--predict", "log2(P) * L");
        assertThat(wrong.code()).isEqualTo(1);
        assertThat(wrong.err()).endsWith("logplab: run: 1 of 2 checks failed: Doubling on the model clock: makespan 30,"
                + " predicted 18" + System.lineSeparator());
    }

    @Test
    void aFormulaWinsOverTheClassesOwnPredictionAndSaysSo() throws Exception {
        CliTest.Outcome o = run(write("Ring.java", RING), "--predict", "P*(L+2*o)", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("note: --predict gives the prediction; Ring's own predict() is not used");
    }

    @Test
    void aBadFormulaIsRefusedBeforeAnythingRuns() throws Exception {
        Path ring = write("Ring.java", RING);
        for (String formula : List.of("P*(L+", "P*x", "L/0", "")) {
            CliTest.Outcome o = run(ring, "--predict", formula);
            assertThat(o.code()).as(formula).isEqualTo(2);
            assertThat(o.out()).isEmpty();
            assertThat(o.err()).as(formula).startsWith("logplab: run: --predict '" + formula
                    + "' is not a formula logplab can use: ");
        }
        assertThat(run(ring, "--predict", "P*x").err()).contains("'x'");
        assertThat(run(ring, "--predict", "L/0").err()).contains("division by zero for L=6, o=2, g=4, G=0, P=4");
        assertThat(list(cache)).as("refused before compiling").isEmpty();
    }

    @Test
    void aRankThatThrowsIsNamedWithTheUsersFileAndLine() throws Exception {
        write("Fails.java", """
                import org.logplab.core.Processor;
                import org.logplab.core.Program;

                public class Fails implements Program {
                    public void run(Processor p) {
                        if (p.rank() == 2) {
                            int[] a = new int[2];
                            a[p.rank()] = 1;
                        }
                    }
                }
                """);
        CliTest.Outcome o = run(dir.resolve("Fails.java"));
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).isEqualTo("logplab: run: rank 2 failed at Fails.java:8: Index 2 out of bounds for length 2"
                + System.lineSeparator());
    }

    @Test
    void aDeadlockSaysWhoWaitsOnWhom() throws Exception {
        Path dead = write("Dead.java", """
                import org.logplab.core.Processor;
                import org.logplab.core.Program;

                public class Dead implements Program {
                    public void run(Processor p) {
                        p.recv((p.rank() + 1) % p.size());
                    }
                }
                """);
        CliTest.Outcome o = run(dead, "--P", "3");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).isEqualTo("logplab: run: deadlock: all 3 live processors wait on something that can never"
                + " happen: rank 0 waits to receive from rank 1; rank 1 waits to receive from rank 2; rank 2 waits to"
                + " receive from rank 0" + System.lineSeparator());
    }

    @Test
    void aProgramThatNeverEndsIsStoppedAtTheTimeLimitNamingTheWaitingRanks() throws Exception {
        Path forever = write("Forever.java", """
                import org.logplab.core.Processor;
                import org.logplab.core.Program;

                public class Forever implements Program {
                    public void run(Processor p) {
                        if (p.rank() == 0) {
                            while (true) {
                                p.compute(1);
                            }
                        }
                        p.recv(0);
                    }
                }
                """);
        long start = System.nanoTime();
        CliTest.Outcome o = run(forever, "--P", "2", "--max-time", "2s");
        assertThat(System.nanoTime() - start).as("stopped near the limit").isLessThan(15_000_000_000L);
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).startsWith("logplab: run: stopped by --max-time 2 s, the program had not ended: run timed"
                + " out after ").contains("2 unfinished: rank 0 is running; rank 1 waits to receive from rank 0");
        assertThat(o.err().lines()).hasSize(1);
    }

    @Test
    void repetitionsThatWouldOutlastTheTimeLimitDoNotStart() throws Exception {
        // one run of the ring takes at least 2 L = 2 ms, so 1,000 repetitions and as many warm-up
        // runs at least 4 s, more than the 3 s limit
        CliTest.Outcome o = run(write("Ring.java", RING), "--clock", "wall", "--P", "2", "--L", "1ms", "--reps",
                "1000", "--max-time", "3s");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).startsWith("logplab: run: the wall clock's 1,000 repetitions and as many warm-up runs, ")
                .contains("beyond --max-time 3 s: give --max-time ", ", or fewer --reps");
    }

    @Test
    void theRepetitionsAreNotSpacedByTheColdFirstRun() throws Exception {
        // The first run sleeps 400 ms (a cold run: class loading, the interpreter), the others ping. Spaced
        // by 4 times the first run, 5 repetitions and 5 warm-up runs would take at least 10 x 1.6 s = 16 s,
        // beyond the 12 s limit (refused before they start); spaced by what the warm-up learns they take about
        // its 0.5-1 s, with room to spare on a busy host.
        Path slowFirst = write("SlowFirst.java", """
                import org.logplab.core.Processor;
                import org.logplab.core.Program;

                public class SlowFirst implements Program {
                    private static volatile boolean warm;

                    public void run(Processor p) throws InterruptedException {
                        if (!warm) {
                            Thread.sleep(400);
                        }
                        warm = true;
                        if (p.rank() == 0) {
                            p.sendLong(1, 0, 1);
                        } else {
                            p.recvLong(0, 0);
                        }
                    }
                }
                """);
        CliTest.Outcome o = run(slowFirst, "--clock", "wall", "--P", "2", "--reps", "5", "--max-time", "12s", "--json");
        assertThat(o.err()).doesNotContain("would end after");
        assertThat(o.code()).isZero();
    }

    @Test
    void messagesLeftUnreceivedFailTheCheckNamingTheirChannel() throws Exception {
        Path leaky = write("Leaky.java", """
                import org.logplab.core.Processor;
                import org.logplab.core.Program;

                public class Leaky implements Program {
                    public void run(Processor p) {
                        if (p.rank() == 0) {
                            p.sendLong(1, 0, 7);
                        }
                    }
                }
                """);
        CliTest.Outcome o = run(leaky, "--P", "2", "--json");
        assertThat(o.code()).isEqualTo(1);
        JsonNode row = o.json().get(0);
        assertThat(row.get("messages").asLong()).isEqualTo(1);
        assertThat(row.get("received").asLong()).isZero();
        assertThat(o.err()).isEqualTo("logplab: run: 1 of 1 checks failed: Leaky on the model clock: 1 message never"
                + " received (rank 0 to rank 1: 1)" + System.lineSeparator());
    }

    @Test
    void theWallClockRepeatsTheProgramAndReportsItsMedianBesideThePrediction() throws Exception {
        Path ring = write("Ring.java", RING);
        CliTest.Outcome o = run(ring, "--clock", "model,wall", "--P", "2", "--L", "20us", "--o", "5us", "--g",
                "10us", "--reps", "5", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("clock").asText()).containsExactly("model", "wall");
        JsonNode wall = rows.get(1);
        assertThat(wall.fieldNames()).toIterable().contains("p50_ns", "p99_ns", "reps", "latency",
                "msg_latency_count", "msg_latency_p50_ns", "msg_latency_p99_ns", "predicted", "ratio", "ok",
                "warmup", "predicted_ns", "oversubscribed", "disturbed");
        // the same formula over ns: 2 hops of L + 2o = 30 us
        assertThat(wall.get("predicted").asLong()).isEqualTo(60_000);
        assertThat(wall.get("predicted_ns").asLong()).isEqualTo(60_000);
        assertThat(wall.get("warmup").asInt()).isGreaterThanOrEqualTo(5);
        assertThat(wall.get("oversubscribed").asBoolean()).isEqualTo(2 > WallTolerance.cores());
        assertThat(rows.get(0).get("makespan").asLong()).isEqualTo(60_000);
        // injection only adds time: no repetition beats the prediction
        assertThat(wall.get("makespan").asLong()).isEqualTo(wall.get("p50_ns").asLong()).isGreaterThanOrEqualTo(60_000);
        assertThat(wall.get("p99_ns").asLong()).isGreaterThanOrEqualTo(wall.get("p50_ns").asLong());
        assertThat(wall.get("reps").asInt()).isBetween(1, 5);
        assertThat(wall.get("messages").asLong()).isEqualTo(2);
        assertThat(wall.get("received").asLong()).isEqualTo(2);
        assertThat(wall.get("finish_times")).hasSize(2);
        assertThat(wall.get("ok").asBoolean()).isTrue();
        assertThat(wall.get("latency").asText()).isEqualTo("all");
    }

    @Test
    void writesATraceOfTheModelClockRun() throws Exception {
        Path trace = dir.resolve("ring-trace.json");
        assertThat(run(write("Ring.java", RING), "--trace", trace).code()).isZero();
        // 4 sends and 4 receives, and a flow arrow's two ends per message
        assertThat(JsonLines.MAPPER.readTree(Files.readString(trace)).get("traceEvents").size()).isEqualTo(16);
        CliTest.Outcome wallOnly = run(dir.resolve("Ring.java"), "--trace", trace, "--clock", "wall");
        assertThat(wallOnly.code()).isEqualTo(2);
        assertThat(wallOnly.err()).contains("--trace writes the trace of the model-clock run");
    }

    @Test
    void badOptionsAreRefused() throws Exception {
        Path ring = write("Ring.java", RING);
        assertThat(run(ring, "--threads", "green").err()).contains("--threads must be platform or virtual, got"
                + " 'green'");
        assertThat(run(ring, "--clock", "model,sundial").err()).contains("--clock must be model or wall, got"
                + " 'sundial'");
        assertThat(run(ring, "--clock", "wall", "--reps", "0").err()).contains("--reps must be 1..");
        assertThat(run(ring, "--P", "0").err()).contains("P must be at least 1");
        assertThat(run(ring, "--threads", "platform", "--json").json().get(0).get("makespan").asLong())
                .isEqualTo(40);
    }

    @Test
    void severalProcessorCountsGiveARowEachAndAChartOfMakespanAgainstP() throws Exception {
        Path ring = write("Ring.java", RING);
        Path chart = dir.resolve("ring.png");
        CliTest.Outcome o = run(ring, "--P", "2,4,8", "--plot", chart, "--json");
        assertThat(o.code()).as(o.err()).isZero();
        // one token round the ring: P hops of L + 2o = 10
        assertThat(o.json()).extracting(r -> r.get("P").asInt() + ":" + r.get("makespan").asLong())
                .containsExactly("2:20", "4:40", "8:80");
        assertThat(o.err()).contains("wrote " + chart);
        BufferedImage image = ImageIO.read(chart.toFile());
        assertThat(image).as("a PNG image").isNotNull();
        assertThat(image.getWidth()).isGreaterThan(400);
    }

    @Test
    void aChartWithBothClocksIsOneFileForEach() throws Exception {
        Path ring = write("Ring.java", RING);
        CliTest.Outcome o = run(ring, "--P", "1,2", "--clock", "model,wall", "--L", "1us", "--reps", "3", "--plot",
                dir.resolve("ring.png"));
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(ImageIO.read(dir.resolve("ring-model.png").toFile())).isNotNull();
        assertThat(ImageIO.read(dir.resolve("ring-wall.png").toFile())).isNotNull();
        assertThat(dir.resolve("ring.png")).doesNotExist();
    }

    @Test
    void aChartOrATraceWithTheWrongProcessorCountsIsRefusedBeforeAnythingRuns() throws Exception {
        Path ring = write("Ring.java", RING);
        CliTest.Outcome one = run(ring, "--P", "4", "--plot", dir.resolve("one.png"));
        assertThat(one.code()).isEqualTo(2);
        assertThat(one.err()).contains("--plot draws the makespan against P: give two or more counts");
        CliTest.Outcome twice = run(ring, "--P", "4,2,4");
        assertThat(twice.code()).isEqualTo(2);
        assertThat(twice.err()).contains("--P names a processor count twice: [4, 2, 4]");
        CliTest.Outcome trace = run(ring, "--P", "2,4", "--trace", dir.resolve("t.json"));
        assertThat(trace.code()).isEqualTo(2);
        assertThat(trace.err()).contains("--trace writes the trace of one run: give one --P with it");
        CliTest.Outcome badFolder = run(ring, "--P", "2,4", "--plot", "/nonexistent/dir/p.png");
        assertThat(badFolder.code()).isEqualTo(2);
        assertThat(badFolder.err()).contains("--plot");
        assertThat(list(cache)).as("refused before compiling").isEmpty();
        assertThat(dir.resolve("one.png")).doesNotExist();
    }

    @Test
    void theWallClocksLatenciesGoToAnHdrHistogramFile() throws Exception {
        Path ring = write("Ring.java", RING);
        Path hgrm = dir.resolve("ring.hgrm");
        CliTest.Outcome o = run(ring, "--clock", "wall", "--P", "2", "--L", "1us", "--reps", "5", "--histogram", hgrm,
                "--json");
        assertThat(o.code()).as(o.err()).isZero();
        long recorded = o.json().get(0).get("msg_latency_count").asLong();
        assertThat(recorded).isPositive();
        List<String> lines = Files.readAllLines(hgrm);
        assertThat(lines.get(0)).startsWith("# latency sampling: ");
        // HdrHistogram's footer ends with the total count, the figure the row reports
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("#[Max").contains("Total count    =")
                .endsWith(" " + recorded + "]"));
        CliTest.Outcome model = run(ring, "--histogram", dir.resolve("m.hgrm"));
        assertThat(model.code()).isEqualTo(2);
        assertThat(model.err()).contains("--histogram writes the wall-clock run's message latencies");
    }

    private static List<Path> list(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.sorted().toList();
        }
    }
}
