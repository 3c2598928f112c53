package org.logplab.core.runtime;

import org.jctools.queues.varhandle.SpscChunkedVarHandleArrayQueue;
import org.logplab.core.Message;

/**
 * The channel of one ordered pair of processors: a bounded, lock-free single-producer
 * single-consumer queue (JCTools, VarHandle based, so JDK 24+ prints no {@code Unsafe} warning)
 * that grows in small chunks up to its capacity, so that idle channels cost little memory.
 *
 * <p>Only the source's thread offers and only the destination's thread peeks and polls, except
 * that the {@link Coordinator} may peek while the destination is blocked under its lock.
 */
final class Channel {
    private static final int MAX_CHUNK = 64;

    final int source;
    final int destination;
    private final SpscChunkedVarHandleArrayQueue<Message> queue;
    /** Set by the source while it waits for room; read by the destination after each poll. */
    volatile boolean senderWaiting;

    Channel(int source, int destination, int capacity) {
        this.source = source;
        this.destination = destination;
        int chunk = Math.min(MAX_CHUNK, Integer.highestOneBit(capacity) / 2);
        this.queue = new SpscChunkedVarHandleArrayQueue<>(Math.max(8, chunk), capacity);
    }

    boolean offer(Message m) {
        return queue.offer(m);
    }

    Message peek() {
        return queue.peek();
    }

    Message poll() {
        return queue.poll();
    }

    boolean hasRoom() {
        return queue.size() < queue.capacity();
    }

    int size() {
        return queue.size();
    }
}
