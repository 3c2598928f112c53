package org.logplab.core.runtime;

import java.util.Arrays;
import org.agrona.collections.Int2ObjectHashMap;

/**
 * The channels into one processor, each made by whichever side needs it first. Small, because a
 * machine may have millions of processors, most with one or two channels in: they sit in a short
 * array in order of creation, searched without a lock; a receiver with more than
 * {@value #INDEX_ABOVE} gets an index by source, read under this object's lock. Lookups are
 * rare (each side keeps its last end at hand), so the lock is rarely taken.
 *
 * <p>Thread-safe. Iteration ({@link #count()}, {@link #channels()}) needs no lock: the array and
 * the count are published so that a reader who sees count {@code n} sees the first {@code n}
 * channels.
 */
final class InboundChannels {
    private static final Channel[] NONE = new Channel[0];
    /** Channels searched in order before an index is kept. */
    private static final int INDEX_ABOVE = 8;

    private volatile Channel[] channels = NONE;
    private volatile int count;
    /** By source, once there are more than {@link #INDEX_ABOVE}; under the lock. */
    private Int2ObjectHashMap<Channel> bySource;

    /** How a missing channel is made. */
    @FunctionalInterface
    interface Maker {
        Channel make(int source);
    }

    /** The channel from {@code source}, made by {@code maker} if there is none yet. */
    Channel get(int source, Maker maker) {
        int n = count;
        if (n <= INDEX_ABOVE) {
            Channel[] a = channels;
            for (int i = 0; i < n; i++) {
                if (a[i].source == source) {
                    return a[i];
                }
            }
        }
        synchronized (this) {
            Channel c = find(source);
            if (c == null) {
                c = maker.make(source);
                add(c);
            }
            return c;
        }
    }

    private Channel find(int source) {
        if (bySource != null) {
            return bySource.get(source);
        }
        Channel[] a = channels;
        for (int i = 0, n = count; i < n; i++) {
            if (a[i].source == source) {
                return a[i];
            }
        }
        return null;
    }

    private void add(Channel c) {
        Channel[] a = channels;
        int n = count;
        if (n == a.length) {
            a = Arrays.copyOf(a, Math.max(1, 2 * n));
        }
        a[n] = c;
        channels = a;
        count = n + 1;
        if (bySource != null) {
            bySource.put(c.source, c);
        } else if (n + 1 > INDEX_ABOVE) {
            bySource = new Int2ObjectHashMap<>();
            for (int i = 0; i <= n; i++) {
                bySource.put(a[i].source, a[i]);
            }
        }
    }

    /** How many channels there are. Read it before {@link #channels()}. */
    int count() {
        return count;
    }

    /** The channels; the first {@link #count()} (as read before) are valid. */
    Channel[] channels() {
        return channels;
    }
}
