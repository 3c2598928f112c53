package org.logplab.core.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A power-of-two ring of message entries, one stretch of a {@link Channel}, laid out so that a
 * message touches as few cache lines as it needs: a 16-byte entry per message in {@link #words}
 * (a header, then the value), its time stamps in {@link #stamps} only when it is stamped, its
 * object payload and size in {@link #payloads} and {@link #sizes} only when it has one. Four
 * primitive messages share a cache line. Entries are reused lap after lap, so a message costs
 * no allocation.
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
     * Two per entry: the header, then the value (a primitive payload, or an array payload's
     * fingerprint). Every array starts {@link #PAD} elements in (and ends as many after the last
     * entry), so that its length field, read by every bounds check, never shares a cache line
     * with entries the other side writes.
     */
    final long[] words;
    /** Two per entry: send start and arrival, written only for a stamped message. */
    final long[] stamps;
    final Object[] payloads;
    final int[] sizes;
    final int mask;
    /** Padding at each end of every array, in elements (128 bytes of longs: two cache lines). */
    static final int PAD = 16;
    /** The ring the sender moved on to, or null; written once, by the sender. */
    volatile SlotRing next;

    SlotRing(int size) {
        if (Integer.bitCount(size) != 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("ring size must be a power of two up to 2^28, got " + size);
        }
        words = new long[2 * size + 2 * PAD];
        stamps = new long[2 * size + 2 * PAD];
        payloads = new Object[size + 2 * PAD];
        sizes = new int[size + 2 * PAD];
        mask = size - 1;
        for (int i = 0; i < size; i++) {
            words[header(i)] = free(i);
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
        return ((seq + 1) & SEQ_MASK) << SEQ_SHIFT | (long) kind << 33 | (sampled ? SAMPLED_BIT : 0) | (tag & 0xFFFFFFFFL);
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

    /** Where entry {@code index}'s header is in {@link #words} (its value follows); its stamps are at the same place in {@link #stamps}. */
    static int header(int index) {
        return PAD + 2 * index;
    }

    /** Where entry {@code index}'s payload and size are in {@link #payloads} and {@link #sizes}. */
    static int object(int index) {
        return PAD + index;
    }

    static long headerAcquire(long[] words, int index) {
        return (long) WORDS.getAcquire(words, header(index));
    }

    static void headerRelease(long[] words, int index, long header) {
        WORDS.setRelease(words, header(index), header);
    }
}
