package org.logplab.core.cluster;

import org.logplab.core.runtime.NodeSnapshot;

/**
 * A node's report to the coordinator: a quiescent snapshot of its ranks with the data frames it had
 * sent to and accepted from every node at that moment, and the last let-go it had applied.
 * Travels as {@link FrameKind#REPORT} ({@link ControlCodecs#REPORT}).
 */
record Report(long appliedSeq, long[] sentTo, long[] receivedFrom, NodeSnapshot snapshot) {

    /**
     * This report, if node {@code node} of {@code partition} could have sent it.
     *
     * @throws IllegalArgumentException if it counts another number of nodes, or other ranks than the node's
     */
    Report checkedFrom(Partition partition, int node) {
        if (sentTo.length != partition.nodes()) {
            throw new IllegalArgumentException("a report for " + sentTo.length + " nodes in a cluster of "
                    + partition.nodes());
        }
        if (snapshot.ranks().size() != partition.count(node)) {
            throw new IllegalArgumentException("a report of " + snapshot.ranks().size() + " ranks from "
                    + partition.describe(node));
        }
        for (NodeSnapshot.Rank r : snapshot.ranks()) {
            if (r.rank() < 0 || r.rank() >= partition.P() || partition.nodeOf(r.rank()) != node) {
                throw new IllegalArgumentException("rank " + r.rank() + " is not one of " + partition.describe(node));
            }
        }
        return this;
    }
}
