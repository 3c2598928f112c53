package org.logplab.core.cluster;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.MutableDirectBuffer;
import org.logplab.core.Message;
import org.logplab.core.wire.WireCodec;

/**
 * The routing of messages between ranks on different nodes. A message to a rank of another node
 * goes as one {@link FrameKind#DATA} frame (the kind byte, then the {@link WireCodec}'s frame,
 * which names the destination rank) to the node that runs that rank ({@link Partition}). A data
 * frame from a peer is routable here only if its source rank is one of that peer's and its
 * destination one of this node's. The frames sent to and accepted from each node are counted: a
 * node's {@link Report} carries the counts, so that node 0 can tell when nothing is in flight.
 *
 * <p>Threads: {@link #send} on any local rank's thread (thread-safe); the rest on the transport's
 * one receiving thread, except the counters' readers.
 */
final class RankRouter {
    private final Partition partition;
    private final int node;
    private final WireCodec codec;
    private final FrameSplitter out;
    private final AtomicLongArray sentTo;
    private final long[] receivedFrom;
    private final AtomicLong discardedAfterFailure = new AtomicLong();

    /** Routing for node {@code node} of {@code partition}, with {@code codec}'s frames, through {@code out}. */
    RankRouter(Partition partition, int node, WireCodec codec, FrameSplitter out) {
        this.partition = partition;
        this.node = node;
        this.codec = codec;
        this.out = out;
        this.sentTo = new AtomicLongArray(partition.nodes());
        this.receivedFrom = new long[partition.nodes()];
    }

    /**
     * Sends {@code m} to remote rank {@code dst}, waiting while the way is back-pressured.
     *
     * @throws IllegalStateException if the node that runs {@code dst} is not connected
     */
    void send(int dst, Message m) {
        int to = partition.nodeOf(dst);
        int length = 1 + codec.frameLength(m);
        MutableDirectBuffer buffer = FrameBuffers.atLeast(length);
        buffer.putByte(0, FrameKind.DATA.code);
        codec.encode(m, dst, buffer, 1);
        sentTo.incrementAndGet(to);
        if (!out.send(to, buffer, 0, length)) {
            throw new IllegalStateException("cannot send to rank " + dst + ": " + partition.describe(to)
                    + " is not connected");
        }
    }

    /** Whether a message from rank {@code source} to rank {@code destination} may come from node {@code fromNode}. */
    boolean routable(int fromNode, int source, int destination) {
        int p = partition.P();
        return source < p && destination < p && partition.nodeOf(source) == fromNode
                && partition.nodeOf(destination) == node;
    }

    /** A routable data frame from {@code fromNode} was handed to its destination rank. */
    void accepted(int fromNode) {
        receivedFrom[fromNode]++;
    }

    /** A routable data frame came after the run had failed here, and was discarded with it. */
    void discardedAfterFailure() {
        discardedAfterFailure.incrementAndGet();
    }

    /** Messages that arrived after the run had failed here, and were discarded with it. */
    long discardedCount() {
        return discardedAfterFailure.get();
    }

    /** The data frames sent to each node so far, by node (a copy). */
    long[] sentCounts() {
        long[] sent = new long[sentTo.length()];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = sentTo.get(i);
        }
        return sent;
    }

    /** The data frames accepted from each node so far, by node (a copy); transport thread. */
    long[] receivedCounts() {
        return receivedFrom.clone();
    }
}
