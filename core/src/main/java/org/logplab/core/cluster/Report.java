package org.logplab.core.cluster;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.RunResult;
import org.logplab.core.runtime.NodeSnapshot;
import org.logplab.core.runtime.RecvAnyRule;

/**
 * A node's report to the coordinator: a quiescent snapshot of its ranks with the data frames it had
 * sent to and accepted from every node at that moment, and the last let-go it had applied.
 * Travels as a {@code long[]}.
 */
record Report(long appliedSeq, long[] sentTo, long[] receivedFrom, NodeSnapshot snapshot) {
    private static final int RANK_FIELDS = 11;

    long[] encode() {
        int n = sentTo.length;
        List<NodeSnapshot.Rank> ranks = snapshot.ranks();
        List<RunResult.InFlight> left = snapshot.leftovers();
        long[] a = new long[2 + 2 * n + 1 + RANK_FIELDS * ranks.size() + 1 + 3 * left.size()];
        int i = 0;
        a[i++] = appliedSeq;
        a[i++] = n;
        for (int j = 0; j < n; j++) {
            a[i++] = sentTo[j];
        }
        for (int j = 0; j < n; j++) {
            a[i++] = receivedFrom[j];
        }
        a[i++] = ranks.size();
        for (NodeSnapshot.Rank r : ranks) {
            RecvAnyRule.Waiter w = r.waiter();
            a[i++] = r.rank();
            a[i++] = r.status().ordinal();
            a[i++] = r.peer();
            a[i++] = w == null ? 0 : w.message() ? 2 : 1;
            a[i++] = w == null ? 0 : w.action();
            a[i++] = w == null ? 0 : w.earliestNextArrival();
            a[i++] = w == null ? 0 : w.key();
            a[i++] = r.finish();
            a[i++] = r.sent();
            a[i++] = r.received();
            a[i++] = 0;
        }
        a[i++] = left.size();
        for (RunResult.InFlight f : left) {
            a[i++] = f.source();
            a[i++] = f.destination();
            a[i++] = f.count();
        }
        return a;
    }

    /**
     * Reads a report that node {@code node} of {@code partition} sent.
     *
     * @throws IllegalArgumentException if it is not a well-formed report of that node
     */
    static Report decode(long[] a, Partition partition, int node) {
        try {
            int i = 0;
            long seq = a[i++];
            int n = Math.toIntExact(a[i++]);
            if (n != partition.nodes()) {
                throw new IllegalArgumentException("a report for " + n + " nodes in a cluster of " + partition.nodes());
            }
            long[] sent = new long[n];
            long[] recv = new long[n];
            for (int j = 0; j < n; j++) {
                sent[j] = a[i++];
            }
            for (int j = 0; j < n; j++) {
                recv[j] = a[i++];
            }
            int count = Math.toIntExact(a[i++]);
            if (count != partition.count(node)) {
                throw new IllegalArgumentException("a report of " + count + " ranks from " + partition.describe(node));
            }
            List<NodeSnapshot.Rank> ranks = new ArrayList<>(count);
            NodeSnapshot.Status[] statuses = NodeSnapshot.Status.values();
            for (int k = 0; k < count; k++) {
                int rank = Math.toIntExact(a[i]);
                if (partition.nodeOf(rank) != node) {
                    throw new IllegalArgumentException("rank " + rank + " is not one of " + partition.describe(node));
                }
                NodeSnapshot.Status status = statuses[Math.toIntExact(a[i + 1])];
                int peer = Math.toIntExact(a[i + 2]);
                int kind = Math.toIntExact(a[i + 3]);
                RecvAnyRule.Waiter w = kind == 0 ? null : new RecvAnyRule.Waiter(rank, kind == 2, a[i + 4], a[i + 5], a[i + 6]);
                ranks.add(new NodeSnapshot.Rank(rank, status, peer, w, a[i + 7], a[i + 8], a[i + 9]));
                i += RANK_FIELDS;
            }
            int leftCount = Math.toIntExact(a[i++]);
            List<RunResult.InFlight> left = new ArrayList<>(leftCount);
            for (int k = 0; k < leftCount; k++) {
                left.add(new RunResult.InFlight(Math.toIntExact(a[i]), Math.toIntExact(a[i + 1]), a[i + 2]));
                i += 3;
            }
            if (i != a.length) {
                throw new IllegalArgumentException("a report with " + (a.length - i) + " trailing values");
            }
            return new Report(seq, sent, recv, new NodeSnapshot(ranks, left));
        } catch (ArrayIndexOutOfBoundsException | ArithmeticException e) {
            throw new IllegalArgumentException("a truncated or garbled report from " + partition.describe(node), e);
        }
    }
}
