package org.logplab.core.cluster;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * How control frames leave a node without ever making the sending thread wait: a frame goes at
 * once if the transport takes it without waiting ({@link Transport#trySend}) and nothing is queued
 * for that peer; else a copy is queued and a sender thread of its own sends it, waiting as long as
 * the way needs. The receiving thread sends control frames (heartbeats, reports, END), and a
 * receiving thread that waited for a back-pressured peer would stop draining its own inbound
 * frames: with both nodes doing so, each waits for the other for ever. Frames to one peer leave in
 * the order given by one thread. The sender thread ends after a second with nothing to send and
 * starts again when needed. Thread-safe.
 */
final class ControlOutbox {
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private record Queued(int to, byte[] frame) {
    }

    private final Transport transport;
    private final FrameSplitter splitter;
    private final LinkedBlockingQueue<Queued> queue = new LinkedBlockingQueue<>();
    private final AtomicIntegerArray pending;
    private final AtomicBoolean senderRunning = new AtomicBoolean();
    private volatile String lastError;

    /** Control frames through {@code splitter} over {@code transport}, to any of {@code nodes} nodes. */
    ControlOutbox(Transport transport, FrameSplitter splitter, int nodes) {
        this.transport = transport;
        this.splitter = splitter;
        this.pending = new AtomicIntegerArray(nodes);
    }

    /** Sends (or queues) the frame of {@code length} bytes at the start of {@code frame} to {@code to}. */
    void send(int to, DirectBuffer frame, int length) {
        if (pending.get(to) == 0 && length <= transport.maxFrameLength()
                && transport.trySend(to, frame, 0, length) != Transport.Offer.WOULD_WAIT) {
            return; // sent, or the peer is gone: its silence will tell
        }
        byte[] copy = new byte[length];
        frame.getBytes(0, copy);
        pending.incrementAndGet(to);
        queue.add(new Queued(to, copy));
        if (senderRunning.compareAndSet(false, true)) {
            Thread.ofPlatform().daemon(true).name("logplab-control-sender").start(this::drain);
        }
    }

    /** Whether every frame given has gone (or failed to). */
    boolean idle() {
        for (int i = 0; i < pending.length(); i++) {
            if (pending.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Why the latest queued frame could not be sent, or null. */
    String lastError() {
        return lastError;
    }

    private void drain() {
        while (true) {
            Queued q;
            try {
                q = queue.poll(IDLE_NANOS, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                q = null;
            }
            if (q == null) {
                senderRunning.set(false);
                // A frame queued between the poll and the flag would wait for nobody.
                if (queue.isEmpty() || !senderRunning.compareAndSet(false, true)) {
                    return;
                }
                continue;
            }
            try {
                splitter.send(q.to(), new UnsafeBuffer(q.frame()), 0, q.frame().length);
            } catch (RuntimeException e) {
                lastError = "could not send a control frame to node " + q.to() + ": " + e.getMessage();
            } finally {
                pending.decrementAndGet(q.to());
            }
        }
    }
}
