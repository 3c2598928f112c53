package org.logplab.bench.cli;

import org.logplab.bench.cluster.ClusterRun;
import org.logplab.bench.cluster.LaunchRows;
import org.logplab.bench.cluster.LocalLaunch;
import org.logplab.bench.cluster.LocalNodes;
import org.logplab.bench.cluster.NodeProcesses;
import org.logplab.bench.cluster.NodesInterruptedException;
import org.logplab.bench.cluster.NodesStillRunningException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab launch}: starts {@code --nodes} local {@code logplab node} processes on loopback
 * ports for one job, gathers what each reports and prints every rank's finish time and result
 * ({@link LocalLaunch}). Whether it ends normally, by a signal, by its {@code --wait} time-out or
 * because a node failed, it stops every node it started and removes their files
 * ({@link NodeProcesses}); a P that a node's heap clearly cannot hold is refused before anything
 * starts. Interrupted (Ctrl-C), it says so once and exits 130.
 * With {@code --check} it also runs the job in this process and compares: results (and,
 * under the model clock, finish times) must be equal, and results must match theory where it has
 * a closed form. For testing and teaching; across hosts start {@code logplab node} on each.
 *
 * <p>JSON Lines: one object per rank ({@code rank}, {@code node}, {@code finish}, {@code result},
 * and with {@code --check} {@code inprocess_finish}, {@code inprocess_result}), then one with
 * {@code summary: true}, {@code job}, {@code P}, {@code nodes}, {@code clock}, {@code makespan},
 * {@code ok} (every node succeeded), {@code theory_ok} (null where theory has no closed form),
 * with {@code --check} {@code inprocess_makespan} and {@code equal}; and {@code rejected_frames}
 * (all kinds over all nodes) ({@link LaunchRows}).
 */
@Command(name = "launch", header = "Start local node processes for one job and compare with an in-process run.",
        description = "Starts --nodes JVMs running 'logplab node' on 127.0.0.1, each with a block of the ranks.")
final class LaunchCommand extends RowsCommand {

    @Mixin
    LaunchOptions options;

    @Mixin
    ClusterRunOptions run;

    @Override
    int execute() throws Exception {
        ClusterRun clusterRun = run.run();
        LocalLaunch launch = new LocalLaunch(clusterRun, options.nodes(), options.jvmOptions, options.check,
                ClusterRunOptions.NODE_COMMAND, this::note);
        launch.refuseWhatCannotRun(options.sharedDriver());
        LocalLaunch.Outcome outcome;
        try {
            outcome = launch.run(options.media(), options.waitTime());
        } catch (NodesStillRunningException timedOut) {
            return failed(timedOut.getMessage() + " (--wait gives them longer)");
        } catch (NodesInterruptedException interrupted) {
            return LocalNodes.INTERRUPTED_STATUS; // said once on standard error as it happened
        }
        LaunchRows.print(output(), clusterRun, launch.partition(), options.check, outcome);
        return outcome.failure() == null ? 0 : failed(outcome.failure());
    }
}
