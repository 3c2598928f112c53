package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.output.JsonLines;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.net.PeerAddress;

/**
 * {@code logplab node} started the way cluster users start jobs, with no per-process arguments:
 * the node index and count from the launcher's environment (Slurm's variables set by hand, and
 * a real {@code mpirun} where Open MPI is installed); a count that disagrees with the peer list
 * is refused.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@Tag("slow")
class LaunchedNodesTest {
    private static final long RUN_SECONDS = 180;

    private static Path peersFile(Path dir) throws Exception {
        List<PeerAddress> peers = NodeProcesses.loopbackPeers(2);
        return Files.writeString(dir.resolve("peers.txt"), "# two nodes on this host\n" + peers.get(0) + "\n"
                + peers.get(1) + "\n");
    }

    private static List<String> nodeArgs(Path peers, Path work, String... job) {
        List<String> a = new ArrayList<>(List.of("node", "--peers-file", peers.toString(), "--json", "--work-dir",
                work.toString()));
        a.addAll(List.of(job));
        return a;
    }

    private static JsonNode json(List<String> lines) throws Exception {
        List<String> objects = lines.stream().filter(l -> l.startsWith("{")).toList();
        assertThat(objects).as("one JSON result in %s", lines).hasSize(1);
        return JsonLines.MAPPER.readTree(objects.get(0));
    }

    @Test
    void nodesTakeTheirIndexAndCountFromSlurmsVariables(@TempDir Path dir) throws Exception {
        Path peers = peersFile(dir);
        Path work = Files.createDirectory(dir.resolve("work"));
        long started = System.nanoTime();
        List<Jvm> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                nodes.add(Jvm.start(List.of(), Map.of("SLURM_PROCID", Integer.toString(i), "SLURM_NTASKS", "2"),
                        nodeArgs(peers, work, "--job", "allreduce", "--P", "8")));
            }
            for (Jvm n : nodes) {
                assertThat(n.awaitExit(RUN_SECONDS)).as("node exits; stderr %s", n.err).isTrue();
                assertThat(n.process.exitValue()).as("stderr %s", n.err).isZero();
            }
            double elapsedMillis = (System.nanoTime() - started) / 1e6;
            for (int i = 0; i < 2; i++) {
                JsonNode o = json(nodes.get(i).out);
                assertThat(o.get("node").asInt()).isEqualTo(i);
                assertThat(o.get("nodes").asInt()).isEqualTo(2);
                assertThat(o.get("first_rank").asInt()).isEqualTo(4 * i);
                // The all-reduce sum of 7r + 3 over r < 8 is 7 * 28 + 24 = 220 on every rank; with
                // L = 6, o = 2, g = 4 and a combine of 1, each of the 3 rounds takes o + L + o + 1 = 11.
                for (JsonNode r : o.get("results")) {
                    assertThat(r.asLong()).isEqualTo(220);
                }
                assertThat(o.get("makespan").asLong()).isEqualTo(33);
                // The run's real time, not the host's uptime: within what this test waited for.
                assertThat(o.get("real_ms").asDouble()).isPositive().isLessThan(elapsedMillis);
            }
            assertThat(NothingLeftBehindTest.contents(work)).as("driver directories left").isEmpty();
        } finally {
            nodes.forEach(Jvm::kill);
        }
    }

    @Test
    void aLauncherCountThatDisagreesWithThePeerListIsRefusedNamingBoth(@TempDir Path dir) throws Exception {
        Path peers = peersFile(dir);
        Jvm node = Jvm.start(List.of(), Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "3"),
                nodeArgs(peers, dir, "--job", "ring", "--P", "4"));
        try {
            assertThat(node.awaitExit(RUN_SECONDS)).isTrue();
            assertThat(node.process.exitValue()).isEqualTo(2);
            assertThat(node.err).as("stderr")
                    .contains("logplab: node: OMPI_COMM_WORLD_SIZE says 3 processes but --peers-file " + peers
                    + " lists 2 nodes: start one process per node");
            assertThat(node.out).isEmpty();
        } finally {
            node.kill();
        }
    }

    private static boolean onPath(String tool) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }

    @Test
    void mpirunStartsARunWithNoPerProcessArgumentsEqualToTheInProcessRun(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(onPath("mpirun"), "mpirun not installed (Debian: apt-get install openmpi-bin)");
        Path peers = peersFile(dir);
        Path work = Files.createDirectory(dir.resolve("work"));
        int P = 4;
        long n = 4096;
        List<String> command = new ArrayList<>(List.of("mpirun", "-np", "2", "--allow-run-as-root", "--oversubscribe"));
        command.addAll(Jvm.command(List.of(), nodeArgs(peers, work, "--job", "fft", "--P", Integer.toString(P), "--n",
                Long.toString(n))));
        Jvm mpirun = Jvm.startCommand(command, Map.of());
        try {
            assertThat(mpirun.awaitExit(RUN_SECONDS)).as("mpirun exits; stderr %s", mpirun.err).isTrue();
            assertThat(mpirun.process.exitValue()).as("stderr %s", mpirun.err).isZero();
            // The same FFT in this process, the nodes' defaults: L = 6, o = 2, g = 4, model clock.
            AtomicLongArray expected = new AtomicLongArray(P);
            RunConfig config = RunConfig.builder(LogP.of(6, 2, 4, P)).build();
            RunResult single = Machine.run(config, ClusterJob.FFT.program(config.params(), ClockKind.MODEL,
                    new ClusterJob.Sizes(n, 100, "bidirectional", 20), expected));
            List<JsonNode> results = new ArrayList<>();
            for (String l : mpirun.out.stream().filter(l -> l.startsWith("{")).toList()) {
                results.add(JsonLines.MAPPER.readTree(l));
            }
            results.sort(Comparator.comparingInt(o -> o.get("node").asInt()));
            assertThat(results).as("one result per rank; stdout %s", mpirun.out).hasSize(2);
            for (int i = 0; i < 2; i++) {
                JsonNode o = results.get(i);
                assertThat(o.get("node").asInt()).as("OMPI_COMM_WORLD_RANK").isEqualTo(i);
                assertThat(o.get("ok").asBoolean()).isTrue();
                assertThat(o.get("makespan").asLong()).isEqualTo(single.makespan());
                for (int k = 0; k < P; k++) {
                    assertThat(o.get("finish_times").get(k).asLong()).isEqualTo(single.finishTime(k));
                }
                for (int k = 0; k < 2; k++) {
                    assertThat(o.get("results").get(k).asLong()).isEqualTo(expected.get(2 * i + k));
                }
            }
            assertThat(NothingLeftBehindTest.contents(work)).as("driver directories left").isEmpty();
        } finally {
            mpirun.kill();
        }
    }
}
