package org.logplab.core.cluster;

import org.agrona.DirectBuffer;

/**
 * Frames between the nodes of one run: what {@link ClusterNode} needs from a network layer
 * (Aeron in the {@code net} module, an in-memory exchange in tests). The transport knows which
 * peer each inbound frame came from, accepts frames only from configured peers, and hands them to
 * {@link ClusterNode#onFrame} on one thread, in the order each peer sent them.
 */
public interface Transport {
    /**
     * Sends one frame to {@code node}, waiting while the way is back-pressured. Thread-safe.
     *
     * @return false if the peer is not connected (it is gone): the frame was not sent
     * @throws IllegalArgumentException if the frame is longer than {@link #maxFrameLength()}
     */
    boolean send(int node, DirectBuffer buffer, int offset, int length);

    /** The longest frame, in bytes, this transport carries. */
    int maxFrameLength();
}
