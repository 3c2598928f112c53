package org.logplab.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.logplab.core.DeadlockException;
import org.logplab.core.RunResult;
import org.logplab.core.runtime.NodeSnapshot;
import org.logplab.core.runtime.RankTotals;
import org.logplab.core.runtime.RecvAnyRule;

/**
 * Node 0's view of the whole cluster: the latest report of every node, and what to do when they
 * show the run standing still. Used by node 0's transport thread only.
 *
 * <p><b>Why one wave of reports suffices.</b> A node reports only when all its ranks are blocked
 * or done, and its report counts the data frames it had sent to and accepted from each node. If
 * every node's latest report is quiescent and for every pair the frames {@code i} sent to
 * {@code j} equal those {@code j} accepted from {@code i}, no node has changed since its report: a
 * node changes only on a frame or on a let-go. A let-go makes the coordinator wait for a report
 * that has applied it. A frame that a node accepted after its report was sent by a node that was
 * active after its own report (else the counts would differ), and following that chain back in
 * time must end at a let-go or at a node that has not reported since starting, both excluded.
 * So the run is frozen: nothing is in flight and nothing will happen until the coordinator acts.
 */
final class ClusterCoordinator {
    /** What the frozen cluster must do next. */
    sealed interface Outcome permits LetGo, End, Failure {
    }

    /** Let these model-clock recvAny waiters go, by node; {@code seq} identifies the decision. */
    record LetGo(long seq, Map<Integer, List<Integer>> byNode) implements Outcome {
    }

    /** Every rank is done: the run's totals, indexed by rank. */
    record End(long[] finish, long[] sent, long[] received, List<RunResult.InFlight> inFlight) implements Outcome {
    }

    /** The run cannot go on (deadlock, or broken conservation). */
    record Failure(RuntimeException cause) implements Outcome {
    }

    private final Partition partition;
    private final boolean modelClock;
    private final Report[] latest;
    private final long[] awaitingSeq;
    private long seq;

    ClusterCoordinator(Partition partition, boolean modelClock) {
        this.partition = partition;
        this.modelClock = modelClock;
        this.latest = new Report[partition.nodes()];
        this.awaitingSeq = new long[partition.nodes()];
    }

    /** Records {@code node}'s report unless it predates a let-go sent to that node. */
    void onReport(int node, Report report) {
        if (report.appliedSeq() >= awaitingSeq[node]) {
            latest[node] = report;
        }
    }

    /** The outcome if the cluster stands still, else null (wait for more reports). */
    Outcome evaluate() {
        int n = latest.length;
        for (Report r : latest) {
            if (r == null) {
                return null;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && latest[i].sentTo()[j] != latest[j].receivedFrom()[i]) {
                    return null;
                }
            }
        }
        boolean allDone = true;
        List<RecvAnyRule.Waiter> waiters = new ArrayList<>();
        List<DeadlockException.Wait> waits = new ArrayList<>();
        for (Report r : latest) {
            for (NodeSnapshot.Rank rank : r.snapshot().ranks()) {
                DeadlockException.Wait wait = rank.waitFor();
                if (wait != null) {
                    waits.add(wait);
                }
                allDone &= rank.status() == NodeSnapshot.Status.DONE;
                if (rank.waiter() != null && modelClock) {
                    waiters.add(rank.waiter());
                }
            }
        }
        if (allDone) {
            return end();
        }
        if (waiters.isEmpty()) {
            return new Failure(new DeadlockException(waits));
        }
        seq++;
        Map<Integer, List<Integer>> byNode = new TreeMap<>();
        for (int rank : RecvAnyRule.select(waiters)) {
            byNode.computeIfAbsent(partition.nodeOf(rank), k -> new ArrayList<>()).add(rank);
        }
        for (int node : byNode.keySet()) {
            awaitingSeq[node] = seq;
            latest[node] = null;
        }
        return new LetGo(seq, byNode);
    }

    private Outcome end() {
        RankTotals totals = new RankTotals(partition.P());
        for (Report r : latest) {
            for (NodeSnapshot.Rank rank : r.snapshot().ranks()) {
                totals.rank(rank.rank(), rank.finish(), rank.sent(), rank.received());
            }
            r.snapshot().leftovers().forEach(totals::left);
        }
        try {
            totals.checkConservation(" across the cluster");
        } catch (IllegalStateException e) {
            return new Failure(e);
        }
        return new End(totals.finish(), totals.sent(), totals.received(), totals.inFlight());
    }
}
