package org.logplab.core.cluster;

import org.logplab.core.runtime.NodeRun;

/**
 * How the nodes start a run together: every node says READY to node 0 once its ranks exist
 * (node 0 counts itself), and node 0 says GO to all once every node has, then starts its own
 * ranks; the others start on GO. A data frame that comes before GO is from a peer that heard GO
 * first: GO went out after every READY, so it is on its way here too and the node starts at once.
 *
 * <p>Used on the transport's one receiving thread; each method takes the node's run as just read
 * (null until {@link ClusterNode#run} has made it).
 */
final class Handshake {
    private final boolean coordinator;
    private final boolean[] ready;
    private final ControlSender control;
    private final RunPhases phases;
    private final QuiescenceReports reports;
    private boolean readySent;

    /** The handshake of node {@code node} of {@code nodes}, which starts its run in {@code phases}. */
    Handshake(int node, int nodes, ControlSender control, RunPhases phases, QuiescenceReports reports) {
        this.coordinator = node == 0;
        this.ready = new boolean[nodes];
        this.control = control;
        this.phases = phases;
        this.reports = reports;
    }

    /** Each tick: once the run exists, says READY (node 0: counts itself ready). */
    void tick(NodeRun r) {
        if (r != null && !readySent) {
            readySent = true;
            if (coordinator) {
                ready[0] = true;
                maybeGo(r);
            } else {
                control.send(0, FrameKind.READY);
            }
        }
    }

    /** Node 0: node {@code from} said READY. */
    void onReady(int from, NodeRun r) {
        ready[from] = true;
        maybeGo(r);
    }

    /**
     * GO from node 0: starts the run, unless it has started already.
     *
     * @throws IllegalArgumentException if this node has not said READY
     */
    void onGo(NodeRun r) {
        if (r == null || !readySent) {
            throw new IllegalArgumentException("GO before this node said READY");
        }
        if (phases.get() == RunPhases.Phase.SETUP) {
            start(r);
        }
    }

    /** A data frame came: starts the run if this node said READY and GO is still on its way. */
    void onData(NodeRun r) {
        if (phases.get() == RunPhases.Phase.SETUP && readySent && r != null) {
            start(r);
        }
    }

    private void maybeGo(NodeRun r) {
        for (boolean b : ready) {
            if (!b) {
                return;
            }
        }
        if (phases.get() == RunPhases.Phase.SETUP && r != null) {
            control.broadcast(FrameKind.GO);
            start(r);
        }
    }

    private void start(NodeRun r) {
        phases.running();
        reports.changed();
        r.start();
    }
}
