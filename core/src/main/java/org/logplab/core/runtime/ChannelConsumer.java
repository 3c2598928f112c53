package org.logplab.core.runtime;

import org.logplab.core.Message;

/**
 * The receiver's end of a {@link Channel}: the oldest message not yet taken, read field by field
 * after {@link #peek()}, then taken with {@link #release()}. Used by the receiving processor's
 * thread, and by the {@link Coordinator} (under its lock) or the pool between runs while that
 * thread is blocked or idle.
 */
final class ChannelConsumer {
    final Channel channel;
    private SlotRing ring;
    // The ring's arrays, held here so that a receive reads nothing the sender's thread writes but the entries.
    private long[] words;
    private long[] stamps;
    private Object[] payloads;
    private int mask;
    /** Where the entries start in the arrays: the ring's padding. */
    private int pad;
    private long head;
    /** The head message's header and entry, as the last successful {@link #peek()} read them. */
    private long header;
    private int index;

    ChannelConsumer(Channel channel) {
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
        head = 0;
    }

    /** Whether a message is queued; if so the accessors below read it. */
    boolean peek() {
        int i = (int) head & mask;
        long h = SlotRing.headerAcquire(words, pad + 2 * i);
        if (!SlotRing.holds(h, head)) {
            SlotRing next = ring.next;
            if (next == null) {
                return false;
            }
            // The sender moved on when this ring was full. It linked the next ring after publishing
            // every message of this one, so the header read again now is final: if it still holds
            // no message, we have taken all this ring held (the header read above may predate them).
            h = SlotRing.headerAcquire(words, pad + 2 * i);
            if (SlotRing.holds(h, head)) {
                header = h;
                index = i;
                return true;
            }
            use(next);
            i = 0;
            h = SlotRing.headerAcquire(words, pad);
            if (!SlotRing.holds(h, 0)) {
                return false;
            }
        }
        header = h;
        index = i;
        return true;
    }

    int tag() {
        return SlotRing.tag(header);
    }

    int kind() {
        return SlotRing.kind(header);
    }

    boolean sampled() {
        return SlotRing.sampled(header);
    }

    long value() {
        return words[pad + 2 * index + 1];
    }

    Object payload() {
        return objects()[pad + index];
    }

    /** The ring's object payloads, which its sender made with the first (published before it). */
    private Object[] objects() {
        Object[] objects = payloads;
        if (objects == null) {
            objects = ring.payloads;
            payloads = objects;
        }
        return objects;
    }

    /** Size in bytes: declared for object payloads, 8 for primitives. */
    int bytes() {
        return kind() == SlotRing.OBJECT ? (int) value() : 8;
    }

    /** The ownership fingerprint of an object payload (see {@link OwnershipCheck}). */
    int fingerprint() {
        return (int) (value() >>> 32);
    }

    /** Send start, meaningful if the message was stamped (timed runs; sampled messages). */
    long sendStart() {
        return stamps[pad + 2 * index];
    }

    long arrival() {
        return stamps[pad + 2 * index + 1];
    }

    /** Send start if the message was stamped, else {@link Message#UNSTAMPED}. */
    long sendStart(boolean timed) {
        return timed || sampled() ? sendStart() : Message.UNSTAMPED;
    }

    /** Arrival if the message was stamped, else {@link Message#UNSTAMPED}. */
    long arrival(boolean timed) {
        return timed || sampled() ? arrival() : Message.UNSTAMPED;
    }

    /** Takes the message {@link #peek()} found: hands its entry back. */
    void release() {
        if (kind() == SlotRing.OBJECT) {
            objects()[pad + index] = null;
        }
        SlotRing.headerRelease(words, pad + 2 * index, SlotRing.free(head + mask + 1));
        head++;
    }

    /** Messages queued and not taken (the receiver's view). */
    int size() {
        SlotRing r = ring;
        long h = head;
        int n = 0;
        while (true) {
            int at = r.pad + 2 * ((int) h & r.mask);
            if (SlotRing.holds(SlotRing.headerAcquire(r.words, at), h)) {
                n++;
                h++;
            } else if (r.next != null && !SlotRing.holds(SlotRing.headerAcquire(r.words, at), h)) {
                r = r.next; // (read again after the link, as in peek)
                h = 0;
            } else if (r.next == null) {
                return n;
            }
        }
    }

    /** Takes and discards every queued message; returns how many. Between runs only. */
    int discardAll() {
        int n = 0;
        while (peek()) {
            release();
            n++;
        }
        return n;
    }
}
