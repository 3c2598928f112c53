package org.logplab.core.runtime;

import java.util.List;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;

/**
 * One process's share of a run whose ranks span several processes: the local ranks' threads,
 * channels and coordinator, driven by the cluster layer ({@link org.logplab.core.cluster.ClusterNode}).
 * {@code config.params().P()} counts every rank of the cluster; {@code remote} says which are local.
 *
 * <p>Threads: {@link #start()}, {@link #deliver}, {@link #snapshot()}, {@link #letGo},
 * {@link #end} and {@link #fail} are for the cluster layer's one transport thread;
 * {@link #await()} for the thread that waits for the result.
 */
public final class NodeRun {
    private final Run run;
    private volatile long started;

    /** Prepares the local ranks of {@code program}; nothing runs until {@link #start()}. */
    public NodeRun(RunConfig config, Program program, RemoteRanks remote) {
        if (program == null || remote == null) {
            throw new IllegalArgumentException("program and remote ranks must not be null");
        }
        this.run = new Run(config, program, remote);
    }

    /** Starts the local ranks; under the wall clock this is time zero. */
    public void start() {
        started = run.startThreads();
        run.openGate();
    }

    /** Queues {@code m}, from a remote rank, for local rank {@code dst} (see {@link Run#deliver}). */
    public void deliver(Message m, int dst) {
        run.deliver(m, dst);
    }

    /** The local ranks' state if all are blocked or done, else null. */
    public NodeSnapshot snapshot() {
        return run.coordinator.snapshot();
    }

    /** Lets the given model-clock recvAny waiters go, as decided on the latest snapshot. */
    public void letGo(List<Integer> ranks) {
        run.coordinator.letGo(ranks);
    }

    /** The run is over on every process: these totals (indexed by rank) make the result. */
    public void end(long[] finish, long[] sent, long[] received, List<RunResult.InFlight> inFlight) {
        run.end(new Run.ClusterTotals(finish, sent, received, List.copyOf(inFlight)));
    }

    /** Another process reported a failure: ends the local ranks with it (not reported back). */
    public void fail(int rank, String message) {
        run.fail(rank, new Run.RemoteFailure(rank, message));
    }

    /** Fails the run with a failure of this process (reported to the others). */
    public void fail(RunFailedException failure) {
        run.fail(failure.rank(), failure);
    }

    /** Whether the run has failed. */
    public boolean failed() {
        return run.failed();
    }

    /** Waits for the end (or the timeout of the run's configuration); the result, or the failure thrown. */
    public RunResult await() {
        return run.awaitResult(started);
    }
}
