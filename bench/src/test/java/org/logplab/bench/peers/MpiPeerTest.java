package org.logplab.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.peers.MpiPeer.Measurement;
import org.logplab.bench.peers.PeerResult.Failed;
import org.logplab.bench.peers.PeerResult.Measured;
import org.logplab.bench.peers.PeerResult.Unavailable;

/**
 * The Open MPI peer: its output parser on hand-written lines, the project root search, the
 * "not installed" path, and, when Open MPI is installed, a tiny real run, a bad flag and a timeout.
 */
class MpiPeerTest {

    private static final String VERSION = "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4";

    private static Path root() {
        return MpiPeer.findProjectRoot().orElseThrow(() -> new AssertionError("no " + MpiPeer.SCRIPT + " found"));
    }

    private static boolean onPath(String tool) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty())
                .anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }

    private static void assumeOpenMpi() {
        Assumptions.assumeTrue(onPath("mpicc") && onPath("mpirun"),
                "mpicc not installed: apt-get install openmpi-bin libopenmpi-dev");
        // openmpi-bin alone brings the mpicc wrapper but not mpi.h, which libopenmpi-dev does.
        Assumptions.assumeTrue(Stream.of("/usr/include", "/usr/lib/x86_64-linux-gnu/openmpi/include",
                "/usr/include/openmpi")
                        .anyMatch(d -> Files.isRegularFile(Path.of(d, "mpi.h"))) || mpiHeaderFromWrapper(),
                "Open MPI's headers (mpi.h) not installed: apt-get install libopenmpi-dev");
    }

    /** Whether the directories {@code mpicc --showme:incdirs} names hold mpi.h. */
    private static boolean mpiHeaderFromWrapper() {
        try {
            Process p = new ProcessBuilder("mpicc", "--showme:incdirs").redirectErrorStream(true).start();
            String dirs = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor(10, TimeUnit.SECONDS);
            return Stream.of(dirs.split("\\s+")).filter(d -> !d.isEmpty())
                    .anyMatch(d -> Files.isRegularFile(Path.of(d, "mpi.h")));
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parsesEachLineIntoAMeasurement() {
        String out = String.join("\n",
                "{\"peer\":\"openmpi\",\"mpi_version\":\"%1$s\",\"test\":\"pingpong\",\"size_bytes\":8,\"rounds\":7,"
                        + "\"iterations\":200000,\"median_ns\":812.5,\"min_ns\":800.25,\"max_ns\":900}",
                "",
                "{\"peer\":\"openmpi\",\"mpi_version\":\"%1$s\",\"test\":\"stream\",\"size_bytes\":8,\"rounds\":7,"
                        + "\"iterations\":200000,\"median_ns\":125.0,\"min_ns\":120.0,\"max_ns\":130.0,"
                        + "\"messages_per_s\":8000000.0}",
                "{\"peer\":\"openmpi\",\"mpi_version\":\"%1$s\",\"test\":\"exchange\",\"size_bytes\":16777216,"
                        + "\"rounds\":3,\"iterations\":64,\"median_ns\":4.5e6,\"min_ns\":4.0e6,\"max_ns\":5.0e6}",
                "").formatted(VERSION);
        List<Measurement> m = MpiPeer.parse(out);
        assertThat(m).containsExactly(
                new Measurement("pingpong", 8, 7, 200_000, 812.5, 800.25, 900.0, null, VERSION),
                new Measurement("stream", 8, 7, 200_000, 125.0, 120.0, 130.0, 8_000_000.0, VERSION),
                new Measurement("exchange", 16_777_216, 3, 64, 4_500_000.0, 4_000_000.0, 5_000_000.0, null, VERSION));
        assertThat(MpiPeer.parse("")).isEmpty();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void refusesLinesThatAreNotMeasurementsNamingTheLine() {
        String good = "{\"mpi_version\":\"v\",\"test\":\"bcast\",\"size_bytes\":8,\"rounds\":1,\"iterations\":5,"
                + "\"median_ns\":1,\"min_ns\":1,\"max_ns\":1}";
        assertThat(MpiPeer.parse(good)).hasSize(1);
        assertThatThrownBy(() -> MpiPeer.parse(good + "\nmpirun: something"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2 is not JSON");
        assertThatThrownBy(() -> MpiPeer.parse(good.replace("\"median_ns\":1,", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: no median_ns");
        assertThatThrownBy(() -> MpiPeer.parse(good.replace("\"rounds\":1", "\"rounds\":1.5")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rounds is not an integer");
        assertThatThrownBy(() -> MpiPeer.parse(good.replace("\"max_ns\":1", "\"max_ns\":\"1\"")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max_ns is not a number");
        assertThatThrownBy(() -> MpiPeer.parse("[1,2]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a JSON object");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void findsTheProjectRootFromHomeOrByWalkingUp(@TempDir Path tmp) throws Exception {
        Path root = root();
        assertThat(root.resolve(MpiPeer.SCRIPT)).isRegularFile();
        assertThat(MpiPeer.findProjectRoot(null, List.of(root.resolve("bench/target/classes")))).contains(root);
        assertThat(MpiPeer.findProjectRoot(" ", List.of(tmp, root.resolve("bench/src")))).contains(root);
        assertThat(MpiPeer.findProjectRoot(root.toString(), List.of())).contains(root);
        // An explicit home without the script is not overridden by the walk.
        assertThat(MpiPeer.findProjectRoot(tmp.toString(), List.of(root))).isEmpty();
        assertThat(MpiPeer.findProjectRoot(null, List.of(tmp))).isEmpty();
        assertThat(MpiPeer.run(tmp, List.of(), Duration.ofSeconds(5))).isInstanceOfSatisfying(Failed.class,
                f -> assertThat(f.reason()).contains("no " + MpiPeer.SCRIPT));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void withoutOpenMpiTheRunIsUnavailableAndSaysWhatToInstall(@TempDir Path tmp) throws Exception {
        // A PATH holding bash (for the script's "#!/usr/bin/env bash") and nothing else.
        Path bash = Stream.of("/bin/bash", "/usr/bin/bash").map(Path::of).filter(Files::isExecutable).findFirst()
                .orElseThrow();
        Path link = Files.createSymbolicLink(tmp.resolve("bash"), bash);
        PeerResult<Measurement> r;
        try {
            r = MpiPeer.run(root(), List.of("--rounds", "1"), Duration.ofSeconds(5), Map.of("PATH", tmp.toString()));
        } finally {
            Files.delete(link); // @TempDir warns about links that point out of it
        }
        assertThat(r).isInstanceOfSatisfying(Unavailable.class, u -> assertThat(u.message())
                .contains("mpicc").contains("openmpi-bin libopenmpi-dev").doesNotContain("\n"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aTinyRealRunMeasuresEveryTest() {
        assumeOpenMpi();
        List<String> args = List.of("--rounds", "1", "--iterations", "50", "--exchange-log2", "4,10");
        PeerResult<Measurement> r = MpiPeer.run(root(), args, Duration.ofSeconds(50));
        assertThat(r).as("%s", r).isInstanceOf(Measured.class);
        List<Measurement> m = ((Measured<Measurement>) r).measurements();
        PeerRunChecks.oneRoundOfEveryTest(m, v -> assertThat(v).startsWith("Open MPI"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aBadFlagFailsWithStatus2AndATimeoutDestroysTheRanks() throws Exception {
        assumeOpenMpi();
        assertThat(MpiPeer.run(root(), List.of("--tests", "pingpong,nope"), Duration.ofSeconds(30)))
                .isInstanceOfSatisfying(Failed.class, f -> {
                    assertThat(f.exitCode()).isEqualTo(MpiPeer.EXIT_USAGE);
                    assertThat(f.stderrTail().strip()).contains("unknown test").contains("nope").doesNotContain("\n");
                });
        // Endless (1e9 round trips), so destroyed at the timeout, with mpirun and both ranks.
        List<String> endless = List.of("--tests", "pingpong", "--rounds", "1", "--iterations", "1000000000");
        PeerResult<Measurement> r = MpiPeer.run(root(), endless, Duration.ofMillis(1000));
        assertThat(r).isInstanceOfSatisfying(Failed.class, f -> {
            assertThat(f.timedOut()).isTrue();
            assertThat(f.exitCode()).isEqualTo(-1);
        });
        String binary = root().resolve("bench/target/peers/mpi/logp_peer").toString();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ranksAlive(binary) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(ranksAlive(binary)).as("logp_peer processes left after the timeout").isFalse();
    }

    private static boolean ranksAlive(String binary) {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().command().filter(binary::equals).isPresent());
    }
}
