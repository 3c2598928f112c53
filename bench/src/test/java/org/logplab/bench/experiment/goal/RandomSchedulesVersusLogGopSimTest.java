package org.logplab.bench.experiment.goal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.peers.LogGopSimPeer;
import org.logplab.bench.peers.LogGopSimTimes;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.GoalWriter;
import org.logplab.goal.sim.GoalSimulator;
import org.logplab.goal.sim.LogGopsParams;
import org.logplab.goal.sim.ModelRun;

/**
 * Random schedules, written by {@link GoalWriter}, simulated here and by LogGOPSim itself: up to 10
 * ranks with up to three CPUs and two NICs, messages on both sides of {@code S} (sizes 0 and 1
 * included), receives from any source or with any tag, sends with tag -1, receives whose size is
 * not their message's, calcs, and {@code requires}/{@code irequires} between a rank's operations.
 * Every rank's finish time equals LogGOPSim's, and where LogGOPSim prints no times (something is
 * left in its queues) the run here cannot finish either. Skipped, saying how to build it, without
 * LogGOPSim.
 */
class RandomSchedulesVersusLogGopSimTest {
    private static final int SCHEDULES = 60;
    private static final List<LogGopsParams> PARAMS = List.of(LogGopsParams.DEFAULTS,
            new LogGopsParams(10, 3, 7, 2, 1, 100));

    @Test
    void everyRankFinishesWhenLogGopSimSaysItDoes(@TempDir Path dir) throws IOException {
        Optional<LogGopSimPeer> peer = LogGopSimPeer.find(null);
        assumeTrue(peer.isPresent(), LogGopSimPeer.HOW_TO_BUILD);
        int finished = 0;
        int stuck = 0;
        for (int seed = 0; seed < SCHEDULES; seed++) {
            GoalSchedule s = random(new Random(seed));
            Path file = dir.resolve("random-" + seed + ".goal");
            GoalWriter.write(s, file);
            for (LogGopsParams p : PARAMS) {
                String what = "seed " + seed + ", " + p;
                ModelRun ours = GoalSimulator.loggopsim(p).run(s);
                LogGopSimTimes theirs;
                try {
                    theirs = peer.get().run(file, p.L(), p.o(), p.g(), p.G(), p.O(), p.S(), Duration.ofSeconds(30));
                } catch (LogGopSimPeer.NoTimesException e) {
                    assertThat(ours.queuesEmpty()).as(what + ": LogGOPSim left " + e.getMessage()).isFalse();
                    stuck++;
                    continue;
                }
                assertThat(ours.queuesEmpty()).as(what + ": LogGOPSim printed times").isTrue();
                assertThat(ours.finishTimes()).as(what).containsExactly(theirs.perRank());
                finished++;
            }
        }
        // both kinds of outcome are exercised
        assertThat(finished).isGreaterThan(10);
        assertThat(stuck).isGreaterThan(10);
    }

    /** A random schedule: sends paired with receives, mostly matching, with calcs and dependencies. */
    static GoalSchedule random(Random r) {
        int ranks = 1 + r.nextInt(10);
        int cpus = 1 + r.nextInt(3);
        int nics = 1 + r.nextInt(2);
        long[] sizes = {0, 1, 8, 99, 100, 101, 1000, 70000};
        List<List<long[]>> ops = new ArrayList<>();
        for (int i = 0; i < ranks; i++) {
            ops.add(new ArrayList<>());
        }
        int messages = 1 + r.nextInt(30);
        for (int m = 0; m < messages; m++) {
            int from = r.nextInt(ranks);
            int to = r.nextInt(ranks);
            long size = sizes[r.nextInt(sizes.length)];
            int tag = r.nextInt(4);
            // kind, size, peer, tag
            ops.get(from).add(new long[] {1, size, to, r.nextInt(20) == 0 ? GoalSchedule.ANY : tag});
            ops.get(to).add(new long[] {2, r.nextInt(5) == 0 ? sizes[r.nextInt(sizes.length)] : size,
                r.nextInt(5) == 0 ? GoalSchedule.ANY : from, r.nextInt(5) == 0 ? GoalSchedule.ANY : tag});
        }
        GoalSchedule.Builder b = GoalSchedule.builder();
        for (int rank = 0; rank < ranks; rank++) {
            List<long[]> mine = ops.get(rank);
            for (int c = r.nextInt(4); c > 0; c--) {
                mine.add(new long[] {3, List.of(0L, 1L, 50L, 500L, 3000L).get(r.nextInt(5)), 0, 0});
            }
            Collections.shuffle(mine, r);
            b.rank(rank);
            int first = b.operations();
            for (int i = 0; i < mine.size(); i++) {
                long[] op = mine.get(i);
                String label = "l" + (i + 1);
                int cpu = r.nextInt(cpus);
                int nic = r.nextInt(nics);
                switch ((int) op[0]) {
                    case 1 -> b.send(label, op[1], (int) op[2], (int) op[3], cpu, nic);
                    case 2 -> b.recv(label, op[1], (int) op[2], (int) op[3], cpu, nic);
                    default -> b.calc(label, op[1], cpu);
                }
            }
            for (int i = 1; i < mine.size(); i++) {
                for (int j = 0; j < i; j++) {
                    double x = r.nextDouble();
                    if (x < 0.08) {
                        b.requires(first + i, first + j);
                    } else if (x < 0.12) {
                        b.irequires(first + i, first + j);
                    }
                }
            }
        }
        return b.build(ranks);
    }
}
