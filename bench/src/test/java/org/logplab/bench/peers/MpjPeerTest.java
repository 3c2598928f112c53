package org.logplab.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.peers.MpiPeer.Measurement;
import org.logplab.bench.peers.PeerResult.Failed;
import org.logplab.bench.peers.PeerResult.Measured;
import org.logplab.bench.peers.PeerResult.Unavailable;

/**
 * The MPJ Express peer: its output read by the Open MPI peer's parser, the "not installed" paths
 * (which run everywhere, MPJ Express or not), and, where Debian's {@code libmpj-java} is
 * installed, a tiny real run, a bad flag and a timeout.
 */
class MpjPeerTest {

    private static final Path DEBIAN_STARTER = Path.of("/usr/share/mpj/lib/starter.jar");

    private static Path root() {
        return MpjPeer.findProjectRoot().orElseThrow(() -> new AssertionError("no " + MpjPeer.SCRIPT + " found"));
    }

    /** Skips unless the script would find MPJ Express: Debian's package, or an MPJ_HOME holding it. */
    private static void assumeMpjExpress() {
        String home = System.getenv("MPJ_HOME");
        boolean there = home == null || home.isBlank() ? Files.isRegularFile(DEBIAN_STARTER)
                : Files.isRegularFile(Path.of(home, "lib/starter.jar"));
        Assumptions.assumeTrue(there, "MPJ Express not installed: " + MpjPeer.INSTALL);
        Assumptions.assumeTrue(MpjPeer.thisJdk().isPresent(), "this JVM has no javac to build the peer with");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void itsLinesAreTheOpenMpiPeersAndParseAlike() {
        // Two lines as LogpPeer.java prints them (its format string, filled in by hand).
        String version = "MPJ Express 0.44 (multicore)";
        String out = String.join("\n",
                "{\"peer\":\"mpjexpress\",\"mpi_version\":\"%1$s\",\"test\":\"pingpong\",\"size_bytes\":8,"
                        + "\"rounds\":7,\"iterations\":10000,\"median_ns\":45053.125,\"min_ns\":44000.000,"
                        + "\"max_ns\":52000.500}",
                "{\"peer\":\"mpjexpress\",\"mpi_version\":\"%1$s\",\"test\":\"stream\",\"size_bytes\":8,"
                        + "\"rounds\":7,\"iterations\":10000,\"median_ns\":20000.000,\"min_ns\":19000.000,"
                        + "\"max_ns\":21000.000,\"messages_per_s\":50000.0}").formatted(version);
        assertThat(MpiPeer.parse(out)).containsExactly(
                new Measurement("pingpong", 8, 7, 10_000, 45_053.125, 44_000.0, 52_000.5, null, version),
                new Measurement("stream", 8, 7, 10_000, 20_000.0, 19_000.0, 21_000.0, 50_000.0, version));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void withoutMpjExpressTheRunIsUnavailableAndSaysWhatToInstall(@TempDir Path empty) {
        // An MPJ_HOME without MPJ Express is used as it is, Debian's package or not.
        PeerResult<Measurement> r = MpjPeer.run(root(), List.of("--rounds", "1"), Duration.ofSeconds(20),
                Map.of("MPJ_HOME", empty.toString()));
        assertThat(r).isInstanceOfSatisfying(Unavailable.class, u -> assertThat(u.message())
                .contains("MPJ Express is not installed").contains(MpjPeer.INSTALL).doesNotContain("\n"));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void withoutAJdkTheRunIsUnavailableAndSaysSo(@TempDir Path noJdk) {
        PeerResult<Measurement> r = MpjPeer.run(root(), List.of(), Duration.ofSeconds(20),
                Map.of("JAVA_HOME", noJdk.toString()));
        assertThat(r).isInstanceOfSatisfying(Unavailable.class, u -> assertThat(u.message())
                .contains("no JDK").contains("JAVA_HOME=" + noJdk).doesNotContain("\n"));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void findsTheProjectRootHoldingItsScript(@TempDir Path tmp) {
        Path root = root();
        assertThat(root.resolve(MpjPeer.SCRIPT)).isRegularFile();
        assertThat(MpjPeer.run(tmp, List.of(), Duration.ofSeconds(5))).isInstanceOfSatisfying(Failed.class,
                f -> assertThat(f.reason()).contains("no " + MpjPeer.SCRIPT));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aTinyRealRunMeasuresEveryTest() {
        assumeMpjExpress();
        List<String> args = List.of("--rounds", "1", "--iterations", "50", "--exchange-log2", "4,10");
        PeerResult<Measurement> r = MpjPeer.run(root(), args, Duration.ofSeconds(100));
        assertThat(r).as("%s", r).isInstanceOf(Measured.class);
        List<Measurement> m = ((Measured<Measurement>) r).measurements();
        PeerRunChecks.oneRoundOfEveryTest(m, v -> assertThat(v).startsWith("MPJ Express").endsWith("(multicore)"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aBadFlagFailsWithStatus2AndATimeoutDestroysTheRanks() throws Exception {
        assumeMpjExpress();
        assertThat(MpjPeer.run(root(), List.of("--tests", "pingpong,nope"), Duration.ofSeconds(60)))
                .isInstanceOfSatisfying(Failed.class, f -> {
                    assertThat(f.exitCode()).isEqualTo(MpjPeer.EXIT_USAGE);
                    assertThat(f.stderrTail().strip()).contains("unknown test").contains("nope").doesNotContain("\n");
                });
        // Endless (1e9 round trips), so destroyed at the timeout, with the launcher and the ranks' JVM.
        List<String> endless = List.of("--tests", "pingpong", "--rounds", "1", "--iterations", "1000000000");
        PeerResult<Measurement> r = MpjPeer.run(root(), endless, Duration.ofSeconds(10));
        assertThat(r).isInstanceOfSatisfying(Failed.class, f -> {
            assertThat(f.timedOut()).isTrue();
            assertThat(f.exitCode()).isEqualTo(-1);
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ranksAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(ranksAlive()).as("MPJ Express processes left after the timeout").isFalse();
    }

    /** Whether a JVM running this peer's program (its launcher or its ranks) is alive. */
    private static boolean ranksAlive() {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().arguments()
                .map(a -> List.of(a).contains("LogpPeer") && List.of(a).contains("1000000000")).orElse(false));
    }
}
