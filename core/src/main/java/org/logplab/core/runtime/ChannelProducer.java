package org.logplab.core.runtime;

import org.logplab.core.Message;

/**
 * The sender's end of a {@link Channel}: finds room for the next message, writes it and
 * publishes it. Used by one thread only (the sending processor's, or a cluster node's transport
 * thread for a channel from another process).
 *
 * <pre>{@code
 * if (out.claim()) {                               // false: full at capacity, wait for room
 *     out.publish(kind, sampled, tag, value, payload, sendStart, arrival);
 * }
 * }</pre>
 *
 * <p>As JCTools' {@code SpscArrayQueue} does, the sender looks a quarter of the ring ahead: once
 * the entry there is free, every entry up to it is (the receiver hands them back in order), so
 * the next sends write without reading what the receiver wrote. A send then never waits for a
 * cache line to come back from the receiver's core; it only stores.
 */
final class ChannelProducer {
    final Channel channel;
    private SlotRing ring;
    // The ring's arrays, held here so that a send reads nothing the receiver's thread writes.
    private long[] words;
    private long[] stamps;
    private Object[] payloads;
    private int mask;
    /** Where the entries start in the arrays: the ring's padding. */
    private int pad;
    private int lookAhead;
    private long tail;
    /** Messages before this sequence have a free entry, known without looking. */
    private long limit;

    ChannelProducer(Channel channel) {
        this.channel = channel;
        use(channel.first);
    }

    private void use(SlotRing r) {
        ring = r;
        words = r.words;
        stamps = r.stamps;
        payloads = r.payloads;
        mask = r.mask;
        pad = r.pad;
        lookAhead = Math.max(1, r.size() / 4);
        tail = 0;
        limit = 0;
    }

    /**
     * Whether there is room for the next message (then {@link #publish} may follow), false if the
     * channel holds {@link Channel#capacity} messages. A full ring below the capacity is replaced
     * by one twice its size.
     */
    boolean claim() {
        if (tail < limit) {
            return true;
        }
        long ahead = tail + lookAhead - 1;
        if (SlotRing.isFreeFor(SlotRing.headerAcquire(words, pad + 2 * ((int) ahead & mask)), ahead)) {
            limit = ahead + 1;
            return true;
        }
        if (SlotRing.isFreeFor(SlotRing.headerAcquire(words, pad + 2 * ((int) tail & mask)), tail)) {
            return true;
        }
        if (ring.size() >= channel.capacity) {
            return false;
        }
        // Every entry of this ring holds a message not yet taken: the receiver takes them all
        // before it follows the link, so order is kept.
        SlotRing bigger = new SlotRing(ring.size() * 2, ring.padded());
        ring.next = bigger;
        use(bigger);
        return true;
    }

    /** Whether {@link #claim()} would succeed now (read by the coordinator while the sender waits). */
    boolean hasRoom() {
        return tail < limit || SlotRing.isFreeFor(SlotRing.headerAcquire(words, pad + 2 * ((int) tail & mask)), tail)
                || ring.size() < channel.capacity;
    }

    /**
     * Writes and publishes the next message, after a successful {@link #claim()}: {@code value} is
     * the primitive payload, or for an object payload {@link SlotRing#objectValue}.
     */
    void publish(int kind, boolean sampled, int tag, long value, Object payload, long sendStart, long arrival) {
        int i = (int) tail & mask;
        int h = pad + 2 * i;
        words[h + 1] = value;
        if (sendStart != Message.UNSTAMPED) {
            stamps[h] = sendStart;
            stamps[h + 1] = arrival;
        }
        if (kind == SlotRing.OBJECT) {
            Object[] objects = payloads;
            if (objects == null) {
                objects = ring.makePayloads();
                payloads = objects;
            }
            objects[pad + i] = payload;
        }
        SlotRing.headerRelease(words, h, SlotRing.full(tail, kind, sampled, tag));
        tail++;
    }
}
