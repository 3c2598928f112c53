package org.logplab.core.cluster;

import org.logplab.core.wire.MalformedFrameException;

/**
 * What a frame between nodes is: its first byte. {@link #DATA} carries one message between ranks
 * (a {@link org.logplab.core.wire.WireCodec} frame); {@link #CHUNK} carries a piece of a frame too
 * long for the transport ({@link FrameSplitter}); the rest steer the run ({@link ClusterNode}
 * describes the protocol) and carry the payload of {@link ControlCodecs}, or nothing.
 */
enum FrameKind {
    /** A message between ranks. */
    DATA(0),
    /** A piece of a longer frame of any kind but this one. */
    CHUNK(1),
    /** "I am alive", to every peer every {@value PeerLiveness#HEARTBEAT_MILLIS} ms. */
    HEARTBEAT(2),
    /** To node 0: this node's ranks exist. */
    READY(3),
    /** From node 0: every node is ready; start. */
    GO(4),
    /** To node 0: a quiescent snapshot of this node's ranks ({@link Report}). */
    REPORT(5),
    /** From node 0: these ranks' {@code recvAny} may go ({@link ControlCodecs.LetGo}). */
    LET_GO(6),
    /** From node 0: the run ended; every rank's totals ({@link ControlCodecs.RunEnd}). */
    END(7),
    /** To every node: the run failed here ({@link ControlCodecs.FailureNotice}). */
    FAIL(8),
    /** To node 0 after END: this node will send nothing more. */
    BYE(9),
    /** From node 0 once every node said BYE: the network may close. */
    FIN(10);

    private static final FrameKind[] BY_CODE = values();

    /** The frame's first byte. */
    final byte code;

    FrameKind(int code) {
        this.code = (byte) code;
    }

    /**
     * The kind whose code is {@code code}.
     *
     * @throws MalformedFrameException if no kind has it
     */
    static FrameKind of(byte code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new MalformedFrameException("unknown frame kind " + (code & 0xFF));
        }
        return BY_CODE[code];
    }

    /** Whether only node 0 receives frames of this kind. */
    boolean toCoordinator() {
        return this == READY || this == REPORT || this == BYE;
    }

    /** Whether only node 0 sends frames of this kind. */
    boolean fromCoordinator() {
        return this == GO || this == LET_GO || this == END || this == FIN;
    }

    /** Whether frames of this kind carry no payload. */
    boolean empty() {
        return this == HEARTBEAT || this == READY || this == GO || this == BYE || this == FIN;
    }
}
