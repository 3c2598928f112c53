package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.logplab.bench.cluster.LauncherEnvironment;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.net.AeronTransport;
import org.logplab.net.PeerAddress;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab node} beside the run's own ({@link ClusterRunOptions}): how the
 * nodes reach each other (a peer list, or IPC through a running media driver), which node this is
 * (or the launcher's environment), where the node's files go, and the run's identity.
 */
final class NodeOptions {

    @Option(names = "--peers", split = ",", description = "Every node's host:port, node 0 first (or --peers-file).")
    List<String> peers;

    @Option(names = "--peers-file", description = "A file with one host:port per line, node 0 first; # comments.")
    Path peersFile;

    @Option(names = "--ipc-nodes", description = "Instead of --peers: this many nodes on this host talk over Aeron IPC "
            + "through the media driver of --aeron-dir.")
    Integer ipcNodes;

    @Option(names = "--aeron-dir", description = "Use the running media driver of this directory instead of embedding "
            + "one (required with --ipc-nodes).")
    Path aeronDir;

    @Option(names = "--node", description = "This node's index in the peer list (default: the launcher's rank, from "
            + "OMPI_COMM_WORLD_RANK, PMI_RANK or SLURM_PROCID, with its process count equal to the list's).")
    Integer nodeOption;

    @Option(names = "--work-dir", description = "The folder for the embedded media driver's directory, "
            + "logplab-node<i>-* (default: the system's temporary folder).")
    Path workDir;

    /** Set by {@code logplab launch}: the node fails its run and exits when this process is gone. */
    @Option(names = "--launcher-pid", hidden = true)
    Long launcherPid;

    @Option(names = "--run-id", description = "The run's identity; publishers presenting another are rejected "
            + "(default: derived from the peer list and the job options).")
    String runId;

    /** How the nodes reach each other: IPC with {@code --ipc-nodes}, else UDP to the peer list. */
    AeronTransport.Route route() throws IOException {
        if (ipcNodes != null) {
            if (peers != null || peersFile != null) {
                throw new IllegalArgumentException("give either --ipc-nodes (one host, IPC) or --peers/--peers-file "
                        + "(UDP), not both");
            }
            if (aeronDir == null) {
                throw new IllegalArgumentException("--ipc-nodes needs --aeron-dir, the directory of the media driver "
                        + "the nodes share");
            }
            return new AeronTransport.Route.Ipc(ipcNodes);
        }
        return new AeronTransport.Route.Udp(peerList());
    }

    /** This node's index: {@code --node}, else the launcher's rank if its process count is {@code nodes}. */
    int nodeIndex(int nodes) {
        if (nodeOption != null) {
            return nodeOption;
        }
        String listedBy = ipcNodes != null ? "--ipc-nodes gives"
                : peersFile != null ? "--peers-file " + peersFile + " lists" : "--peers lists";
        return LauncherEnvironment.read(System.getenv()).orElseThrow(LauncherEnvironment::missing)
                .nodeIndex(nodes, listedBy);
    }

    /**
     * Refuses a node index outside {@code 0..nodes-1}, and a {@code --work-dir} or {@code --aeron-dir}
     * that is no folder.
     */
    void check(int node, int nodes) {
        if (node < 0 || node >= nodes) {
            throw new IllegalArgumentException("--node " + node + " is outside 0.." + (nodes - 1));
        }
        if (workDir != null) {
            OutputPaths.checkFolder("--work-dir", workDir);
        }
        if (aeronDir != null) {
            OutputPaths.checkFolder("--aeron-dir", aeronDir);
        }
    }

    /** The peer list from {@code --peers} or {@code --peers-file} (exactly one). */
    private List<PeerAddress> peerList() throws IOException {
        if ((peers == null) == (peersFile == null)) {
            throw new IllegalArgumentException("give the nodes' addresses with exactly one of --peers and "
                    + "--peers-file");
        }
        if (peersFile != null) {
            OutputPaths.checkReadableFile("--peers-file", peersFile);
            return PeerAddress.parseList(Files.readAllLines(peersFile));
        }
        return PeerAddress.parseList(peers);
    }
}
