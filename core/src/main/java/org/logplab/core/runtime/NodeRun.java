package org.logplab.core.runtime;

import java.util.List;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;

/**
 * One process's share of a run whose ranks span several processes: the local ranks run on a
 * {@link ProcessorPool} of their own, driven by the cluster layer
 * ({@code ClusterNode}), which is the rest of the cluster for them.
 * {@code config.params().P()} counts every rank of the cluster; {@code remote} says which are local.
 *
 * <p>Threads: {@link #start()}, {@link #deliver}, {@link #snapshot()}, {@link #letGo},
 * {@link #end} and {@link #fail} are for the cluster layer's frame handler, one thread at a time
 * (the transport's, or a waiting rank's that polls the transport: {@link RemoteRanks#poll});
 * {@link #await()} for the thread that waits for the result.
 */
public final class NodeRun {
    private final ProcessorPool pool;
    private final Run run;

    /** Prepares the local ranks of {@code program}; nothing runs until {@link #start()}. */
    public NodeRun(RunConfig config, Program program, RemoteRanks remote) {
        if (program == null || remote == null) {
            throw new IllegalArgumentException("program and remote ranks must not be null");
        }
        this.pool = new ProcessorPool(config, new Cluster(remote), remote.firstLocal(), remote.localCount(), true);
        this.run = pool.prepare(config.params(), program);
    }

    /** Starts the local ranks; under the wall clock this is time zero. */
    public void start() {
        pool.release(run);
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
        run.end(new RestOfCluster.Totals(finish, sent, received, List.copyOf(inFlight)));
    }

    /** Another process reported a failure: ends the local ranks with it (not reported back). */
    public void fail(int rank, String message) {
        run.fail(rank, new RemoteFailure(rank, message));
    }

    /** Fails the run with a failure of this process (reported to the others). */
    public void fail(RunFailedException failure) {
        run.fail(failure.rank(), failure);
    }

    /** Whether the run has failed. */
    public boolean failed() {
        return run.failed();
    }

    /**
     * Waits for the end (or the timeout of the run's configuration); the result, or the failure
     * thrown. Either way the local ranks' threads have ended when it returns.
     */
    public RunResult await() {
        try {
            return run.await();
        } finally {
            pool.end();
            pool.close();
        }
    }

    /** A failure reported by another process of the cluster: ends this run without echoing it back. */
    private static final class RemoteFailure extends RunFailedException {
        RemoteFailure(int rank, String message) {
            super(rank, message, null);
        }
    }

    /** The other processes, as the local runtime sees them. */
    private static final class Cluster implements RestOfCluster {
        /** How long a rank polls for a message before it blocks, ns: one from another process is a poll away. */
        private static final long MESSAGE_WAIT_NANOS = 200_000;
        private final RemoteRanks remote;
        private final WaitStrategy messageWait;

        Cluster(RemoteRanks remote) {
            this.remote = remote;
            this.messageWait = WaitStrategy.polling(MESSAGE_WAIT_NANOS, remote::poll);
        }

        @Override
        public void send(int dst, Message m) {
            remote.send(dst, m);
        }

        @Override
        public boolean quiescent() {
            remote.changed();
            return true;
        }

        @Override
        public void localRanksDone() {
            remote.changed();
        }

        @Override
        public void failed(RunFailedException failure) {
            if (!(failure instanceof RemoteFailure)) {
                remote.failed(failure);
            }
        }

        @Override
        public boolean resultReady(Run run) {
            return run.clusterTotals != null;
        }

        @Override
        public Totals totals(Run run) {
            return run.clusterTotals;
        }

        @Override
        public boolean allowsSpinning() {
            // The transport's thread (and a media driver) need the cores.
            return false;
        }

        @Override
        public WaitStrategy messageWait() {
            // The waiting rank polls the transport itself, so a message from another process
            // needs no hand-off from the transport's thread and no wake-up (tens of us each);
            // it yields between empty polls, since spinning starved the media driver.
            return messageWait;
        }
    }
}
