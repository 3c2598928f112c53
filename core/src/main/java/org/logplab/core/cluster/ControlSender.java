package org.logplab.core.cluster;

import org.agrona.MutableDirectBuffer;
import org.logplab.core.wire.PayloadCodec;

/**
 * The control frames this node sends, to one peer or to every peer: the {@link FrameKind} byte,
 * then the kind's payload as its {@link ControlCodecs} codec writes it, or nothing. They go
 * through a {@link ControlOutbox}, so no sender ever waits. Best effort: a peer that is gone is
 * noticed by its silence, and a transport that has closed or failed (this node is finishing or
 * failing) has nobody left to tell; why the latest frame could not go is kept ({@link #lastError()}).
 *
 * <p>Thread-safe: the transport's receiving thread sends, and so does a failing rank's thread.
 */
final class ControlSender {
    private final int self;
    private final int nodes;
    private final ControlOutbox outbox;
    private volatile String lastError;

    /** Control frames from node {@code self} of {@code nodes}, through {@code splitter} over {@code transport}. */
    ControlSender(int self, int nodes, Transport transport, FrameSplitter splitter) {
        this.self = self;
        this.nodes = nodes;
        this.outbox = new ControlOutbox(transport, splitter, nodes);
    }

    /** Sends a frame of {@code kind}, which carries no payload, to node {@code to}. */
    void send(int to, FrameKind kind) {
        send(to, kind, null, null);
    }

    /** Sends a frame of {@code kind} carrying {@code payload} (null: none) to node {@code to}. */
    <T> void send(int to, FrameKind kind, PayloadCodec<T> payloadCodec, T payload) {
        int length = 1 + (payload == null ? 0 : payloadCodec.encodedLength(payload));
        MutableDirectBuffer buffer = FrameBuffers.atLeast(length);
        buffer.putByte(0, kind.code);
        if (payload != null) {
            payloadCodec.encode(payload, buffer, 1);
        }
        try {
            outbox.send(to, buffer, length);
        } catch (RuntimeException e) {
            lastError = "could not send control frame " + kind + " to node " + to + ": " + e.getMessage();
        }
    }

    /** Sends a frame of {@code kind}, which carries no payload, to every other node. */
    void broadcast(FrameKind kind) {
        broadcast(kind, null, null);
    }

    /** Sends a frame of {@code kind} carrying {@code payload} to every other node. */
    <T> void broadcast(FrameKind kind, PayloadCodec<T> payloadCodec, T payload) {
        for (int i = 0; i < nodes; i++) {
            if (i != self) {
                send(i, kind, payloadCodec, payload);
            }
        }
    }

    /** Whether every frame given has gone (or failed to). */
    boolean idle() {
        return outbox.idle();
    }

    /** Why the latest control frame could not be sent (the transport had closed), or null. */
    String lastError() {
        String queued = outbox.lastError();
        return queued != null ? queued : lastError;
    }
}
