package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.experiment.collective.CollectiveRuns;
import org.logplab.bench.peers.LogGopSimPeer;
import org.logplab.bench.peers.LogGopSimTimes;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.AllReduce;
import org.logplab.core.collective.broadcast.Broadcast;
import org.logplab.core.collective.summation.OptimalSummation;
import org.logplab.core.collective.summation.SummationPlan;
import org.logplab.goal.trace.TraceToGoal;

/**
 * {@code collective --goal-out} and {@code summation --goal-out}: the schedule written, and
 * LogGOPSim, under the same L, o, g with G = 0, O = 0 and S = 65535 (every message eager), giving
 * every rank exactly the finish time of our model clock, for every algorithm, several P and
 * parameters with g above, equal to and below o. The LogGOPSim parts skip, saying how to build
 * it, where it is absent.
 */
class GoalOutTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** (L, o, g): the command's defaults, g = o, g > o, g < o, o = 0, L = 0. */
    private static final long[][] PARAMS = {{6, 2, 4}, {10, 3, 3}, {5, 1, 7}, {3, 5, 1}, {4, 0, 2}, {0, 2, 1}};
    private static final int[] RANKS = {2, 5, 8, 13, 16, 37};

    private static LogGopSimPeer logGopSim() {
        Optional<LogGopSimPeer> peer = LogGopSimPeer.find(null);
        Assumptions.assumeTrue(peer.isPresent(), () -> "LogGOPSim is absent, so the comparison with it is skipped: "
                + LogGopSimPeer.HOW_TO_BUILD);
        return peer.get();
    }

    /** Our model clock's finish times for {@code name} as {@code logplab collective} runs it (combine cost 1). */
    private static long[] ours(String name, LogP params, Group group) {
        Object algo = new CollectiveRuns(params, group, ClockKind.MODEL, LatencySampling.OFF, 1, 1).choose(name).algo();
        RunResult r = RunConfig.builder(params).run(p -> {
            if (algo instanceof Broadcast b) {
                b.broadcast(p, group, p.rank() == group.sourceRank() ? (Object) 42L : null);
            } else {
                ((AllReduce) algo).allReduce(p, group, p.rank() + 1L, Long::sum, 1);
            }
        });
        return r.finishTimes();
    }

    private static long max(long[] times) {
        long m = 0;
        for (long t : times) {
            m = Math.max(m, t);
        }
        return m;
    }

    /** LogGOPSim's times equal ours: every rank where it prints them, else the maximum. */
    private static void assertSame(LogGopSimTimes lgs, long[] ours, String what) {
        if (lgs.perRank() != null) {
            assertThat(lgs.perRank()).as(what).containsExactly(ours);
        } else {
            assertThat(ours.length).as(what).isGreaterThan(16);
            assertThat(lgs.max()).as(what).isEqualTo(max(ours));
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void logGopSimGivesEveryRankOurModelClocksFinishTimeForEveryCollective(@TempDir Path tmp) throws Exception {
        LogGopSimPeer peer = logGopSim();
        List<String> algos = new ArrayList<>(CollectiveRuns.names());
        algos.add("auto");
        int compared = 0;
        for (String algo : algos) {
            for (int p : RANKS) {
                for (long[] l : PARAMS) {
                    int root = p > 3 ? 3 : 0;
                    Path file = tmp.resolve(algo + "-" + p + ".goal");
                    CliTest.Outcome o = CliTest.run("collective", "--algo", algo, "--P", Integer.toString(p),
                            "--root", Integer.toString(root), "--L", Long.toString(l[0]), "--o", Long.toString(l[1]),
                            "--g", Long.toString(l[2]), "--goal-out", file.toString(), "--json");
                    String what = algo + " P=" + p + " L,o,g=" + l[0] + "," + l[1] + "," + l[2];
                    assertThat(o.code()).as(what + ": " + o.err()).isZero();
                    String flags = "-L " + l[0] + " -o " + l[1] + " -g " + l[2] + " -G 0 -O 0 -S 65535";
                    assertThat(o.err()).as(what).contains("goal-out: wrote " + file).contains(flags);
                    long[] ours = ours(algo, LogP.of(l[0], l[1], l[2], p), Group.all(p, root));
                    assertThat(o.json().get(0).get("time").asLong()).as(what).isEqualTo(max(ours));
                    LogGopSimTimes lgs = peer.run(file, l[0], l[1], l[2], 0, 0, 65535, TIMEOUT);
                    // The butterfly folds the members beyond the largest power of 2 into the others first.
                    boolean folds = algo.equals("butterfly") && Integer.bitCount(p) != 1;
                    if (folds) {
                        assertThat(o.err()).as(what).contains("LogGOPSim may give other finish times (with " + flags
                                + "): rank ");
                        if (p == 5 && l[1] > 0) {
                            assertThat(lgs.perRank()).as(what).isNotEqualTo(ours);
                        }
                    } else {
                        assertThat(o.err()).as(what).contains("LogGOPSim gives the same finish times with " + flags);
                        assertSame(lgs, ours, what);
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isEqualTo((algos.size() * RANKS.length - 3) * PARAMS.length);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aMulticastToASubsetLeavesTheOthersEmptyAndStillAgrees(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("subset.goal");
        CliTest.Outcome o = CliTest.run("collective", "--algo", "fibonacci", "--P", "9", "--dest", "2,5,7,8,1",
                "--root", "5", "--goal-out", file.toString());
        assertThat(o.code()).as(o.err()).isZero();
        String text = Files.readString(file);
        for (int outside : new int[] {0, 3, 4, 6}) {
            assertThat(text).contains("rank " + outside + " {\n}\n");
        }
        LogGopSimPeer peer = logGopSim();
        long[] ours = ours("fibonacci", LogP.of(6, 2, 4, 9), Group.of(new int[] {2, 5, 7, 8, 1}, 5));
        assertSame(peer.run(file, 6, 2, 4, 0, 0, 65535, TIMEOUT), ours, "fibonacci on a subset");
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void logGopSimGivesEveryRankOurFinishTimeForOptimalSummation(@TempDir Path tmp) throws Exception {
        LogGopSimPeer peer = logGopSim();
        for (int p : new int[] {2, 5, 8, 16, 23}) {
            for (long[] l : PARAMS) {
                for (long n : new long[] {p, 7L * p + 3, 40L * p}) {
                    LogP params = LogP.of(l[0], l[1], l[2], p);
                    Path file = tmp.resolve("sum-" + p + "-" + n + ".goal");
                    CliTest.Outcome o = CliTest.run("summation", "--P", Integer.toString(p), "--N", Long.toString(n),
                            "--L", Long.toString(l[0]), "--o", Long.toString(l[1]), "--g", Long.toString(l[2]),
                            "--goal-out", file.toString(), "--json");
                    String what = "summation P=" + p + " N=" + n + " L,o,g=" + l[0] + "," + l[1] + "," + l[2];
                    assertThat(o.code()).as(what + ": " + o.err()).isZero();
                    assertThat(o.err()).as(what).contains("LogGOPSim gives the same finish times with -L " + l[0]
                            + " -o " + l[1] + " -g " + l[2] + " -G 0 -O 0 -S 65535");
                    Group group = Group.all(p, 0);
                    SummationPlan plan = SummationPlan.of(params, p, n);
                    long[] ours = RunConfig.builder(params).run(q -> new OptimalSummation().sum(q, group, plan,
                            j -> j + 1, Long::sum)).finishTimes();
                    assertThat(o.json().get(0).get("time").asLong()).as(what).isEqualTo(max(ours));
                    assertSame(peer.run(file, l[0], l[1], l[2], 0, 0, 65535, TIMEOUT), ours, what);
                }
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void receivingOutOfArrivalOrderIsWhereLogGopSimPartsWays(@TempDir Path tmp) throws Exception {
        // L=10 o=2 g=3. Rank 2 sends to rank 0 at 0 (arrives 12); rank 1 computes 20, sends at 20 (arrives
        // 32); rank 0 receives from 1, then from 2.
        // Model clock: recv(1) at max(0, 32) = 32 until 34; recv(2) at max(34, 12, 32 + g) = 35 until 37.
        // LogGOPSim takes each message when it arrives: rank 2's at 12 until 14, rank 1's at 32 until 34,
        // and the receive from 2 then finds its message already taken: rank 0 ends at 34.
        LogP params = LogP.of(10, 2, 3, 3);
        RunResult r = RunConfig.builder(params).trace(true).run(p -> {
            switch (p.rank()) {
                case 0 -> {
                    p.recvLong(1, 0);
                    p.recvLong(2, 0);
                }
                case 1 -> {
                    p.compute(20);
                    p.sendLong(0, 0, 1);
                }
                default -> p.sendLong(0, 0, 2);
            }
        });
        assertThat(r.finishTimes()).containsExactly(37, 22, 2);
        Path file = tmp.resolve("out-of-order.goal");
        TraceToGoal.Summary written = TraceToGoal.write(r.trace().orElseThrow(), params, file);
        assertThat(written.logGopSimCaveat())
                .startsWith("rank 0's l2 (recv from 2) takes a message that arrives at 12");
        LogGopSimTimes lgs = logGopSim().run(file, 10, 2, 3, 0, 0, 65535, TIMEOUT);
        assertThat(lgs.perRank()).containsExactly(34, 22, 2);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void whereNoCaveatIsWrittenLogGopSimAgreesOnRandomPrograms(@TempDir Path tmp) throws Exception {
        // Random rounds: in each, random pairs exchange a message; a rank first computes a random time, sends
        // its messages, then receives its messages in a random order (so never deadlocks). Receiving out of
        // arrival order is common: LogGOPSim then often differs, and the writer must say so.
        LogGopSimPeer peer = logGopSim();
        Random random = new Random(30);
        int agreed = 0;
        for (int program = 0; program < 300; program++) {
            int p = 2 + random.nextInt(7);
            LogP params = LogP.of(random.nextInt(12), random.nextInt(6), random.nextInt(8), p);
            int rounds = 1 + random.nextInt(4);
            List<List<int[]>> pairs = new ArrayList<>();
            long[][] work = new long[rounds][p];
            for (int r = 0; r < rounds; r++) {
                List<int[]> round = new ArrayList<>();
                for (int m = random.nextInt(2 * p); m > 0; m--) {
                    int from = random.nextInt(p);
                    int to = (from + 1 + random.nextInt(p - 1)) % p;
                    round.add(new int[] {from, to, random.nextInt(1000)});
                }
                pairs.add(round);
                for (int q = 0; q < p; q++) {
                    work[r][q] = random.nextInt(3) == 0 ? 0 : random.nextInt(15);
                }
            }
            long seed = random.nextLong();
            RunResult run = RunConfig.builder(params).trace(true).run(q -> {
                Random order = new Random(seed + q.rank());
                for (int r = 0; r < rounds; r++) {
                    q.compute(work[r][q.rank()]);
                    List<int[]> mine = new ArrayList<>();
                    for (int[] m : pairs.get(r)) {
                        if (m[0] == q.rank()) {
                            q.sendLong(m[1], 0, m[2]);
                        } else if (m[1] == q.rank()) {
                            mine.add(m);
                        }
                    }
                    Collections.shuffle(mine, order); // a receive from a source takes its next message
                    for (int[] m : mine) {
                        q.recvLong(m[0], 0);
                    }
                }
            });
            Path file = tmp.resolve("random.goal");
            TraceToGoal.Summary written = TraceToGoal.write(run.trace().orElseThrow(), params, file);
            if (written.operations() == 0) {
                continue; // LogGOPSim cannot simulate a schedule without operations (it crashes)
            }
            if (written.logGopSimAgrees()) {
                assertSame(peer.run(file, params.L(), params.o(), params.g(), 0, 0, 65535, TIMEOUT),
                        run.finishTimes(), "random program " + program + " " + params);
                agreed++;
            }
        }
        assertThat(agreed).isGreaterThan(50);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void refusesTheWallClockAPathItCannotWriteAndTheTracesOwnFile(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("s.goal");
        CliTest.Outcome wall = CliTest.run("collective", "--algo", "binomial", "--P", "4", "--clock", "wall",
                "--goal-out", file.toString());
        assertThat(wall.code()).isEqualTo(2);
        assertThat(wall.err()).contains("--goal-out writes the schedule of a model-clock run; it cannot be used with"
                + " --clock wall");
        CliTest.Outcome nowhere = CliTest.run("summation", "--P", "4", "--N", "9", "--goal-out",
                tmp.resolve("no/such/dir/s.goal").toString());
        assertThat(nowhere.code()).isEqualTo(2);
        assertThat(nowhere.err()).contains("--goal-out");
        CliTest.Outcome same = CliTest.run("collective", "--algo", "binomial", "--P", "4", "--trace", file.toString(),
                "--goal-out", file.toString());
        assertThat(same.code()).isEqualTo(2);
        assertThat(same.err()).contains("--trace and --goal-out name the same file");
        assertThat(file).doesNotExist();

        CliTest.Outcome two = CliTest.run("collective", "--algo", "binomial,fibonacci", "--P", "4", "--goal-out",
                file.toString(), "--json");
        assertThat(two.code()).as(two.err()).isZero();
        List<JsonNode> rows = two.json();
        assertThat(rows).hasSize(2);
        assertThat(Files.readString(file)).startsWith("// The schedule of a LogP Lab model-clock run: 4 ranks")
                .contains("\nnum_ranks 4\n\nrank 0 {\nl1: send 8b to ");
        assertThat(two.err().lines().filter(l -> l.startsWith("goal-out: wrote"))).hasSize(1);
    }
}
