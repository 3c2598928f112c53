package org.logplab.core;

import java.util.Objects;

/**
 * One message as received: who sent it, its tag, its payload and its size, and when it was sent
 * and when it arrived, in the run's clock units (model units, or nanoseconds since the run
 * started).
 *
 * <p>The payload is handed over by reference, never copied: from the send on it belongs to the
 * receiver (the ownership rule of {@link Processor#send(int, int, Object, int)}).
 *
 * <p>Under the wall clock a message is time-stamped only when the run needs it (see
 * {@link LatencySampling}); otherwise {@code sendStart} and {@code arrival} are {@link #UNSTAMPED}.
 *
 * @param source the sender's rank
 * @param tag the tag the sender gave
 * @param payload the payload, possibly {@code null}
 * @param bytes the size in bytes, as declared or inferred at the send
 * @param sendStart when the send started, in clock units, or {@link #UNSTAMPED}
 * @param arrival when the message arrived (could first be received), in clock units, or {@link #UNSTAMPED}
 */
public record Message(int source, int tag, Object payload, int bytes, long sendStart, long arrival) {

    /**
     * The time stamps of a wall-clock message that the run did not time: nothing injected, no
     * trace, and its latency not sampled. Earlier than any time, so it never delays a receive.
     */
    public static final long UNSTAMPED = -1;

    /** The payload as a {@code long}; it must be a {@link Number}. */
    public long asLong() {
        return ((Number) Objects.requireNonNull(payload, "message payload is null")).longValue();
    }

    /** The payload as a {@code double}; it must be a {@link Number}. */
    public double asDouble() {
        return ((Number) Objects.requireNonNull(payload, "message payload is null")).doubleValue();
    }

    /** The payload as a {@code double[]}. */
    public double[] asDoubles() {
        return (double[]) payload;
    }

    /**
     * The size in bytes the runtime infers for a payload.
     *
     * @throws IllegalArgumentException for a type whose size it cannot infer
     */
    public static int inferBytes(Object payload) {
        if (payload == null) {
            return 0;
        }
        if (payload instanceof Long || payload instanceof Double) {
            return 8;
        }
        if (payload instanceof Integer || payload instanceof Float) {
            return 4;
        }
        if (payload instanceof double[] a) {
            return Math.multiplyExact(a.length, 8);
        }
        if (payload instanceof long[] a) {
            return Math.multiplyExact(a.length, 8);
        }
        if (payload instanceof int[] a) {
            return Math.multiplyExact(a.length, 4);
        }
        if (payload instanceof byte[] a) {
            return a.length;
        }
        throw new IllegalArgumentException("cannot infer the size in bytes of a "
                + payload.getClass().getName() + " payload; pass the size with send(dst, tag, payload, bytes)");
    }

    @Override
    public String toString() {
        return "Message[from " + source + ", tag " + tag + ", " + bytes + " B, sent " + sendStart
                + ", arrived " + arrival + "]";
    }
}
