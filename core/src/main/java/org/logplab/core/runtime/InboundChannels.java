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
 * <p>Thread-safe, but for {@link #consumers()}, which is the receiving side's. Looking at every
 * channel needs no lock: the array and the count are published so that a reader who sees count
 * {@code n} sees the first {@code n} channels.
 */
final class InboundChannels {
    private static final Channel[] NONE = new Channel[0];
    private static final ChannelConsumer[] NO_CONSUMERS = new ChannelConsumer[0];
    /** Channels searched in order before an index is kept. */
    private static final int INDEX_ABOVE = 8;

    private volatile Channel[] channels = NONE;
    private volatile int count;
    /** By source, once there are more than {@link #INDEX_ABOVE}; under the lock. */
    private Int2ObjectHashMap<Channel> bySource;
    /**
     * The receiving ends of every channel, renewed when a channel is added: a spinning recvAny
     * scans them millions of times a second, and asking each channel for its end would cost a
     * call and a check per channel on every scan.
     */
    private ChannelConsumer[] consumers = NO_CONSUMERS;

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

    /**
     * The receiving side only (the receiver's thread, or the coordinator or pool while it is blocked
     * or idle): every channel's receiving end, including channels a sender made since the last call.
     */
    ChannelConsumer[] consumers() {
        ChannelConsumer[] all = consumers;
        int n = count; // before the array: its first n channels are then valid
        if (all.length != n) {
            Channel[] a = channels;
            all = new ChannelConsumer[n];
            for (int i = 0; i < n; i++) {
                all[i] = a[i].consumer();
            }
            consumers = all;
        }
        return all;
    }
}
