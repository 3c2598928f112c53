package org.logplab.core.cluster;

import java.util.concurrent.atomic.AtomicLong;
import org.logplab.core.wire.MalformedFrameException;

/**
 * The checks a frame from a peer passes before the protocol sees it, and the count of the frames
 * rejected. A frame is <em>misaddressed</em> if it comes from a node that is not a peer of this
 * one, or is a control frame sent the wrong way (only node 0 receives READY, REPORT and BYE, and
 * only node 0 sends GO, LET_GO, END and FIN); it is <em>malformed</em> if it does not decode, for
 * instance a kind that carries no payload with one. The routing ({@link RankRouter#routable}) and
 * the protocol reject frames of their own through {@link #rejectMalformed} and
 * {@link #rejectMisaddressed}. A rejected frame never reaches a rank.
 *
 * <p>Threads: the checks on the transport's one receiving thread; the counters may be read from any.
 */
final class FrameChecks {
    private final Partition partition;
    private final int node;
    private final AtomicLong malformed = new AtomicLong();
    private final AtomicLong misaddressed = new AtomicLong();
    private volatile String lastRejection;

    /** Checks on the frames to node {@code node} of {@code partition}. */
    FrameChecks(Partition partition, int node) {
        this.partition = partition;
        this.node = node;
    }

    /** Whether {@code fromNode} is a peer of this node; if not, the frame is rejected as misaddressed. */
    boolean fromPeer(int fromNode) {
        if (fromNode < 0 || fromNode >= partition.nodes() || fromNode == node) {
            rejectMisaddressed("a frame from node " + fromNode + ", not a peer of node " + node);
            return false;
        }
        return true;
    }

    /**
     * Whether a control frame of {@code kind} with {@code payloadLength} payload bytes may come from
     * node {@code from} to this node; if not, it is rejected as misaddressed.
     *
     * @throws MalformedFrameException if a kind that carries no payload has one
     */
    boolean controlAllowed(int from, FrameKind kind, int payloadLength) {
        if (kind.empty() && payloadLength != 0) {
            throw new MalformedFrameException("a " + kind + " frame with " + payloadLength + " payload bytes");
        }
        boolean here = node == 0;
        if (kind.toCoordinator() ? !here : kind.fromCoordinator() && from != 0) {
            rejectMisaddressed("a " + kind + " frame from " + partition.describe(from) + " to node " + node
                    + (kind.toCoordinator() ? ": it is for node 0" : ": only node 0 sends it"));
            return false;
        }
        return true;
    }

    /** Rejects a frame that did not decode, saying {@code why}. */
    void rejectMalformed(String why) {
        malformed.incrementAndGet();
        lastRejection = why;
    }

    /** Rejects a frame that named what its sender may not use, or came out of turn, saying {@code why}. */
    void rejectMisaddressed(String why) {
        misaddressed.incrementAndGet();
        lastRejection = why;
    }

    /** Frames rejected as malformed. */
    long malformed() {
        return malformed.get();
    }

    /** Frames rejected as misaddressed. */
    long misaddressed() {
        return misaddressed.get();
    }

    /** Why the latest frame was rejected, or null if none was. */
    String lastRejection() {
        return lastRejection;
    }
}
