package org.logplab.core.cluster;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Sends frames of any length through a {@link Transport} that carries frames up to
 * {@link Transport#maxFrameLength()}: a longer frame goes as consecutive {@link FrameKind#CHUNK}
 * frames, which {@link FrameAssembler} puts back together. Flow control is the transport's: each
 * chunk waits while the way is back-pressured, so a sender holds at most one chunk beyond its frame.
 *
 * <p>A chunk is the kind byte, the whole frame's length and the piece's offset in it (4 bytes each,
 * little-endian), then the piece. The chunks of one frame to one peer go without another long
 * frame's in between (a lock per peer), so a receiver reassembles at most one frame per peer at a
 * time; frames that fit may pass between them. Thread-safe.
 */
final class FrameSplitter {
    /** The bytes of a chunk before its piece. */
    static final int CHUNK_HEADER = 1 + 4 + 4;
    /** Pieces are at most this long, whatever the transport allows, so a chunk's copy stays small. */
    static final int MAX_PIECE = 1 << 20;
    private static final ThreadLocal<ExpandableArrayBuffer> CHUNKS = ThreadLocal.withInitial(() ->
            new ExpandableArrayBuffer(1024));

    private final Transport transport;
    private final Object[] locks;

    /** Frames through {@code transport} to any of {@code nodes} nodes. */
    FrameSplitter(Transport transport, int nodes) {
        if (transport.maxFrameLength() <= CHUNK_HEADER) {
            throw new IllegalArgumentException("a transport must carry frames longer than " + CHUNK_HEADER
                    + " bytes, this one "
                    + transport.maxFrameLength());
        }
        this.transport = transport;
        this.locks = new Object[nodes];
        for (int i = 0; i < nodes; i++) {
            locks[i] = new Object();
        }
    }

    /**
     * Sends the frame of {@code length} bytes at {@code offset} to {@code node}, in chunks if the transport needs.
     *
     * @return false if the peer is not connected: the frame, or the rest of it, was not sent
     */
    boolean send(int node, DirectBuffer frame, int offset, int length) {
        int max = transport.maxFrameLength();
        if (length <= max) {
            return transport.send(node, frame, offset, length);
        }
        int piece = Math.min(max - CHUNK_HEADER, MAX_PIECE);
        MutableDirectBuffer chunk = chunkBuffer(CHUNK_HEADER + piece);
        chunk.putByte(0, FrameKind.CHUNK.code);
        chunk.putInt(1, length);
        synchronized (locks[node]) {
            for (int at = 0; at < length; at += piece) {
                int n = Math.min(piece, length - at);
                chunk.putInt(5, at);
                chunk.putBytes(CHUNK_HEADER, frame, offset + at, n);
                if (!transport.send(node, chunk, 0, CHUNK_HEADER + n)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static MutableDirectBuffer chunkBuffer(int length) {
        ExpandableArrayBuffer b = CHUNKS.get();
        if (b.capacity() < length) {
            b = new ExpandableArrayBuffer(length);
            CHUNKS.set(b);
        }
        return b;
    }
}
