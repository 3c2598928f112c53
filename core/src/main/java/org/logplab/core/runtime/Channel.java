package org.logplab.core.runtime;

/**
 * The channel of one ordered pair of processors: a bounded, lock-free single-producer
 * single-consumer queue of reusable message entries ({@link SlotRing}) that starts small and grows by
 * doubling, up to its capacity, so that idle channels cost little memory and busy ones never
 * copy. Nothing is ever dropped: a full channel makes its sender wait.
 *
 * <p>Why not a JCTools queue (the floor the benchmarks measure against): those carry references,
 * so every message would be an object allocated by the sender and fetched from the sender's cache
 * by the receiver, a second cache line per message; here a message's fields travel in a reused
 * entry, the sender only stores (as JCTools' own SPSC queue does), and primitives need no object.
 *
 * <p>This object is what both ends share and is read-mostly; each end keeps its own position in
 * an object of its own ({@link ChannelProducer} on the sender's thread, {@link ChannelConsumer}
 * on the receiver's), allocated by that thread, so that the two ends' per-message writes never
 * share a cache line. The receiver's end may also be read by the {@link Coordinator} while the
 * receiver is blocked, under the coordinator's lock.
 */
final class Channel {
    final int source;
    final int destination;
    /** The most messages it holds, a power of two. */
    final int capacity;
    final SlotRing first;
    /** Set by the sender while it waits for room; read by the receiver after taking a message. */
    volatile boolean senderWaiting;
    private ChannelProducer producer;
    private ChannelConsumer consumer;

    /** A channel whose first ring has {@code initialSize} entries; padded rings for threads with cores of their own. */
    Channel(int source, int destination, int capacity, int initialSize, boolean padded) {
        this.source = source;
        this.destination = destination;
        this.capacity = ceilPowerOfTwo(capacity);
        this.first = new SlotRing(Math.min(this.capacity, ceilPowerOfTwo(initialSize)), padded);
    }

    /** The sender's end, made by the first call; only ever called on the sending side. */
    ChannelProducer producer() {
        ChannelProducer p = producer;
        if (p == null) {
            p = new ChannelProducer(this);
            producer = p;
        }
        return p;
    }

    /**
     * The receiver's end, made by the first call; only ever called on the receiving side (the
     * receiver's thread, or the coordinator or pool while it is blocked or idle).
     */
    ChannelConsumer consumer() {
        ChannelConsumer c = consumer;
        if (c == null) {
            c = new ChannelConsumer(this);
            consumer = c;
        }
        return c;
    }

    /** The least power of two at least {@code n} (n at most 2^30). */
    static int ceilPowerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    @Override
    public String toString() {
        return "channel " + source + " -> " + destination;
    }
}
