package org.logplab.core.runtime;

import java.util.List;
import org.logplab.core.Message;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;

/**
 * Everything outside this process's ranks, as a run sees it: nothing at all for a machine in one
 * process ({@link #NONE}), or the other processes of a cluster run ({@link NodeRun}). The runtime
 * asks it what to do at the few points where a cluster run differs, instead of testing whether it
 * is one. Called from processor threads, some calls under the coordinator's lock (marked).
 */
interface RestOfCluster {

    /** Every rank's finish time and counts and the messages left in channels, for a result. */
    record Totals(long[] finish, long[] sent, long[] received, List<RunResult.InFlight> inFlight) {
    }

    /** A machine whose ranks all run in this process. */
    RestOfCluster NONE = new RestOfCluster() {
        @Override
        public void send(int dst, Message m) {
            throw new IllegalStateException("rank " + dst + " is not in this process");
        }

        @Override
        public boolean quiescent() {
            return false;
        }

        @Override
        public void localRanksDone() {
        }

        @Override
        public void failed(RunFailedException failure) {
        }

        @Override
        public boolean resultReady(Run run) {
            return true;
        }

        @Override
        public Totals totals(Run run) {
            RankTotals totals = new RankTotals(run.pool.processors.length);
            for (ProcessorImpl p : run.pool.local) {
                totals.rank(p.rank, p.finishTime(), p.sent(), p.received());
                p.leftovers(totals::left);
            }
            totals.checkConservation("");
            return new Totals(totals.finish(), totals.sent(), totals.received(), totals.inFlight());
        }

        @Override
        public boolean allowsSpinning() {
            return true;
        }

        @Override
        public WaitStrategy messageWait() {
            return WaitStrategy.BLOCK;
        }
    };

    /** Sends {@code m} to {@code dst}, a rank of another process (processor threads). */
    void send(int dst, Message m);

    /**
     * Under the coordinator's lock: every local rank is blocked or done. True if the rest of the
     * cluster decides what happens next; false if the local coordinator must (resolve a model-clock
     * recvAny, or report a deadlock).
     */
    boolean quiescent();

    /** Under the coordinator's lock: every local rank's program has returned. */
    void localRanksDone();

    /** The run failed here (once): tell whoever else must know. */
    void failed(RunFailedException failure);

    /**
     * Whether {@code run}, every local rank being out of its program, is over: always in one
     * process; in a cluster once every process is done (or the run failed).
     */
    boolean resultReady(Run run);

    /** The totals for the result of {@code run}, once every local rank is out of its program. */
    Totals totals(Run run);

    /** Whether processors may spin while they wait (only if nothing else in the process needs the cores). */
    boolean allowsSpinning();

    /** How a rank waits for a message before it blocks, when it does not spin. */
    WaitStrategy messageWait();
}
