package org.logplab.core.cluster;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The calling thread's buffer for encoding a frame before it is sent. The transport (or the
 * control outbox) has copied the frame when its send returns, so one buffer per thread serves
 * every frame that thread sends; it grows to the longest of them. Thread-safe (one per thread).
 */
final class FrameBuffers {
    private static final ThreadLocal<ExpandableArrayBuffer> BUFFERS =
            ThreadLocal.withInitial(() -> new ExpandableArrayBuffer(1024));

    private FrameBuffers() {
    }

    /** This thread's buffer, at least {@code length} bytes long; its content is not kept. */
    static MutableDirectBuffer atLeast(int length) {
        ExpandableArrayBuffer b = BUFFERS.get();
        if (b.capacity() < length) {
            b = new ExpandableArrayBuffer(Math.max(length, 2 * b.capacity()));
            BUFFERS.set(b);
        }
        return b;
    }
}
