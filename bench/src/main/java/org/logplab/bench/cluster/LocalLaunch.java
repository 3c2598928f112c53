package org.logplab.bench.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;
import org.logplab.core.cluster.Partition;

/**
 * One multi-process run on this host from start to verdict, in its phases: refuse up front what
 * cannot run ({@link #refuseWhatCannotRun}); then ({@link #run}) start the nodes and wait for them
 * ({@link LocalNodes}), put their reports together ({@link NodeResults}) and, when asked, run the
 * same job in this process to compare ({@link InProcessRun}). What {@code logplab launch} does,
 * and {@code logplab hop} for its ring. Progress, warnings and the nodes' standard error go to
 * the notes.
 */
public final class LocalLaunch {
    /** How long a launch waits for its nodes unless told otherwise ({@code launch --wait}'s default). */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(300);

    private final ClusterRun run;
    private final int nodes;
    private final Partition partition;
    private final List<String> jvmOptions;
    private final boolean inProcessToo;
    private final List<String> nodeCommand;
    private final Consumer<String> notes;

    /**
     * A launch of {@code run} over {@code nodes} node JVMs, each with a block of the ranks.
     *
     * @param jvmOptions extra JVM options for each node
     * @param inProcessToo whether to run the job in this process too and compare
     * @param nodeCommand the main class and the words that run {@code logplab node} ({@link NodeProcesses})
     * @throws IllegalArgumentException if P cannot give every node a rank
     */
    public LocalLaunch(ClusterRun run, int nodes, List<String> jvmOptions, boolean inProcessToo,
                       List<String> nodeCommand, Consumer<String> notes) {
        this.run = run;
        this.nodes = nodes;
        this.partition = Partition.blocks(run.P(), nodes);
        this.jvmOptions = List.copyOf(jvmOptions);
        this.inProcessToo = inProcessToo;
        this.nodeCommand = List.copyOf(nodeCommand);
        this.notes = notes;
    }

    /** Which node runs which ranks. */
    public Partition partition() {
        return partition;
    }

    /**
     * Refuses ({@link IllegalArgumentException}) what cannot run before anything starts: ranks
     * that the heaps cannot hold, media drivers' files that the temporary folder cannot
     * ({@link LaunchRefusals}), sizes that do not suit the job; and warns of more nodes than cores.
     *
     * @param sharedDriver whether the nodes will share one media driver (IPC), for the disk's estimate
     */
    public void refuseWhatCannotRun(boolean sharedDriver) throws IOException {
        LaunchRefusals.heaps(run.job(), partition, jvmOptions, inProcessToo);
        LaunchRefusals.disk(nodes, sharedDriver, run.termLength());
        run.job().program(run.config().params(), run.config().clock(), run.sizes(), new AtomicLongArray(run.P()));
        int cores = Runtime.getRuntime().availableProcessors();
        if (nodes > cores) {
            notes.accept("warning: " + nodes + " node processes on " + cores
                    + " cores: wall-clock times measure the scheduler as much as the run");
        }
    }

    /**
     * Starts the nodes over {@code media}, waits up to {@code wait} for them and gathers their
     * reports; then, if asked and every node succeeded, runs the job in this process.
     *
     * @throws NodesStillRunningException if the nodes had not all ended after {@code wait} (they are stopped)
     * @throws NodesInterruptedException if the run was interrupted (Ctrl-C), which the notes have said
     * @throws IllegalStateException if two nodes report different finish times
     */
    public Outcome run(NodeMedia media, Duration wait) throws IOException, InterruptedException {
        LocalNodes.Ended ended = LocalNodes.run(nodeCommand, nodes, media, run, jvmOptions, wait, notes);
        if (ended.interrupted()) {
            throw new NodesInterruptedException();
        }
        NodeResults gathered = NodeResults.gather(ended, partition, notes);
        InProcessRun single = null;
        if (inProcessToo && gathered.ok()) {
            notes.accept("running the same job in this process...");
            single = InProcessRun.of(run);
        }
        return new Outcome(gathered, single, run.job().expected(run.P(), run.sizes()), run.model());
    }

    /**
     * How a launch went.
     *
     * @param nodes what the nodes reported
     * @param inProcess the in-process run, or null where none was asked for or a node failed
     * @param expected each rank's result by theory, or null where theory has no closed form
     * @param model whether times are model units (finish times must then equal the in-process run's)
     */
    public record Outcome(NodeResults nodes, InProcessRun inProcess, long[] expected, boolean model) {

        /** Whether every node succeeded. */
        public boolean ok() {
            return nodes.ok();
        }

        /** Whether the results match theory; null where a node failed or theory has no closed form. */
        public Boolean theoryOk() {
            return !ok() || expected == null ? null : Arrays.equals(expected, nodes.results());
        }

        /**
         * Whether the nodes' results (and under the model clock their finish times) equal the
         * in-process run's; null without one.
         */
        public Boolean equal() {
            return inProcess == null ? null : Arrays.equals(nodes.results(), inProcess.results())
                    && (!model || Arrays.equals(nodes.finish(), inProcess.result().finishTimes()));
        }

        /** Why the launch failed ({@code a node failed}, {@code the results differ}), or null if it did not. */
        public String failure() {
            if (!ok()) {
                return "a node failed";
            }
            return Boolean.FALSE.equals(theoryOk()) || Boolean.FALSE.equals(equal()) ? "the results differ" : null;
        }
    }
}
