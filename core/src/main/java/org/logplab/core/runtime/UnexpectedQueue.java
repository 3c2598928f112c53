package org.logplab.core.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.agrona.collections.Int2ObjectHashMap;
import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * One processor's unexpected-message queue, as MPI keeps one: messages that a receive matching by
 * source and tag took out of their channels and passed over, kept per source in the order they
 * were sent until a later receive takes them. For each source, every message queued here was sent
 * before every message still in its channel, so a source's messages are its queued ones, then its
 * channel's. Unbounded, as MPI's is: taking a message out of its channel frees room for its sender.
 *
 * <p>Which queued message matches: from one source the first whose tag matches; from any source,
 * among each source's first match, the one with the smallest {@code (arrival, source)} when the
 * run time-stamps its messages, else the one queued first (the first delivered).
 *
 * <p>Threads: the processor's own thread; while that thread is blocked in a model-clock matching
 * receive, the coordinator under its lock (it takes new messages in to decide on them, see
 * {@link MatchingReceive#refresh()}); while it is blocked or finished, the thread that reads its
 * leftovers (under the coordinator's lock, or after the run); the pool between runs. Never two at
 * once: the coordinator's lock and the processor's wait state order them.
 */
final class UnexpectedQueue {

    /**
     * One queued message: as it will be received, and what its receive still needs.
     *
     * @param message the message (its time stamps as the run keeps them)
     * @param sampled whether its latency is to be recorded when it is received
     * @param object whether it was sent as an object payload (its ownership is checked on receipt)
     * @param fingerprint the payload's ownership fingerprint at the send (see {@link OwnershipCheck})
     * @param order when it was queued, counting from 0 in each run: the order of delivery
     */
    record Entry(Message message, boolean sampled, boolean object, int fingerprint, long order) {
    }

    /** The messages queued from one source, oldest first. */
    private static final class FromSource {
        final int source;
        final ArrayDeque<Entry> entries = new ArrayDeque<>(4);

        FromSource(int source) {
            this.source = source;
        }
    }

    private static final List<FromSource> NO_SOURCES = List.of();

    /**
     * Every source that has had messages queued, in order of first use, and the same by source;
     * made with the first message queued, as a machine may have millions of processors that never
     * queue one.
     */
    private List<FromSource> sources = NO_SOURCES;
    private Int2ObjectHashMap<FromSource> bySource;
    private int size;
    private long queued;

    /** Whether a tag matches what a receive asks for ({@link Processor#ANY_TAG}: any). */
    static boolean tagMatches(int tag, int wanted) {
        return wanted == Processor.ANY_TAG || tag == wanted;
    }

    /** Whether nothing is queued: the one check on the in-order receives' path. */
    boolean isEmpty() {
        return size == 0;
    }

    /** Messages queued. */
    int size() {
        return size;
    }

    /** Queues a message passed over; it follows every message queued from its source. */
    void add(Message m, boolean sampled, boolean object, int fingerprint) {
        if (bySource == null) {
            bySource = new Int2ObjectHashMap<>();
            sources = new ArrayList<>();
        }
        FromSource from = bySource.get(m.source());
        if (from == null) {
            from = new FromSource(m.source());
            bySource.put(m.source(), from);
            sources.add(from);
        }
        from.entries.addLast(new Entry(m, sampled, object, fingerprint, queued++));
        size++;
    }

    /** The oldest message queued from {@code source}, or null if none. */
    Entry first(int source) {
        FromSource from = size == 0 ? null : bySource.get(source);
        return from == null ? null : from.entries.peekFirst();
    }

    /** The oldest message queued from {@code source} with a tag that matches {@code tag}, or null. */
    Entry firstMatch(int source, int tag) {
        FromSource from = size == 0 ? null : bySource.get(source);
        return from == null ? null : firstMatch(from, tag);
    }

    private static Entry firstMatch(FromSource from, int tag) {
        for (Entry e : from.entries) {
            if (tagMatches(e.message().tag(), tag)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The queued message a receive for {@code source} (a rank or {@link Processor#ANY_SOURCE}) and
     * {@code tag} takes, or null if none matches (see the class comment).
     *
     * @param byArrival whether messages carry their time stamps: choose by {@code (arrival, source)},
     *     else by the order they were queued
     */
    Entry match(int source, int tag, boolean byArrival) {
        if (source != Processor.ANY_SOURCE) {
            return firstMatch(source, tag);
        }
        Entry best = null;
        for (FromSource from : sources) {
            if (from.entries.isEmpty()) {
                continue;
            }
            Entry e = firstMatch(from, tag);
            if (e != null && (best == null || before(e, best, byArrival))) {
                best = e;
            }
        }
        return best;
    }

    private static boolean before(Entry a, Entry b, boolean byArrival) {
        if (!byArrival) {
            return a.order() < b.order();
        }
        long x = a.message().arrival();
        long y = b.message().arrival();
        return x < y || (x == y && a.message().source() < b.message().source());
    }

    /** Takes {@code e}, a queued message, out of the queue. */
    void remove(Entry e) {
        ArrayDeque<Entry> entries = bySource.get(e.message().source()).entries;
        if (entries.peekFirst() == e) {
            entries.pollFirst();
        } else {
            Iterator<Entry> it = entries.iterator();
            while (it.next() != e) {
                // the entry is queued: the loop ends on it
            }
            it.remove();
        }
        size--;
    }

    /** How many messages are queued from {@code source}. */
    int countFrom(int source) {
        FromSource from = size == 0 ? null : bySource.get(source);
        return from == null ? 0 : from.entries.size();
    }

    /** Between runs: forgets every queued message. */
    void clear() {
        for (FromSource from : sources) {
            from.entries.clear();
        }
        size = 0;
        queued = 0;
    }
}
