package org.logplab.bench.cluster;

import io.aeron.driver.MediaDriver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.net.AeronTransport;
import org.logplab.net.PeerAddress;

/**
 * Runs one multi-process run's node processes on this host to their end: picks their route (free
 * loopback UDP ports, or a media driver in this process that they share over IPC), starts them
 * ({@link NodeProcesses}), waits for them and hands back what each printed; then stops whatever is
 * left and removes every file, the shared driver's included.
 */
public final class LocalNodes {

    /**
     * What the node processes left.
     *
     * @param outputs each node's standard output lines, node 0 first
     * @param exitValues each node's exit status, node 0 first; null for one that outlived being stopped
     * @param interrupted whether the run was interrupted: this JVM was ending (a signal such as
     *     Ctrl-C) or a node ended by {@code SIGINT} (status {@value #INTERRUPTED_STATUS}); said once already
     */
    public record Ended(List<List<String>> outputs, List<Integer> exitValues, boolean interrupted) {
    }

    /** The exit status of a JVM that {@code SIGINT} (Ctrl-C) ended: 128 + 2. */
    public static final int INTERRUPTED_STATUS = 130;

    private LocalNodes() {
    }

    /**
     * Starts {@code nodes} nodes of {@code run} reaching each other over {@code media} and waits
     * for them: up to {@code wait} in all, and once one has failed, the peer timeout (and
     * {@link NodeProcesses#GRACE}) for the others to hear of it. Says on {@code notes} where the
     * nodes listen and their files go; each node's standard error goes there too, prefixed.
     *
     * @param nodeCommand the main class and the words that run {@code logplab node} ({@link NodeProcesses})
     * @throws NodesStillRunningException if they had not all ended after {@code wait} (they are stopped)
     */
    public static Ended run(List<String> nodeCommand, int nodes, NodeMedia media, ClusterRun run,
                            List<String> jvmOptions, Duration wait, Consumer<String> notes)
            throws IOException, InterruptedException {
        MediaDriver shared = null;
        try {
            List<String> route;
            switch (media) {
                case UDP -> {
                    List<PeerAddress> peers = NodeProcesses.loopbackPeers(nodes);
                    route = NodeProcesses.udp(peers);
                    notes.accept("launching " + nodes + " nodes on " + peers + " for " + run.job().cliName()
                            + " with P = " + run.P() + "...");
                }
                case IPC -> {
                    shared = AeronTransport.sharedDriver();
                    route = NodeProcesses.ipc(nodes, Path.of(shared.aeronDirectoryName()));
                    notes.accept("launching " + nodes + " nodes over IPC (media driver " + shared.aeronDirectoryName()
                            + ") for " + run.job().cliName() + " with P = " + run.P() + "...");
                }
                default -> throw new AssertionError(media);
            }
            try (NodeProcesses processes = new NodeProcesses(nodeCommand, nodes, route, run.nodeArguments(), jvmOptions,
                    notes).startAll()) {
                notes.accept("node files go under " + processes.workDir() + " (removed when the nodes end)");
                // A failed node's peers hear of it at once, or within the peer timeout if it died.
                List<List<String>> outputs = processes.await(wait, run.peerTimeout().plus(NodeProcesses.GRACE));
                List<Integer> exitValues = new ArrayList<>();
                for (int i = 0; i < nodes; i++) {
                    exitValues.add(processes.exitValue(i));
                }
                boolean interrupted = processes.stoppedAtExit() || exitValues.contains(INTERRUPTED_STATUS);
                if (interrupted) {
                    processes.sayInterrupted();
                }
                return new Ended(outputs, exitValues, interrupted);
            }
        } finally {
            if (shared != null) {
                Path dir = Path.of(shared.aeronDirectoryName()).getParent();
                shared.close();
                AeronTransport.deleteDir(dir);
            }
        }
    }
}
