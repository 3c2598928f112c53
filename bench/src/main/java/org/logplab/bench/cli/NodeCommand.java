package org.logplab.bench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLongArray;
import org.logplab.bench.cluster.ClusterJob;
import org.logplab.bench.cluster.LauncherEnvironment;
import org.logplab.bench.cluster.LauncherWatch;
import org.logplab.bench.limits.JvmHeap;
import org.logplab.bench.limits.NodeHeap;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.output.Row;
import org.logplab.bench.output.TextTable;
import org.logplab.core.ClockKind;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.cluster.Partition;
import org.logplab.net.AeronNode;
import org.logplab.net.AeronTransport;
import org.logplab.net.PeerAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab node}: joins a multi-process run as one node, running its block of the ranks
 * (node {@code i} of {@code k} runs ranks {@code Partition.blocks(P, k)}), talking to the other
 * nodes over Aeron UDP through its own embedded media driver. Every node of a run gets the same
 * peer list and job options. Without {@code --node}, the index and the node count come from the
 * environment of {@code mpirun} or {@code srun} ({@link LauncherEnvironment}). The driver's
 * directory goes into {@code --work-dir} (default: the temporary folder) and is removed on any
 * exit the JVM can catch; a P whose ranks clearly do not fit the heap is refused up front.
 *
 * <p>JSON Lines, one object: {@code node}, {@code nodes}, {@code job}, {@code P}, {@code clock},
 * {@code first_rank}, {@code last_rank}, {@code ok}, then on success {@code makespan},
 * {@code finish_times} (every rank), {@code results} (this node's ranks, in order), {@code sent},
 * {@code received} (totals over every rank), {@code real_ms}; on failure {@code error}; always
 * {@code rejected_unknown_peer}, {@code rejected_malformed}, {@code rejected_misaddressed},
 * {@code incomplete_frames} (long frames dropped before their last chunk: a sender lost mid-frame).
 */
@Command(name = "node", header = "Join a multi-process run as one node (Aeron UDP).", description = {
    "Runs this node's block of ranks of a job and exchanges messages with the other nodes over Aeron.",
    "Start one per entry of the peer list, each with its --node index and the same other options;",
    "under mpirun or srun the index and the count come from the launcher's environment."})
final class NodeCommand extends RowsCommand {

    @Option(names = "--peers", split = ",", description = "Every node's host:port, node 0 first (or --peers-file).")
    List<String> peers;

    @Option(names = "--peers-file", description = "A file with one host:port per line, node 0 first; # comments.")
    Path peersFile;

    @Option(names = "--ipc-nodes", description = "Instead of --peers: this many nodes on this host talk over Aeron IPC "
            + "through the media driver of --aeron-dir.")
    Integer ipcNodes;

    @Option(names = "--aeron-dir", description = "Use the running media driver of this directory instead of embedding one "
            + "(required with --ipc-nodes).")
    Path aeronDir;

    @Option(names = "--node", description = "This node's index in the peer list (default: the launcher's rank, from "
            + "OMPI_COMM_WORLD_RANK, PMI_RANK or SLURM_PROCID, with its process count equal to the list's).")
    Integer nodeOption;

    @Option(names = "--work-dir", description = "The folder for the embedded media driver's directory, logplab-node<i>-* "
            + "(default: the system's temporary folder).")
    Path workDir;

    /** Set by {@code logplab launch}: the node fails its run and exits when this process is gone. */
    @Option(names = "--launcher-pid", hidden = true)
    Long launcherPid;

    @Option(names = "--run-id", description = "The run's identity; publishers presenting another are rejected "
            + "(default: derived from the peer list and the job options).")
    String runId;

    @Mixin
    ClusterRunOptions run;

    @Override
    int execute() throws Exception {
        AeronTransport.Route route;
        if (ipcNodes != null) {
            if (peers != null || peersFile != null) {
                throw new IllegalArgumentException("give either --ipc-nodes (one host, IPC) or --peers/--peers-file (UDP), not both");
            }
            if (aeronDir == null) {
                throw new IllegalArgumentException("--ipc-nodes needs --aeron-dir, the directory of the media driver the nodes share");
            }
            route = new AeronTransport.Route.Ipc(ipcNodes);
        } else {
            route = new AeronTransport.Route.Udp(peerList(peers, peersFile));
        }
        int nodes = route.nodes();
        int node = nodeIndex(nodes);
        ClusterJob job = run.parsedJob();
        RunConfig config = run.config();
        Partition partition = Partition.blocks(config.params().P(), nodes);
        if (node < 0 || node >= nodes) {
            throw new IllegalArgumentException("--node " + node + " is outside 0.." + (nodes - 1));
        }
        if (workDir != null) {
            OutputPaths.checkFolder("--work-dir", workDir);
        }
        if (aeronDir != null) {
            OutputPaths.checkFolder("--aeron-dir", aeronDir);
        }
        long heap = Runtime.getRuntime().maxMemory();
        String xmx = JvmHeap.xmxFor(NodeHeap.needed(job, partition.count(0)));
        String tooBig = NodeHeap.problem(job, partition, heap, "this node's JVM", "give it more with " + xmx
                + " (./logplab: LOGPLAB_JAVA_OPTS=" + xmx + "), or use more nodes");
        if (tooBig != null) {
            throw new IllegalArgumentException(tooBig);
        }
        AtomicLongArray results = new AtomicLongArray(config.params().P());
        var program = job.program(config.params(), config.clock(), run.sizes(), results);
        String id = runId != null ? runId : "logplab:" + route + ":" + String.join(" ", run.asArguments());
        if (config.clock() == ClockKind.WALL) {
            warnIfOversubscribed(partition.count(node));
        }
        note("node " + node + " of " + nodes + ": ranks " + partition.first(node) + ".."
                + (partition.first(node) + partition.count(node) - 1) + " of " + job.cliName() + ", listening as " + route.describe(node));
        CompletableFuture<String> stop = new CompletableFuture<>();
        if (launcherPid != null) {
            stop = LauncherWatch.watch(launcherPid, run.peerTimeout(), () -> {
                note("logplab: node " + node + ": still running " + run.peerTimeout().toMillis() + " ms after its launcher "
                        + "(pid " + launcherPid + ") exited: exiting");
                System.exit(1);
            });
        }
        AeronNode.Outcome outcome = AeronNode.run(new AeronNode.Options(route, node, id, run.peerTimeout(),
                run.connectTimeout(), run.termLength, aeronDir, workDir), partition, config, job.codec(), program, this::note, stop);
        if (stop.isDone() && workDir != null) {
            // The launcher that made the folder is gone and cannot remove it: the last of its nodes to leave does.
            try {
                Files.deleteIfExists(workDir);
            } catch (java.nio.file.DirectoryNotEmptyException othersStillThere) {
                // another node's driver directory is still in it; that node removes the folder
            } catch (java.io.IOException e) {
                note("logplab: node " + node + ": could not remove " + workDir + ": " + Failures.clean(String.valueOf(e.getMessage())));
            }
        }
        Row f = new Row().put("node", node).put("nodes", nodes).put("job", job.cliName()).put("P", config.params().P())
                .put("clock", run.logp.clock).put("first_rank", partition.first(node))
                .put("last_rank", partition.first(node) + partition.count(node) - 1).put("ok", outcome.failure() == null);
        RunResult r = outcome.result();
        if (r != null) {
            List<Long> mine = new ArrayList<>();
            for (int rank = partition.first(node); rank < partition.first(node) + partition.count(node); rank++) {
                mine.add(results.get(rank));
            }
            f.put("makespan", r.makespan()).put("finish_times", r.finishTimes()).put("results", mine).put("sent", r.messagesSent())
                    .put("received", r.messagesReceived()).put("real_ms", r.realNanos() / 1e6);
        } else {
            f.put("error", outcome.failure().getMessage());
        }
        f.put("rejected_unknown_peer", outcome.unknownPeerFrames()).put("rejected_malformed", outcome.malformedFrames())
                .put("rejected_misaddressed", outcome.misaddressedFrames()).put("incomplete_frames", outcome.incompleteFrames());
        if (outcome.discardedAfterFailure() > 0) {
            note("node " + node + ": " + outcome.discardedAfterFailure() + " messages arrived after the run had failed and were discarded with it");
        }
        if (outcome.lastRejection() != null) {
            note("node " + node + ": last rejected frame: " + outcome.lastRejection());
        }
        output().record(f, output().text() ? text(node, nodes, partition, job, config, r, results, outcome) : null);
        if (outcome.failure() != null) {
            note("logplab: node " + node + ": the run failed: " + outcome.failure().getMessage());
            return 1;
        }
        return 0;
    }

    /** The node's record for people: what it ran, its ranks' finish times and results, the frames it rejected. */
    private String text(int node, int nodes, Partition partition, ClusterJob job, RunConfig config, RunResult r, AtomicLongArray results,
                        AeronNode.Outcome outcome) {
        int first = partition.first(node);
        StringBuilder b = new StringBuilder("node " + node + " of " + nodes + " (ranks " + first + ".." + (first + partition.count(node) - 1)
                + "): " + job.cliName() + ", P " + config.params().P() + ", " + run.logp.clock + " clock"
                + (r != null ? ", makespan " + r.makespan() + (config.clock() == ClockKind.MODEL ? " model units" : " ns") : ": FAILED")
                + "\n");
        if (r != null) {
            TextTable t = new TextTable("rank", "finish", "result");
            for (int k = 0; k < partition.count(node); k++) {
                t.row(first + k, r.finishTime(first + k), results.get(first + k));
            }
            b.append(t.render());
        }
        if (r != null) {
            b.append(LaunchCommand.resultLegend(job)).append('\n');
        }
        return b.append("rejected frames: unknown peer ").append(outcome.unknownPeerFrames()).append(", malformed ")
                .append(outcome.malformedFrames()).append(", misaddressed ").append(outcome.misaddressedFrames()).toString();
    }

    /** This node's index: {@code --node}, else the launcher's rank if its process count is {@code nodes}. */
    private int nodeIndex(int nodes) {
        if (nodeOption != null) {
            return nodeOption;
        }
        String listedBy = ipcNodes != null ? "--ipc-nodes gives" : peersFile != null ? "--peers-file " + peersFile + " lists"
                : "--peers lists";
        return LauncherEnvironment.read(System.getenv()).orElseThrow(LauncherEnvironment::missing).nodeIndex(nodes, listedBy);
    }

    /** The peer list from {@code --peers} or {@code --peers-file} (exactly one). */
    static List<PeerAddress> peerList(List<String> peers, Path file) throws java.io.IOException {
        if ((peers == null) == (file == null)) {
            throw new IllegalArgumentException("give the nodes' addresses with exactly one of --peers and --peers-file");
        }
        if (file != null) {
            OutputPaths.checkReadableFile("--peers-file", file);
            return PeerAddress.parseList(Files.readAllLines(file));
        }
        return PeerAddress.parseList(peers);
    }
}
