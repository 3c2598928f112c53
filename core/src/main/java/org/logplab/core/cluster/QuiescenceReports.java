package org.logplab.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.core.RunFailedException;
import org.logplab.core.runtime.NodeRun;
import org.logplab.core.runtime.NodeSnapshot;

/**
 * While the run is on: this node tells node 0 each time its ranks are all blocked or done (a
 * {@link Report} of their snapshot, taken at the first tick after anything changed), and applies
 * node 0's decisions: LET_GO (these model-clock {@code recvAny} waiters go) and END (every rank's
 * totals; the run is over). Node 0 keeps every node's latest report in its
 * {@link ClusterCoordinator} and decides once they show the whole cluster standing still; a
 * deadlock or broken conservation fails the run.
 *
 * <p>Threads: {@link #changed()} from any thread (a local rank's, under the runtime's lock); the
 * rest on the transport's one receiving thread.
 */
final class QuiescenceReports {
    private final Partition partition;
    private final ClusterCoordinator coordinator;
    private final RankRouter router;
    private final ControlSender control;
    private final RunPhases phases;
    private final FailureSpread failures;
    private volatile boolean changed;
    private long appliedSeq;

    /**
     * Reports of this node of {@code partition} ({@code coordinator}: node 0's, else null), with
     * the data frame counts of {@code router}.
     */
    QuiescenceReports(Partition partition, ClusterCoordinator coordinator, RankRouter router, ControlSender control,
                      RunPhases phases, FailureSpread failures) {
        this.partition = partition;
        this.coordinator = coordinator;
        this.router = router;
        this.control = control;
        this.phases = phases;
        this.failures = failures;
    }

    /** The local ranks may have changed: take a snapshot at the next tick. Cheap, non-blocking. */
    void changed() {
        changed = true;
    }

    /** Each tick: if the run is on and something changed, reports the local ranks if they are quiescent. */
    void tick(NodeRun r) {
        if (phases.get() != RunPhases.Phase.RUNNING || !changed || r == null) {
            return;
        }
        changed = false;
        NodeSnapshot snapshot = r.snapshot();
        if (snapshot == null) {
            return;
        }
        Report report = new Report(appliedSeq, router.sentCounts(), router.receivedCounts(), snapshot);
        if (coordinator != null) {
            coordinator.onReport(0, report);
            evaluate(r);
        } else {
            control.send(0, FrameKind.REPORT, ControlCodecs.REPORT, report);
        }
    }

    /** Node 0: node {@code from} reported (checked as coming from it). */
    void onReport(int from, Report report, NodeRun r) {
        if (phases.get() == RunPhases.Phase.RUNNING) {
            coordinator.onReport(from, report);
            evaluate(r);
        }
    }

    /**
     * LET_GO from node 0: lets the local ranks it names go.
     *
     * @throws IllegalArgumentException if the run is not on here
     */
    void onLetGo(NodeRun r, ControlCodecs.LetGo go) {
        List<Integer> ranks = new ArrayList<>(go.ranks().length);
        for (int rank : go.ranks()) {
            ranks.add(rank);
        }
        letGo(r, go.seq(), ranks);
    }

    /**
     * END from node 0 (or node 0's own decision): the run is over, with these totals; a node other
     * than 0 says BYE.
     *
     * @throws IllegalArgumentException if the run is not on here, or the totals are not for every rank
     */
    void onEnd(NodeRun r, ControlCodecs.RunEnd e) {
        if (r == null || phases.get() != RunPhases.Phase.RUNNING) {
            throw new IllegalArgumentException("END while the run is " + phases.get());
        }
        if (e.finish().length != partition.P()) {
            throw new IllegalArgumentException("END of " + e.finish().length + " ranks for P = " + partition.P());
        }
        phases.ended();
        r.end(e.finish(), e.sent(), e.received(), e.inFlight());
        if (coordinator == null) {
            control.send(0, FrameKind.BYE);
        }
    }

    /** Node 0: acts on what the latest reports show, if they show the cluster standing still. */
    private void evaluate(NodeRun r) {
        switch (coordinator.evaluate()) {
            case null -> { }
            case ClusterCoordinator.LetGo go -> {
                for (Map.Entry<Integer, List<Integer>> e : go.byNode().entrySet()) {
                    if (e.getKey() == 0) {
                        letGo(r, go.seq(), e.getValue());
                    } else {
                        int[] ranks = e.getValue().stream().mapToInt(Integer::intValue).toArray();
                        control.send(e.getKey(), FrameKind.LET_GO, ControlCodecs.LET_GO,
                                new ControlCodecs.LetGo(go.seq(), ranks));
                    }
                }
            }
            case ClusterCoordinator.End end -> {
                ControlCodecs.RunEnd e = new ControlCodecs.RunEnd(end.finish(), end.sent(), end.received(),
                        end.inFlight());
                control.broadcast(FrameKind.END, ControlCodecs.END, e);
                onEnd(r, e);
                if (partition.nodes() == 1) {
                    phases.finish();
                }
            }
            case ClusterCoordinator.Failure f -> failures.local(r, f.cause() instanceof RunFailedException rf ? rf
                    : new RunFailedException(-1, f.cause().getMessage(), f.cause()));
        }
    }

    private void letGo(NodeRun r, long seq, List<Integer> ranks) {
        if (r == null || phases.get() != RunPhases.Phase.RUNNING) {
            throw new IllegalArgumentException("LET_GO while the run is " + phases.get());
        }
        try {
            r.letGo(ranks);
        } catch (IllegalStateException e) {
            failures.local(r, new RunFailedException(-1, e.getMessage(), e));
            return;
        }
        appliedSeq = seq;
        changed = true;
    }
}
