package org.logplab.bench.cli;

import org.logplab.bench.cluster.LauncherEnvironment;
import org.logplab.bench.cluster.NodeRows;
import org.logplab.bench.cluster.NodeRun;
import org.logplab.net.AeronTransport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab node}: joins a multi-process run as one node, running its block of the ranks
 * (node {@code i} of {@code k} runs ranks {@code Partition.blocks(P, k)}), talking to the other
 * nodes over Aeron UDP through its own embedded media driver ({@link NodeRun}). Every node of a
 * run gets the same peer list and job options. Without {@code --node}, the index and the node
 * count come from the environment of {@code mpirun} or {@code srun} ({@link LauncherEnvironment}).
 * The driver's directory goes into {@code --work-dir} (default: the temporary folder) and is
 * removed on any exit the JVM can catch; a P whose ranks clearly do not fit the heap is refused up
 * front.
 *
 * <p>JSON Lines, one object: {@code node}, {@code nodes}, {@code job}, {@code P}, {@code clock},
 * {@code first_rank}, {@code last_rank}, {@code ok}, then on success {@code makespan},
 * {@code finish_times} (every rank), {@code results} (this node's ranks, in order), {@code sent},
 * {@code received} (totals over every rank), {@code real_ms}; on failure {@code error}; always
 * {@code rejected_unknown_peer}, {@code rejected_malformed}, {@code rejected_misaddressed},
 * {@code incomplete_frames} (long frames dropped before their last chunk: a sender lost mid-frame)
 * ({@link NodeRows}).
 */
@Command(name = "node", header = "Join a multi-process run as one node (Aeron UDP).", description = {
    "Runs this node's block of ranks of a job and exchanges messages with the other nodes over Aeron.",
    "Start one per entry of the peer list, each with its --node index and the same other options;",
    "under mpirun or srun the index and the count come from the launcher's environment."})
final class NodeCommand extends RowsCommand {

    @Mixin
    NodeOptions options;

    @Mixin
    ClusterRunOptions run;

    @Override
    int execute() throws Exception {
        AeronTransport.Route route = options.route();
        int node = options.nodeIndex(route.nodes());
        NodeRun work = new NodeRun(run.run(), route, node);
        options.check(node, route.nodes());
        work.refuseWhatCannotRun();
        if (!work.clusterRun().model()) {
            warnIfOversubscribed(work.ranks());
        }
        NodeRun.Ended ended = work.run(options.runId, options.workDir, options.aeronDir, options.launcherPid,
                this::note);
        if (ended.workDirNotRemoved() != null) {
            note("logplab: node " + node + ": could not remove " + options.workDir + ": "
                    + Failures.clean(String.valueOf(ended.workDirNotRemoved().getMessage())));
        }
        NodeRows.print(output(), work, ended, this::note);
        if (ended.outcome().failure() != null) {
            note("logplab: node " + node + ": the run failed: " + ended.outcome().failure().getMessage());
            return 1;
        }
        return 0;
    }
}
