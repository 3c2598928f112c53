package org.logplab.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.peers.LogGopSimPeer.NoTimesException;

/**
 * The LogGOPSim peer: finding its two programs, reading its output, its failures (with stand-in
 * programs), and, when LogGOPSim is built here, real runs checked against finish times worked out
 * by hand from its rules.
 */
class LogGopSimPeerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String PING_PONG = """
            // two ranks ping-pong 8 bytes with tag 7
            num_ranks 2
            rank 0 {
            ping: send 8b to 1 tag 7
            pong: recv 8b from 1 tag 7
            pong requires ping
            }
            rank 1 {
            ping: recv 8b from 0 tag 7
            pong: send 8b to 0 tag 7
            pong requires ping
            }
            """;

    /** The real peer, or the test skipped saying how to build it. */
    private static LogGopSimPeer real() {
        Optional<LogGopSimPeer> peer = LogGopSimPeer.find(null);
        Assumptions.assumeTrue(peer.isPresent(), () -> "LogGOPSim is absent (not on the PATH nor in "
                + LogGopSimPeer.defaultBinFolder() + "), so the real runs are skipped: " + LogGopSimPeer.HOW_TO_BUILD);
        return peer.get();
    }

    private static Path program(Path folder, String name, String body) throws IOException {
        Files.createDirectories(folder);
        Path p = folder.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        assertThat(p.toFile().setExecutable(true)).isTrue();
        return p;
    }

    /** A folder with a txt2bin that writes its -o file and a LogGOPSim whose script is {@code body}. */
    private static LogGopSimPeer standIn(Path tmp, String body) throws IOException {
        Path bin = tmp.resolve("bin");
        program(bin, "txt2bin", "touch \"$4\"");
        program(bin, "LogGOPSim", body);
        return LogGopSimPeer.find(bin).orElseThrow();
    }

    private static Path goal(Path tmp, String text) throws IOException {
        return Files.writeString(tmp.resolve("s.goal"), text);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void findsBothProgramsInAFolderOrBesideTheBinaryAndRefusesAPathWithoutThem(@TempDir Path tmp)
            throws IOException {
        Path bin = tmp.resolve("bin");
        Path sim = program(bin, "LogGOPSim", "exit 0");
        Path t2b = program(bin, "txt2bin", "exit 0");
        LogGopSimPeer inFolder = LogGopSimPeer.find(bin).orElseThrow();
        assertThat(inFolder.txt2bin()).isEqualTo(t2b.toAbsolutePath());
        assertThat(inFolder.logGopSim()).isEqualTo(sim.toAbsolutePath());
        assertThat(LogGopSimPeer.find(sim).orElseThrow().txt2bin()).isEqualTo(t2b.toAbsolutePath());

        Path empty = Files.createDirectory(tmp.resolve("empty"));
        assertThatThrownBy(() -> LogGopSimPeer.find(empty)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(empty + " holds neither txt2bin nor LogGOPSim");
        Path half = tmp.resolve("half");
        Path lone = program(half, "LogGOPSim", "exit 0");
        assertThatThrownBy(() -> LogGopSimPeer.find(half)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(half + " has no executable " + half.resolve("txt2bin"));
        assertThatThrownBy(() -> LogGopSimPeer.find(lone)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(lone + " has no executable txt2bin beside it");
        Path missing = tmp.resolve("nowhere");
        assertThatThrownBy(() -> LogGopSimPeer.find(missing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(missing + " does not exist");
        assertThat(LogGopSimPeer.HOW_TO_BUILD).contains("bench/peers/loggopsim/build.sh").contains("libgraphviz-dev")
                .doesNotContain("\n");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void readsEveryHostOrTheMaximumAndRefusesOutputItDoesNotKnow() throws IOException {
        String hosts = "LogGP network backend; size: 2 (1 CPUs, 1 NICs); L=2500, o=1500 g=1000, G=6, O=0, P=2\n"
                + "PERFORMANCE: Processes: 2 \t Events: 6 \t Time: 0 s \t Speed: inf ev/s\n"
                + "Times: \nHost 0: 11084\nHost 1: 7042\n";
        LogGopSimTimes t = LogGopSimPeer.parse(hosts);
        assertThat(t.perRank()).containsExactly(11084, 7042);
        assertThat(t.max()).isEqualTo(11084);
        assertThat(t.output()).isEqualTo(hosts);

        LogGopSimTimes max = LogGopSimPeer.parse("Maximum finishing time at host 16: 28042 (2.8042e-05 s)\n");
        assertThat(max.perRank()).isNull();
        assertThat(max.max()).isEqualTo(28042);

        String stuck = "unexpected queue on host 0 contains 1 elements!\n src: 1, tag: 4\n"
                + "receive queue on host 1 contains 1 elements!\n src: 0, tag: 3\n";
        assertThatThrownBy(() -> LogGopSimPeer.parse(stuck)).isInstanceOfSatisfying(NoTimesException.class,
                e -> assertThat(e.output()).isEqualTo(stuck)).hasMessage("LogGOPSim printed no finish times: the"
                + " schedule cannot finish; it left unexpected queue on host 0 contains 1 elements!; receive queue on"
                + " host 1 contains 1 elements!");
        assertThatThrownBy(() -> LogGopSimPeer.parse("Host 1: 5\n")).isInstanceOf(IOException.class)
                .hasMessage("LogGOPSim printed 'Host 1: 5' where Host 0 was due");
        assertThatThrownBy(() -> LogGopSimPeer.parse("something else\n")).isInstanceOf(IOException.class)
                .hasMessage("LogGOPSim printed no finish times: something else");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFailingOrSlowProgramIsNamedWithItsStatusAndLastLines(@TempDir Path tmp) throws IOException {
        Path file = goal(tmp, PING_PONG);
        LogGopSimPeer crash = standIn(tmp, "echo 'size: 2'; echo 'half way' >&2; kill -SEGV $$");
        assertThatThrownBy(() -> crash.run(file, 1, 1, 1, 0, 0, 1, TIMEOUT)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("LogGOPSim (" + crash.logGopSim() + ") exited with status 139 (killed by"
                        + " signal 11): size: 2 | half way");
        LogGopSimPeer parseError = standIn(tmp, "exit 0");
        program(tmp.resolve("bin"), "txt2bin", "echo 'Error in line 3:' >&2; exit 1");
        assertThatThrownBy(() -> parseError.run(file, 1, 1, 1, 0, 0, 1, TIMEOUT)).isInstanceOf(IOException.class)
                .hasMessage("txt2bin (" + parseError.txt2bin() + ") exited with status 1: Error in line 3:");

        LogGopSimPeer slow = standIn(tmp, "sleep 30");
        long start = System.nanoTime();
        assertThatThrownBy(() -> slow.run(file, 1, 1, 1, 0, 0, 1, Duration.ofMillis(500)))
                .isInstanceOf(IOException.class).hasMessage("LogGOPSim (" + slow.logGopSim()
                        + ") did not finish within the time limit of PT0.5S and was stopped");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));

        assertThatThrownBy(() -> slow.run(file, -1, 1, 1, 0, 0, 1, TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LogGOPSim's L must be in [0, 2147483647]: -1");
        assertThatThrownBy(() -> slow.run(file, 1, 1, 1, 0, 0, 1L << 31, TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("S must be in");
        assertThatThrownBy(() -> slow.run(tmp.resolve("none.goal"), 1, 1, 1, 0, 0, 1, TIMEOUT))
                .isInstanceOf(IOException.class).hasMessage("no GOAL file " + tmp.resolve("none.goal"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void thePingPongGivesTheTimesItsRulesGive(@TempDir Path tmp) throws IOException {
        LogGopSimPeer peer = real();
        // Under L=2500 o=1500 g=1000 G=6 O=0 S=65535: the ping leaves rank 0 at 0 (its CPU busy until
        // o = 1500) and arrives at o + L = 4000; rank 1 takes it for o + (8-1)G = 1542, until 5542, then
        // sends the pong at 5542 (busy until 7042), which arrives at 5542 + o + L = 9542; rank 0 takes it
        // until 9542 + 1542 = 11084.
        LogGopSimTimes t = peer.run(goal(tmp, PING_PONG), 2500, 1500, 1000, 6, 0, 65535, TIMEOUT);
        assertThat(t.perRank()).containsExactly(11084, 7042);
        assertThat(t.max()).isEqualTo(11084);
        // Under L=10 o=3 g=5 G=0 O=0: the ping arrives at o + L = 13, rank 1 takes it until 16 and sends the
        // pong at 16 (busy until 19), which arrives at 16 + 13 = 29; rank 0 takes it until 32.
        assertThat(peer.run(goal(tmp, PING_PONG), 10, 3, 5, 0, 0, 65535, TIMEOUT).perRank()).containsExactly(32, 19);
        // The same schedule indented, which txt2bin itself misreads.
        Path indented = goal(tmp, PING_PONG.replace("\nping", "\n  ping").replace("\npong", "\n\tpong"));
        assertThat(peer.run(indented, 2500, 1500, 1000, 6, 0, 65535, TIMEOUT).perRank()).containsExactly(11084, 7042);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void beyondSixteenRanksOnlyTheMaximumAndAStuckScheduleHasNoTimes(@TempDir Path tmp) throws IOException {
        LogGopSimPeer peer = real();
        // 17 ranks, each of 1..16 sends 8 bytes to rank 0, which receives them in rank order. Under
        // L=10 o=3 g=5 G=0 O=0 every message arrives at 13; rank 0 takes one per max(o, g) = 5 from 13 on,
        // the last (16th) from 13 + 15 * 5 = 88 until 91.
        StringBuilder s = new StringBuilder("num_ranks 17\nrank 0 {\n");
        for (int r = 1; r <= 16; r++) {
            s.append("r").append(r).append(": recv 8b from ").append(r).append(" tag 0\n");
            if (r > 1) {
                s.append("r").append(r).append(" requires r").append(r - 1).append('\n');
            }
        }
        s.append("}\n");
        for (int r = 1; r <= 16; r++) {
            s.append("rank ").append(r).append(" {\nx: send 8b to 0 tag 0\n}\n");
        }
        LogGopSimTimes t = peer.run(goal(tmp, s.toString()), 10, 3, 5, 0, 0, 65535, TIMEOUT);
        assertThat(t.perRank()).isNull();
        assertThat(t.max()).isEqualTo(91);
        assertThat(t.output()).contains("Maximum finishing time at host 0: 91");

        Path stuck = goal(tmp,
                "num_ranks 2\nrank 0 {\na: recv 8b from 1 tag 2\n}\nrank 1 {\nb: send 8b to 0 tag 3\n}\n");
        assertThatThrownBy(() -> peer.run(stuck, 10, 3, 5, 0, 0, 65535, TIMEOUT))
                .isInstanceOfSatisfying(NoTimesException.class, e -> assertThat(e.output())
                        .contains("unexpected queue on host 0 contains 1 elements!").contains("src: 1, tag: 3")
                        .contains("receive queue on host 0 contains 1 elements!").contains("src: 1, tag: 2"));

        Path broken = goal(tmp, "num_ranks 1\nrank 0 {\na: sned 8b to 0\n}\n");
        assertThatThrownBy(() -> peer.run(broken, 10, 3, 5, 0, 0, 65535, TIMEOUT)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("txt2bin (" + peer.txt2bin() + ") exited with status 1: Error in line");
    }
}
