package org.logplab.core.cluster;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.wire.MalformedFrameException;

/**
 * Puts the {@link FrameKind#CHUNK} frames of {@link FrameSplitter} back together, one frame per
 * peer at a time (the splitter never interleaves two long frames to one peer). A chunk out of
 * order, of another length than its frame's, or overrunning it is malformed; the frame it belonged
 * to is dropped with it. A frame still incomplete when its sender is lost is {@linkplain #discard
 * discarded}, which says how much of it had come. Used on the transport's one receiving thread.
 */
final class FrameAssembler {
    private final UnsafeBuffer[] partial;
    private final int[] filled;
    private long discarded;

    /** Reassembly from any of {@code nodes} nodes. */
    FrameAssembler(int nodes) {
        partial = new UnsafeBuffer[nodes];
        filled = new int[nodes];
    }

    /**
     * Takes the chunk of {@code length} bytes at {@code offset} (kind byte included) from {@code node}.
     *
     * @return the whole frame once its last chunk came (a buffer of exactly its length), else null
     * @throws MalformedFrameException if the chunk does not continue {@code node}'s frame; that frame is dropped
     */
    DirectBuffer add(int node, DirectBuffer buffer, int offset, int length) {
        if (length <= FrameSplitter.CHUNK_HEADER) {
            drop(node);
            throw new MalformedFrameException("a chunk of " + length + " bytes has no piece");
        }
        int total = buffer.getInt(offset + 1);
        int at = buffer.getInt(offset + 5);
        int n = length - FrameSplitter.CHUNK_HEADER;
        UnsafeBuffer frame = partial[node];
        if (at == 0 && frame == null) {
            if (total <= n) {
                throw new MalformedFrameException("a chunk of a frame of " + total + " bytes, which needs no chunks");
            }
            frame = new UnsafeBuffer(new byte[total]);
            partial[node] = frame;
            filled[node] = 0;
        } else if (frame == null || at != filled[node] || total != frame.capacity()) {
            String expected = frame == null ? "the first chunk of a frame" : "bytes " + filled[node]
                    + ".. of a frame of " + frame.capacity();
            drop(node);
            throw new MalformedFrameException("a chunk at " + at + " of a frame of " + total + " bytes where "
                    + expected + " was due");
        }
        if ((long) at + n > total) {
            drop(node);
            throw new MalformedFrameException("a chunk of " + n + " bytes at " + at + " overruns its frame of "
                    + total);
        }
        frame.putBytes(at, buffer, offset + FrameSplitter.CHUNK_HEADER, n);
        filled[node] = at + n;
        if (filled[node] < total) {
            return null;
        }
        partial[node] = null;
        return frame;
    }

    /**
     * Drops {@code node}'s incomplete frame, if any.
     *
     * @return how much of it had come ("3,145,728 of 33,554,473 bytes of a frame"), or null if none was under way
     */
    String discard(int node) {
        UnsafeBuffer frame = partial[node];
        if (frame == null) {
            return null;
        }
        String what = String.format(java.util.Locale.ROOT, "%,d of %,d bytes of a frame", filled[node],
                frame.capacity());
        drop(node);
        return what;
    }

    /** Frames dropped incomplete: malformed chunks, or senders lost mid-frame. */
    long discarded() {
        return discarded;
    }

    private void drop(int node) {
        if (partial[node] != null) {
            partial[node] = null;
            discarded++;
        }
    }
}
