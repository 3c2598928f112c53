package org.logplab.core.cluster;

import org.logplab.core.RunFailedException;
import org.logplab.core.runtime.NodeRun;

/**
 * How a failure reaches every node. A failure here (a rank's exception, a deadlock found by node
 * 0, a lost peer, the transport giving up) fails the local run, and the run's failure is sent to
 * every peer as FAIL ({@link #spread}); a FAIL from a peer fails the local run without being sent
 * on. A failure that comes before this node's run exists is kept for it ({@link #early()}). Either
 * way the run's phase becomes FAILED, and messages that arrive after it are discarded with the run.
 *
 * <p>Thread-safe: failures come on the transport's thread, from a failing rank's thread, and are
 * read on the thread that starts the run.
 */
final class FailureSpread {
    private final ControlSender control;
    private final RunPhases phases;
    private volatile RunFailedException early;

    /** Failures of a run in {@code phases}, told to the peers through {@code control}. */
    FailureSpread(ControlSender control, RunPhases phases) {
        this.control = control;
        this.phases = phases;
    }

    /**
     * This node failed with {@code f}: fails the run {@code r}, which spreads it; before the run
     * exists (during setup), keeps it for the run and spreads it now.
     */
    void local(NodeRun r, RunFailedException f) {
        if (r != null) {
            r.fail(f);
        } else if (phases.get() == RunPhases.Phase.SETUP) {
            early = f;
            spread(f);
        }
    }

    /** A peer's FAIL: rank {@code rank} failed, as {@code message} says; fails run {@code r} (not sent on). */
    void fromPeer(NodeRun r, int rank, String message) {
        phases.failed();
        if (r != null) {
            r.fail(rank, message);
        } else {
            early = new RunFailedException(rank, message, null);
        }
    }

    /** The run failed here with {@code failure} (once): tells every peer. */
    void spread(RunFailedException failure) {
        phases.failed();
        control.broadcast(FrameKind.FAIL, ControlCodecs.FAIL,
                new ControlCodecs.FailureNotice(failure.rank(), String.valueOf(failure.getMessage())));
    }

    /** A failure that came before the run existed, or null. */
    RunFailedException early() {
        return early;
    }
}
