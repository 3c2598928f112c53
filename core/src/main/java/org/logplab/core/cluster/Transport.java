package org.logplab.core.cluster;

import org.agrona.DirectBuffer;

/**
 * Frames between the nodes of one run: what {@link ClusterNode} needs from a network layer
 * (Aeron in the {@code net} module, an in-memory exchange in tests). The transport knows which
 * peer each inbound frame came from, accepts frames only from configured peers, and hands them to
 * {@link ClusterNode#onFrame} when {@linkplain #poll polled}, in the order each peer sent them.
 */
public interface Transport {
    /** What {@link #trySend} did. */
    enum Offer {
        /** The frame went. */
        SENT,
        /** The frame would have had to wait (back-pressure, or another thread sending to the peer): it did not go. */
        WOULD_WAIT,
        /** The peer is not connected (it is gone): the frame did not go. */
        GONE
    }

    /**
     * Sends one frame to {@code node}, waiting while the way is back-pressured. Thread-safe.
     *
     * @return false if the peer is not connected (it is gone): the frame was not sent
     * @throws IllegalArgumentException if the frame is longer than {@link #maxFrameLength()}
     */
    boolean send(int node, DirectBuffer buffer, int offset, int length);

    /**
     * Sends one frame to {@code node} if it can go without waiting. The receiving thread sends
     * this way, since a receiving thread that waits for its peer's window while the peer waits for
     * its own is a deadlock. A transport whose {@link #send} can wait must override this;
     * the default sends.
     *
     * @throws IllegalArgumentException if the frame is longer than {@link #maxFrameLength()}
     */
    default Offer trySend(int node, DirectBuffer buffer, int offset, int length) {
        return send(node, buffer, offset, length) ? Offer.SENT : Offer.GONE;
    }

    /**
     * Hands the frames that have come since the last poll to the node's frame handler
     * ({@link ClusterNode#onFrame}), each peer's in the order it sent them; returns how many it
     * read. {@link ClusterNode} calls it holding its receive turn: on the transport's thread, or on
     * a local rank's thread while that rank waits for a message, never on two threads at once. The
     * default reads none, for a transport that calls the handler itself, on one thread of its own.
     */
    default int poll() {
        return 0;
    }

    /** The longest frame, in bytes, this transport carries. */
    int maxFrameLength();
}
