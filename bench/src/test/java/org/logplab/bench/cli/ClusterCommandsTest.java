package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.limits.JvmHeap;

/** {@code logplab node} and {@code logplab launch}: bad input is refused with one line naming the problem, before any
 * process or socket. */
class ClusterCommandsTest {

    private static void refused(String expected, String... args) {
        CliTest.Outcome o = CliTest.run(args);
        assertThat(o.code()).as("exit code of %s; stderr %s", String.join(" ", args), o.err()).isEqualTo(2);
        assertThat(o.err()).startsWith("logplab: ").contains(expected);
        assertThat(o.out()).isEmpty();
    }

    @Test
    void nodeRefusesBadPeerListsAndIndices(@TempDir Path dir) throws Exception {
        refused("outside 0..1", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002", "--node", "2", "--job", "ring",
                "--P", "4");
        refused("no numeric port", "node", "--peers", "127.0.0.1:x", "--node", "0", "--job", "ring", "--P", "4");
        refused("not host:port", "node", "--peers", "localhost", "--node", "0", "--job", "ring", "--P", "4");
        refused("listed twice", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40001", "--node", "0", "--job", "ring",
                "--P", "4");
        refused("exactly one of --peers and --peers-file", "node", "--node", "0", "--job", "ring", "--P", "4");
        refused("needs --aeron-dir", "node", "--ipc-nodes", "2", "--node", "0", "--job", "ring", "--P", "4");
        refused("not both", "node", "--ipc-nodes", "2", "--aeron-dir", dir.toString(), "--peers", "127.0.0.1:40001",
                "--node", "0", "--job", "ring", "--P", "4");
        refused("cannot give each of 2 nodes a rank", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002", "--node",
                "0",
                "--job", "ring", "--P", "1");
        refused("unknown job 'bogus'", "node", "--peers", "127.0.0.1:40001", "--node", "0", "--job", "bogus", "--P",
                "4");
        Path empty = Files.writeString(dir.resolve("peers.txt"), "# nobody\n\n");
        refused("the peer list is empty", "node", "--peers-file", empty.toString(), "--node", "0", "--job", "ring",
                "--P", "4");
        refused("--peers-file: no such file: " + dir.resolve("missing.txt"), "node", "--peers-file",
                dir.resolve("missing.txt").toString(), "--node", "0",
                "--job", "ring", "--P", "4");
        refused("--work-dir: " + dir.resolve("nowhere") + " does not exist", "node", "--peers",
                "127.0.0.1:40001,127.0.0.1:40002",
                "--node", "0", "--work-dir", dir.resolve("nowhere").toString(), "--job", "ring", "--P", "4");
    }

    @Test
    void nodeWithoutAnIndexSaysWhichLauncherVariablesItLookedFor() {
        for (var p : org.logplab.bench.cluster.LauncherEnvironment.PAIRS) {
            Assumptions.assumeTrue(System.getenv(p.rank()) == null, p.rank() + " is set in this test's environment");
        }
        refused("no --node given and no launcher's rank in the environment (looked for"
                + " OMPI_COMM_WORLD_RANK/OMPI_COMM_WORLD_SIZE",
                "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002", "--job", "ring", "--P", "4");
    }

    @Test
    void aPTheHeapCannotHoldIsRefusedUpFrontSayingHowToRaiseIt() {
        // By hand: 500,000 ranks a node, (550 + 350) bytes each with 1.6 times that for the
        // collector, plus 64 MiB: 787,108,864 bytes = 750.6 MiB (/ 2^20), against a heap of 256 MiB.
        refused("P = 1,000,000 puts up to 500,000 ranks on each of 2 nodes, which need about 750.6 MiB of heap",
                "launch", "--nodes", "2", "--node-jvm-options", "-Xmx256m", "--job", "ring", "--P", "1000000");
        CliTest.Outcome o = CliTest.run("launch", "--nodes", "2", "--node-jvm-options", "-Xmx256m", "--job", "ring",
                "--P", "1000000");
        assertThat(o.err())
                .contains("a node JVM may use 256.0 MiB: give the nodes more with --node-jvm-options -Xmx1g");
        // 2 * 10^9 ranks need terabytes anywhere: the nodes would have them here, the launcher's --check not.
        refused("this JVM (which runs them all for --check)", "launch", "--nodes", "2", "--node-jvm-options",
                "-Xmx4000g",
                "--check", "--job", "ring", "--P", "2000000000");
        refused("LOGPLAB_JAVA_OPTS=", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002", "--node", "0",
                "--job", "allreduce", "--P", "2000000000");
    }

    @Test
    void theNodeHeapIsTheLastHeapOptionOrTheJvmsQuarterOfTheMemory() {
        long ram = 16L << 30;
        assertThat(JvmHeap.maxHeap(List.of(), ram)).isEqualTo(4L << 30);
        assertThat(JvmHeap.maxHeap(List.of("-Xmx512m"), ram)).isEqualTo(512L << 20);
        assertThat(JvmHeap.maxHeap(List.of("-Xmx2G", "-XX:MaxHeapSize=3g"), ram)).isEqualTo(3L << 30);
        assertThat(JvmHeap.maxHeap(List.of("-XX:MaxHeapSize=3g", "-Xmx2G"), ram)).isEqualTo(2L << 30);
        assertThat(JvmHeap.maxHeap(List.of("-Xmx1048576"), ram)).isEqualTo(1L << 20);
        assertThat(JvmHeap.maxHeap(List.of("-Xmx64k"), ram)).isEqualTo(64L << 10);
        assertThat(JvmHeap.maxHeap(List.of("-XX:MaxRAMPercentage=50", "-Xss1m"), ram)).isEqualTo(8L << 30);
        assertThat(JvmHeap.maxHeap(List.of("-XX:MaxRAMPercentage=50", "-Xmx1g"), ram)).isEqualTo(1L << 30);
        // What does not parse is left to the JVM to refuse.
        assertThat(JvmHeap.maxHeap(List.of("-Xmxlots"), ram)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void launchRefusesBadJobsAndMediaBeforeStartingAnything() {
        refused("--media must be udp or ipc", "launch", "--media", "carrier-pigeon", "--job", "ring", "--P", "2");
        refused("P a power of two", "launch", "--job", "fft", "--P", "3", "--n", "64");
        refused("--nodes must be at least 1", "launch", "--nodes", "0", "--job", "ring", "--P", "2");
        refused("--clock must be model or wall", "launch", "--job", "ring", "--P", "2", "--clock", "sundial");
        refused("unknown", "launch", "--job", "balance", "--policy", "wishful", "--P", "3");
    }
}
