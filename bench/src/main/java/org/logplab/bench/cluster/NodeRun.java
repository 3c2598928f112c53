package org.logplab.bench.cluster;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;
import org.logplab.bench.limits.JvmHeap;
import org.logplab.core.Program;
import org.logplab.core.cluster.Partition;
import org.logplab.net.AeronNode;
import org.logplab.net.AeronTransport;

/**
 * One node's part of a multi-process run, in this JVM: node {@code i} of {@code k} runs ranks
 * {@code Partition.blocks(P, k)}'s block {@code i} and talks to the other nodes over the route
 * ({@link AeronNode}). First {@link #refuseWhatCannotRun} (a heap that clearly cannot hold the
 * ranks, sizes that do not suit the job), then {@link #run}. A node started by a launcher watches
 * it ({@link LauncherWatch}) and fails its run when the launcher is gone.
 */
public final class NodeRun {
    private final ClusterRun run;
    private final AeronTransport.Route route;
    private final int node;
    private final Partition partition;
    private AtomicLongArray results;
    private Program program;

    /**
     * Node {@code node} of {@code route}'s nodes in {@code run}.
     *
     * @throws IllegalArgumentException if P cannot give every node a rank
     */
    public NodeRun(ClusterRun run, AeronTransport.Route route, int node) {
        this.run = run;
        this.route = route;
        this.node = node;
        this.partition = Partition.blocks(run.P(), route.nodes());
    }

    /** The run this node takes part in. */
    public ClusterRun clusterRun() {
        return run;
    }

    /** This node's index. */
    public int node() {
        return node;
    }

    /** The run's node count. */
    public int nodes() {
        return route.nodes();
    }

    /** This node's first rank. */
    public int firstRank() {
        return partition.first(node);
    }

    /** The ranks this node runs. */
    public int ranks() {
        return partition.count(node);
    }

    /** This node's last rank. */
    public int lastRank() {
        return firstRank() + ranks() - 1;
    }

    /**
     * Refuses ({@link IllegalArgumentException}) ranks whose largest block clearly does not fit
     * this JVM's heap, saying how to raise it, and sizes that do not suit the job.
     */
    public void refuseWhatCannotRun() {
        long heap = Runtime.getRuntime().maxMemory();
        String xmx = JvmHeap.xmxFor(NodeHeap.needed(run.job(), partition.count(0)));
        String tooBig = NodeHeap.problem(run.job(), partition, heap, "this node's JVM", "give it more with " + xmx
                + " (./logplab: LOGPLAB_JAVA_OPTS=" + xmx + "), or use more nodes");
        if (tooBig != null) {
            throw new IllegalArgumentException(tooBig);
        }
        results = new AtomicLongArray(run.P());
        program = run.job().program(run.config().params(), run.config().clock(), run.sizes(), results);
    }

    /**
     * What this node's run left.
     *
     * @param outcome the run's outcome here: every rank's times on success, the failure otherwise, the
     *     frames rejected
     * @param results each rank's result; this node's block is filled in on success
     * @param workDirNotRemoved why the work folder, which the node had to remove (its launcher being gone),
     *     could not be; null if there was nothing to remove or it was removed
     */
    public record Ended(AeronNode.Outcome outcome, AtomicLongArray results, IOException workDirNotRemoved) {
    }

    /**
     * Runs this node's ranks to the end of the run.
     *
     * @param runId the run's identity, or null for one derived from the route and the run's node arguments
     * @param workDir the folder for the embedded media driver's directory, or null for the temporary folder
     * @param sharedDriver the directory of a running media driver to use instead of embedding one, or null
     * @param launcherPid the launcher to watch, or null for none
     * @param notes where this node's progress goes (and the note before it exits, its launcher gone)
     */
    public Ended run(String runId, Path workDir, Path sharedDriver, Long launcherPid, Consumer<String> notes)
            throws IOException {
        if (program == null) {
            throw new IllegalStateException("refuseWhatCannotRun() first");
        }
        String id = runId != null ? runId : "logplab:" + route + ":" + String.join(" ", run.nodeArguments());
        notes.accept("node " + node + " of " + nodes() + ": ranks " + firstRank() + ".." + lastRank() + " of "
                + run.job().cliName() + ", listening as " + route.describe(node));
        CompletableFuture<String> stop = new CompletableFuture<>();
        if (launcherPid != null) {
            stop = LauncherWatch.watch(launcherPid, run.peerTimeout(), () -> {
                notes.accept("logplab: node " + node + ": still running " + run.peerTimeout().toMillis()
                        + " ms after its launcher (pid " + launcherPid + ") exited: exiting");
                System.exit(1);
            });
        }
        AeronNode.Options options = new AeronNode.Options(route, node, id, run.peerTimeout(), run.connectTimeout(),
                run.termLength(), sharedDriver, workDir);
        AeronNode.Outcome outcome = AeronNode.run(options, partition, run.config(), run.job().codec(), program, notes,
                stop);
        IOException notRemoved = null;
        if (stop.isDone() && workDir != null) {
            // The launcher that made the folder is gone and cannot remove it: the last of its nodes to leave does.
            try {
                Files.deleteIfExists(workDir);
            } catch (DirectoryNotEmptyException othersStillThere) {
                // another node's driver directory is still in it; that node removes the folder
            } catch (IOException e) {
                notRemoved = e;
            }
        }
        return new Ended(outcome, results, notRemoved);
    }
}
