package org.logplab.core.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A power-of-two ring of message entries, one stretch of a {@link Channel}, laid out so that a
 * message touches as few cache lines as it needs: a 16-byte entry per message in {@link #words}
 * (a header, then the value: the primitive payload, or for an object payload its size in bytes
 * and the ownership check's fingerprint), its time stamps in {@link #stamps} only when it is
 * stamped, its object payload in {@link #payloads} (made with the first one) only when it has
 * one. Four primitive messages share a cache line. Entries are reused lap after lap, so a
 * message costs no allocation.
 *
 * <p><b>Header</b> (one {@code long}): bits 63..35 the sequence number (mod 2^29), 34..33 the
 * payload kind, 32 whether the message's latency is sampled, 31..0 the tag. The sender fills an
 * entry and publishes it by a release store of its header; the receiver reads the header with an
 * acquire load, then the rest, and hands the entry back by another release store. As in Vyukov's
 * bounded queue, in a ring of {@code C} entries entry {@code i} is free for message {@code n}
 * ({@code n mod C == i}) when its sequence is {@code n}, holds message {@code n} when it is
 * {@code n + 1}, and is handed back as {@code n + C}: each side reads only the entries, never the
 * other side's index, so the two never write a shared counter. Sequences are compared mod 2^29,
 * which is unambiguous for rings up to 2^28 entries.
 *
 * <p>When the sender finds the ring full and the channel may still grow, it links a ring twice
 * the size as {@link #next} and goes on there; the receiver follows once it has taken every
 * message of this one. Rings never shrink: a channel keeps the size its busiest moment needed.
 */
final class SlotRing {
    /** Payload kinds. */
    static final int OBJECT = 0;
    static final int LONG = 1;
    static final int DOUBLE = 2;

    /** The largest ring: sequences mod 2^29 must tell message n from n - size + 1. */
    static final int MAX_SIZE = 1 << 28;
    private static final int SEQ_SHIFT = 35;
    private static final long SEQ_MASK = (1L << 29) - 1;
    private static final long SAMPLED_BIT = 1L << 32;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    /**
     * Two per entry: the header, then the value. With padding, every array starts {@link #PAD} elements in (and ends as
     * many
     * after the last entry), so that its length field, read by every bounds check, never shares a
     * cache line with entries the other side writes; rings of virtual-thread machines, which may
     * number millions, are not padded.
     */
    final long[] words;
    /** Two per entry: send start and arrival, written only for a stamped message. */
    final long[] stamps;
    /** Object payloads, made by the sender with the first one (a ring of primitives needs none); written before that
     * message is published. */
    Object[] payloads;
    final int mask;
    /** Padding at each end of every array of a padded ring, in elements (128 bytes of longs: two cache lines). */
    static final int PAD = 16;
    /** Padding of this ring: {@link #PAD} or 0. */
    final int pad;
    /** The ring the sender moved on to, or null; written once, by the sender. */
    volatile SlotRing next;

    /**
     * A ring of {@code size} entries, a power of two from 2; padded or not (see {@link #words}). A
     * ring of one entry is refused: there "free for message n + 1" and "holds message n" are the same
     * sequence, so a second send would overwrite the first.
     */
    SlotRing(int size, boolean padded) {
        if (Integer.bitCount(size) != 1 || size < 2 || size > MAX_SIZE) {
            throw new IllegalArgumentException("ring size must be a power of two from 2 to 2^28, got " + size);
        }
        pad = padded ? PAD : 0;
        words = new long[2 * size + 2 * pad];
        stamps = new long[2 * size + 2 * pad];
        mask = size - 1;
        for (int i = 0; i < size; i++) {
            words[pad + 2 * i] = free(i);
        }
    }

    int size() {
        return mask + 1;
    }

    /** The header of a free entry for message {@code seq}. */
    static long free(long seq) {
        return (seq & SEQ_MASK) << SEQ_SHIFT;
    }

    /** The header of message {@code seq}, published: its sequence is {@code seq + 1}. */
    static long full(long seq, int kind, boolean sampled, int tag) {
        return ((seq + 1) & SEQ_MASK) << SEQ_SHIFT | (long) kind << 33 | (sampled ? SAMPLED_BIT
                : 0) | (tag & 0xFFFFFFFFL);
    }

    /** Whether {@code header} says its entry is free for message {@code seq}. */
    static boolean isFreeFor(long header, long seq) {
        return header >>> SEQ_SHIFT == (seq & SEQ_MASK);
    }

    /** Whether {@code header} says its entry holds message {@code seq}. */
    static boolean holds(long header, long seq) {
        return header >>> SEQ_SHIFT == ((seq + 1) & SEQ_MASK);
    }

    static int kind(long header) {
        return (int) (header >>> 33) & 3;
    }

    static boolean sampled(long header) {
        return (header & SAMPLED_BIT) != 0;
    }

    static int tag(long header) {
        return (int) header;
    }

    /** The array for object payloads, made now if there is none yet (the sender). */
    Object[] makePayloads() {
        if (payloads == null) {
            payloads = new Object[size() + 2 * pad];
        }
        return payloads;
    }

    /** The value word of an object message: its size in bytes, and the ownership fingerprint above. */
    static long objectValue(int bytes, int fingerprint) {
        return (long) fingerprint << 32 | (bytes & 0xFFFFFFFFL);
    }

    /** Whether the ring is padded (its arrays start {@link #PAD} elements in). */
    boolean padded() {
        return pad != 0;
    }

    static long headerAcquire(long[] words, int at) {
        return (long) WORDS.getAcquire(words, at);
    }

    static void headerRelease(long[] words, int at, long header) {
        WORDS.setRelease(words, at, header);
    }
}
