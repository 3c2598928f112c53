package org.logplab.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.peers.FftwPeer.Measurement;
import org.logplab.bench.peers.PeerResult.Failed;
import org.logplab.bench.peers.PeerResult.Measured;
import org.logplab.bench.peers.PeerResult.Unavailable;

/**
 * The FFTW peer: its output parser on hand-written lines, its argument checks, the "not
 * installed" path (a stand-in script, and the real script without a compiler or without FFTW),
 * and, when FFTW is installed, a real run of 2^10 and 2^12, the check against a naive DFT, a bad
 * flag and a timeout.
 */
class FftwPeerTest {

    private static final String VERSION = "fftw-3.3.10-sse2-avx";
    private static final String INSTALL_HINT = "FFTW not found: install it with apt-get install libfftw3-dev"
            + " (Debian/Ubuntu)";

    private static Path root() {
        return FftwPeer.findProjectRoot().orElseThrow(() -> new AssertionError("no " + FftwPeer.SCRIPT + " found"));
    }

    /** Skips the calling test when the script said that FFTW is not installed (exit status 3). */
    private static void assumeInstalled(PeerResult<Measurement> r) {
        Assumptions.assumeFalse(r instanceof Unavailable,
                () -> "FFTW is not installed here, so the real runs are skipped: " + ((Unavailable) r).message());
    }

    private static String line(int log2n, String extra) {
        return ("{\"peer\":\"fftw\",\"version\":\"%s\",\"n\":%d,\"log2n\":%d,\"rounds\":3,\"iterations\":40,"
                + "\"median_ns\":2000.5,\"min_ns\":1900,\"max_ns\":2100,\"gflops\":25.59%s}")
                .formatted(VERSION, 1L << log2n, log2n, extra);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parsesEachLineIntoAMeasurement() {
        String out = line(10, "") + "\n\n" + line(22, ",\"extra\":true") + "\n";
        assertThat(FftwPeer.parse(out)).containsExactly(
                new Measurement(1024, 10, 3, 40, 2000.5, 1900.0, 2100.0, 25.59, VERSION),
                new Measurement(4_194_304, 22, 3, 40, 2000.5, 1900.0, 2100.0, 25.59, VERSION));
        assertThat(FftwPeer.parse("")).isEmpty();
        assertThat(FftwPeer.parse(" \n")).isEmpty();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void refusesMalformedLinesNamingTheLine() {
        String good = line(10, "");
        assertThatThrownBy(() -> FftwPeer.parse(good + "\nSegmentation fault"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2 is not JSON")
                .hasMessageContaining("Segmentation fault");
        assertThatThrownBy(() -> FftwPeer.parse(good + "\n" + good + "\n[1,2]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 3 is not a JSON object");
        assertThatThrownBy(() -> FftwPeer.parse(good.replace("\"median_ns\":2000.5,", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: no median_ns");
        assertThatThrownBy(() -> FftwPeer.parse(good.replace("\"version\":\"" + VERSION + "\"", "\"version\":3")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: version is not a string");
        assertThatThrownBy(() -> FftwPeer.parse(good.replace("\"n\":1024", "\"n\":1024.5")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: n is not an integer");
        assertThatThrownBy(() -> FftwPeer.parse(good.replace("\"n\":1024", "\"n\":1000")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: n is not 2^log2n");
        assertThatThrownBy(() -> FftwPeer.parse(good.replace("\"rounds\":3", "\"rounds\":0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: rounds out of range");
        assertThatThrownBy(() -> FftwPeer.parse(good.replace("\"gflops\":25.59", "\"gflops\":\"fast\"")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1: gflops is not a number");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void checksItsArgumentsBeforeRunning() {
        assertThat(FftwPeer.arguments(List.of(10, 12), 3))
                .containsExactly("--check", "--log2", "10,12", "--rounds", "3");
        Duration t = Duration.ofSeconds(5);
        assertThatThrownBy(() -> FftwPeer.run(List.of(), 3, t)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no sizes");
        assertThatThrownBy(() -> FftwPeer.run(List.of(10, 25), 3, t)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[1, 24]: 25");
        assertThatThrownBy(() -> FftwPeer.run(Arrays.asList(10, null), 3, t))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FftwPeer.run(List.of(10), 0, t)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rounds");
        assertThatThrownBy(() -> FftwPeer.run(List.of(10), 3, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeout");
    }

    /** A project root in {@code tmp} whose script is {@code body} (a POSIX shell script). */
    private static Path fakeRoot(Path tmp, String body) throws Exception {
        Path script = tmp.resolve(FftwPeer.SCRIPT);
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/bin/sh\n" + body + "\n");
        assertThat(script.toFile().setExecutable(true)).isTrue();
        return tmp;
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void mapsTheScriptsExitStatusAndOutput(@TempDir Path tmp) throws Exception {
        Duration t = Duration.ofSeconds(5);
        Path root = fakeRoot(tmp, "echo 'cc: probing' >&2; echo '" + INSTALL_HINT + "' >&2; exit 3");
        assertThat(FftwPeer.run(root, List.of(10), 3, t)).isEqualTo(new Unavailable<>(INSTALL_HINT));

        fakeRoot(tmp, "echo '" + line(10, "") + "'");
        PeerResult<Measurement> one = FftwPeer.run(root, List.of(10), 3, t);
        assertThat(one).isInstanceOf(Measured.class);
        assertThat(((Measured<Measurement>) one).measurements()).extracting(Measurement::n).containsExactly(1024L);
        assertThat(FftwPeer.run(root, List.of(10, 12), 3, t)).isInstanceOfSatisfying(Failed.class,
                f -> assertThat(f.reason()).contains("measured sizes 2^[10], asked for 2^[10, 12]"));

        fakeRoot(tmp, "echo '" + line(10, "") + "'; echo 'oops'");
        assertThat(FftwPeer.run(root, List.of(10), 3, t)).isInstanceOfSatisfying(Failed.class,
                f -> assertThat(f.reason()).startsWith("unexpected output: line 2 is not JSON"));

        fakeRoot(tmp, "echo 'fftw_peer: check failed: N=1024' >&2; exit 1");
        assertThat(FftwPeer.run(root, List.of(10), 3, t)).isInstanceOfSatisfying(Failed.class, f -> {
            assertThat(f.exitCode()).isEqualTo(1);
            assertThat(f.timedOut()).isFalse();
            assertThat(f.stderrTail()).contains("check failed");
        });

        assertThat(FftwPeer.run(tmp.resolve("nowhere"), List.of(10), 3, t)).isInstanceOfSatisfying(Failed.class,
                f -> assertThat(f.reason()).contains("no " + FftwPeer.SCRIPT));
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void withoutACompilerOrWithoutFftwTheRealScriptIsUnavailableAndSaysWhatToInstall(@TempDir Path tmp)
            throws Exception {
        // A copy of the peer (so that it has no binary built yet), run with a PATH holding bash (for
        // the script's "#!/usr/bin/env bash") and, the second time, a "cc" that fails every build.
        Path project = tmp.resolve("project");
        Path peer = project.resolve(FftwPeer.SCRIPT).getParent();
        Files.createDirectories(peer);
        for (String f : List.of("run.sh", "fftw_peer.c")) {
            Files.copy(root().resolve(FftwPeer.SCRIPT).resolveSibling(f), peer.resolve(f));
        }
        assertThat(peer.resolve("run.sh").toFile().setExecutable(true)).isTrue();
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        Path bash = Stream.of("/bin/bash", "/usr/bin/bash").map(Path::of).filter(Files::isExecutable).findFirst()
                .orElseThrow();
        Path link = Files.createSymbolicLink(bin.resolve("bash"), bash);
        List<PeerResult<Measurement>> results = new ArrayList<>();
        try {
            Map<String, String> env = Map.of("PATH", bin.toString(), "CC", "");
            results.add(FftwPeer.run(project, List.of("--log2", "10"), Duration.ofSeconds(10), env));
            Path cc = bin.resolve("cc");
            Files.writeString(cc, "#!/bin/sh\nexit 1\n");
            assertThat(cc.toFile().setExecutable(true)).isTrue();
            results.add(FftwPeer.run(project, List.of("--log2", "10"), Duration.ofSeconds(10), env));
        } finally {
            Files.delete(link); // @TempDir warns about links that point out of it
        }
        assertThat(results.get(0)).isInstanceOfSatisfying(Unavailable.class, u -> assertThat(u.message())
                .contains("no C compiler").contains("apt-get install gcc libfftw3-dev").doesNotContain("\n"));
        assertThat(results.get(1)).isEqualTo(new Unavailable<>(INSTALL_HINT));
        assertThat(project.resolve("bench/target")).doesNotExist();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRealRunOf2To10And2To12IsPlausible() {
        PeerResult<Measurement> r = FftwPeer.run(root(), List.of(10, 12), 3, Duration.ofSeconds(100));
        assumeInstalled(r);
        assertThat(r).as("%s", r).isInstanceOf(Measured.class);
        List<Measurement> m = ((Measured<Measurement>) r).measurements();
        assertThat(m).extracting(Measurement::log2n).containsExactly(10, 12);
        assertThat(m).extracting(Measurement::n).containsExactly(1024L, 4096L);
        for (Measurement x : m) {
            assertThat(x.rounds()).isEqualTo(3);
            assertThat(x.iterations()).isPositive();
            assertThat(x.version()).startsWith("fftw-3");
            assertThat(x.medianNs()).isPositive();
            assertThat(x.minNs()).isPositive().isLessThanOrEqualTo(x.medianNs());
            assertThat(x.maxNs()).isGreaterThanOrEqualTo(x.medianNs());
            assertThat(x.gflops()).isGreaterThan(0.1)
                    .isCloseTo(5.0 * x.n() * x.log2n() / x.medianNs(), within(1e-3 * x.gflops()));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fftwAgreesWithANaiveDftAndABadFlagFailsWithStatus2() {
        PeerScript.Outcome o = PeerScript.run(root(), FftwPeer.SCRIPT,
                List.of("--check", "--log2", "4,11", "--rounds", "1"),
                Duration.ofSeconds(100), Map.of(), "fftw-peer-test");
        assertThat(o).isInstanceOf(PeerScript.Exited.class);
        PeerScript.Exited e = (PeerScript.Exited) o;
        Assumptions.assumeFalse(e.code() == FftwPeer.EXIT_UNAVAILABLE,
                () -> "FFTW is not installed here, so the real runs are skipped: " + e.stderr().strip());
        assertThat(e.code()).as(e.stderr()).isZero();
        assertThat(e.stderr()).contains("check ok: N=16 relative RMS error")
                .contains("check ok: N=2048 relative RMS error");
        assertThat(FftwPeer.parse(e.stdout())).extracting(Measurement::n).containsExactly(16L, 2048L);

        assertThat(FftwPeer.run(root(), List.of("--log2", "10,99"), Duration.ofSeconds(30), Map.of()))
                .isInstanceOfSatisfying(Failed.class, f -> {
                    assertThat(f.exitCode()).isEqualTo(FftwPeer.EXIT_USAGE);
                    assertThat(f.reason()).contains("(bad usage)");
                    assertThat(f.stderrTail().strip()).contains("--log2 takes k in 1..24: 99").doesNotContain("\n");
                });
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aTimeoutDestroysThePeer() throws Exception {
        assumeInstalled(FftwPeer.run(root(), List.of(4), 1, Duration.ofSeconds(100))); // built by now
        // 1000 rounds of about 50 ms: destroyed at the timeout.
        PeerResult<Measurement> r = FftwPeer.run(root(), List.of(16), 1000, Duration.ofMillis(1500));
        assertThat(r).isInstanceOfSatisfying(Failed.class, f -> {
            assertThat(f.timedOut()).isTrue();
            assertThat(f.exitCode()).isEqualTo(-1);
        });
        String binary = root().resolve("bench/target/peers/fftw/fftw_peer").toString();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (peerAlive(binary) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(peerAlive(binary)).as("fftw_peer processes left after the timeout").isFalse();
    }

    private static boolean peerAlive(String binary) {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().command().filter(binary::equals).isPresent());
    }
}
