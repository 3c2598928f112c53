package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.net.PeerAddress;

/**
 * Whatever ends a run, no process and no folder outlives it: {@code launch} stopped by SIGTERM or
 * by its own {@code --wait}, nodes whose launcher vanished, nodes stopped by SIGTERM. Each test
 * points the JVMs' temporary folder (or the nodes' {@code --work-dir}) at a folder of its own, so
 * that what is left there is this test's, whatever else runs on the host.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@Tag("slow")
class NothingLeftBehindTest {
    /** A ring that would run for hours: 2 ranks a node, 200 us injected per hop. */
    private static final List<String> ENDLESS = List.of("--job", "ring", "--P", "4", "--rounds", "100000000", "--clock",
            "wall",
            "--L", "200us", "--o", "0", "--g", "0", "--peer-timeout", "2s");
    /** Seconds the nodes get to start and connect on a loaded 2-core machine. */
    private static final long START_SECONDS = 120;
    /** Seconds within which a stopped process must be gone; stopping takes one or two. */
    private static final long STOP_SECONDS = 60;

    private static List<String> with(List<String> first, List<String> then) {
        List<String> all = new ArrayList<>(first);
        all.addAll(then);
        return all;
    }

    /** Everything under {@code dir}, relative paths (looked at again if something vanished meanwhile). */
    static List<String> contents(Path dir) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> s = Files.walk(dir)) {
                return s.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).toList();
            } catch (UncheckedIOException | NoSuchFileException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** The processes of this host whose command line names {@code dir}. */
    private static List<ProcessHandle> runningWith(Path dir) {
        return ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().map(c -> c.contains(dir.toString())).orElse(false)).toList();
    }

    private static void awaitGone(List<ProcessHandle> processes) throws Exception {
        for (ProcessHandle h : processes) {
            h.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
        }
    }

    @Test
    void launchEndedBySigtermStopsEveryNodeAndRemovesTheirFolders(@TempDir Path tmp) throws Exception {
        Jvm launch = Jvm.start(List.of("-Djava.io.tmpdir=" + tmp), Map.of(),
                with(List.of("launch", "--nodes", "2"), ENDLESS));
        try {
            assertThat(launch.awaitErr(l -> l.contains("connected to every peer"), 2, START_SECONDS))
                    .as("both nodes connect; stderr %s", launch.err).isTrue();
            List<ProcessHandle> nodes = launch.process.descendants().toList();
            assertThat(nodes).as("the node JVMs").hasSize(2);
            assertThat(contents(tmp)).as("one launch folder, a driver directory per node")
                    .anyMatch(p -> p.matches("logplab-launch-\\d+/logplab-node0-\\d+"))
                    .anyMatch(p -> p.matches("logplab-launch-\\d+/logplab-node1-\\d+"));
            launch.process.destroy(); // SIGTERM
            assertThat(launch.awaitExit(STOP_SECONDS)).as("launch exits").isTrue();
            awaitGone(nodes);
            assertThat(runningWith(tmp)).as("processes of this run").isEmpty();
            assertThat(contents(tmp)).as("files of this run").isEmpty();
        } finally {
            launch.kill();
        }
    }

    @Test
    void launchsOwnWaitStopsEveryNodeAndRemovesTheSharedDriver(@TempDir Path tmp) throws Exception {
        Jvm launch = Jvm.start(List.of("-Djava.io.tmpdir=" + tmp), Map.of(),
                with(List.of("launch", "--nodes", "2", "--media", "ipc", "--wait", "10s"), ENDLESS));
        try {
            // Every process launch starts, seen while it runs (however far the nodes get in 10 s).
            Set<ProcessHandle> seen = new HashSet<>();
            boolean sharedDriverSeen = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS + STOP_SECONDS);
            while (launch.process.isAlive() && System.nanoTime() < deadline) {
                launch.process.descendants().forEach(seen::add);
                sharedDriverSeen |= contents(tmp).stream().anyMatch(p -> p.matches("logplab-driver-\\d+/driver"));
                Thread.sleep(50);
            }
            assertThat(launch.awaitExit(STOP_SECONDS)).as("launch exits").isTrue();
            assertThat(seen).as("the node JVMs").hasSize(2);
            assertThat(sharedDriverSeen).as("the shared media driver's directory").isTrue();
            assertThat(launch.process.exitValue()).isEqualTo(1);
            assertThat(launch.err).as("stderr").anyMatch(l ->
                    l.startsWith("logplab: launch: nodes [0, 1] were still running after 10 s"));
            awaitGone(List.copyOf(seen));
            assertThat(runningWith(tmp)).as("processes of this run").isEmpty();
            assertThat(contents(tmp)).as("files of this run").isEmpty();
        } finally {
            launch.kill();
        }
    }

    @Test
    void nodesWhoseLauncherVanishedFailTheRunAndExitWithinThePeerTimeout(@TempDir Path tmp) throws Exception {
        Path work = Files.createDirectory(tmp.resolve("work"));
        Jvm launcher = Jvm.startCommand(List.of("sleep", "600"), Map.of());
        List<PeerAddress> peers = NodeProcesses.loopbackPeers(2);
        List<Jvm> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                nodes.add(Jvm.start(List.of(), Map.of(), with(List.of("node", "--peers", peers.get(0) + ","
                        + peers.get(1),
                        "--node", Integer.toString(i), "--json", "--work-dir", work.toString(),
                        "--launcher-pid", Long.toString(launcher.process.pid())), ENDLESS)));
            }
            for (Jvm n : nodes) {
                assertThat(n.awaitErr(l -> l.contains("connected to every peer"), 1, START_SECONDS))
                        .as("node connects; stderr %s", n.err).isTrue();
            }
            launcher.process.destroyForcibly();
            long gone = System.nanoTime();
            for (Jvm n : nodes) {
                assertThat(n.awaitExit(STOP_SECONDS)).as("node exits; stderr %s", n.err).isTrue();
                assertThat(n.process.exitValue()).isEqualTo(1);
            }
            // The launcher is polled every 100 ms and the failure told at once; 2 s is the peer
            // timeout, after which a node that has not ended exits regardless. The bound is for a loaded machine.
            assertThat((System.nanoTime() - gone) / 1_000_000).isLessThan(30_000);
            for (Jvm n : nodes) {
                assertThat(n.err).as("says why").anyMatch(l -> l.contains("launcher (pid " + launcher.process.pid()
                        + ") exited"));
            }
            assertThat(work).as("the last node out removes the launcher's folder").doesNotExist();
            assertThat(contents(tmp)).isEmpty();
        } finally {
            launcher.kill();
            nodes.forEach(Jvm::kill);
        }
    }

    @Test
    void aNodeStoppedBySigtermRemovesItsDriverDirectory(@TempDir Path tmp) throws Exception {
        List<PeerAddress> peers = NodeProcesses.loopbackPeers(2);
        // Node 0 alone: its media driver runs while it waits for node 1, which never comes.
        Jvm node = Jvm.start(List.of(), Map.of(), with(List.of("node", "--peers", peers.get(0) + "," + peers.get(1),
                "--node", "0", "--work-dir", tmp.toString()), ENDLESS));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
            while (contents(tmp).stream().noneMatch(p -> p.matches("logplab-node0-\\d+/driver/cnc.dat"))) {
                assertThat(System.nanoTime()).as("the driver starts; stderr %s", node.err).isLessThan(deadline);
                assertThat(node.process.isAlive()).as("node runs; stderr %s", node.err).isTrue();
                Thread.sleep(50);
            }
            node.process.destroy(); // SIGTERM
            assertThat(node.awaitExit(STOP_SECONDS)).as("node exits; stderr %s", node.err).isTrue();
            assertThat(node.process.exitValue()).as("ended by SIGTERM").isEqualTo(128 + 15);
            assertThat(contents(tmp)).as("driver directories left").isEmpty();
        } finally {
            node.kill();
        }
    }
}
