package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code logplab node} and {@code logplab launch}: bad input is refused with one line naming the problem, before any process or socket. */
class ClusterCommandsTest {

    private static void refused(String expected, String... args) {
        CliTest.Outcome o = CliTest.run(args);
        assertThat(o.code()).as("exit code of %s; stderr %s", String.join(" ", args), o.err()).isEqualTo(2);
        assertThat(o.err()).startsWith("logplab: ").contains(expected);
        assertThat(o.out()).isEmpty();
    }

    @Test
    void nodeRefusesBadPeerListsAndIndices(@TempDir Path dir) throws Exception {
        refused("outside 0..1", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002", "--node", "2", "--job", "ring", "--P", "4");
        refused("no numeric port", "node", "--peers", "127.0.0.1:x", "--node", "0", "--job", "ring", "--P", "4");
        refused("not host:port", "node", "--peers", "localhost", "--node", "0", "--job", "ring", "--P", "4");
        refused("listed twice", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40001", "--node", "0", "--job", "ring", "--P", "4");
        refused("exactly one of --peers and --peers-file", "node", "--node", "0", "--job", "ring", "--P", "4");
        refused("needs --aeron-dir", "node", "--ipc-nodes", "2", "--node", "0", "--job", "ring", "--P", "4");
        refused("not both", "node", "--ipc-nodes", "2", "--aeron-dir", dir.toString(), "--peers", "127.0.0.1:40001",
                "--node", "0", "--job", "ring", "--P", "4");
        refused("cannot give each of 2 nodes a rank", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002", "--node", "0",
                "--job", "ring", "--P", "1");
        refused("unknown job 'bogus'", "node", "--peers", "127.0.0.1:40001", "--node", "0", "--job", "bogus", "--P", "4");
        Path empty = Files.writeString(dir.resolve("peers.txt"), "# nobody\n\n");
        refused("the peer list is empty", "node", "--peers-file", empty.toString(), "--node", "0", "--job", "ring", "--P", "4");
        refused("not a readable file", "node", "--peers-file", dir.resolve("missing.txt").toString(), "--node", "0",
                "--job", "ring", "--P", "4");
        refused("--work-dir " + dir.resolve("nowhere") + " is not a directory", "node", "--peers", "127.0.0.1:40001,127.0.0.1:40002",
                "--node", "0", "--work-dir", dir.resolve("nowhere").toString(), "--job", "ring", "--P", "4");
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
