package org.logplab.goal.sim;

import java.util.Arrays;

/**
 * LogGOPSim's active queue: events ordered by time, then by their sequence number (the order in
 * which they were first queued; an event queued again keeps its number). A binary heap over
 * primitive arrays, so that millions of events cost no object each. Times are LogGOPSim's unsigned
 * 64-bit values: they are compared unsigned. Not thread-safe.
 */
final class EventQueue {
    private long[] key = new long[1024];
    private long[] seq = new long[1024];
    private int[] payload = new int[1024];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The earliest event's time. */
    long time() {
        return key[0] ^ Long.MIN_VALUE;
    }

    /** The earliest event's sequence number. */
    long seq() {
        return seq[0];
    }

    /** The earliest event's payload. */
    int payload() {
        return payload[0];
    }

    void push(long time, long sequence, int data) {
        if (size == key.length) {
            int n = size * 2;
            key = Arrays.copyOf(key, n);
            seq = Arrays.copyOf(seq, n);
            payload = Arrays.copyOf(payload, n);
        }
        long k = time ^ Long.MIN_VALUE;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(k, sequence, key[parent], seq[parent])) {
                break;
            }
            key[i] = key[parent];
            seq[i] = seq[parent];
            payload[i] = payload[parent];
            i = parent;
        }
        key[i] = k;
        seq[i] = sequence;
        payload[i] = data;
    }

    /** Removes the earliest event. */
    void pop() {
        int last = --size;
        if (last == 0) {
            return;
        }
        long k = key[last];
        long s = seq[last];
        int d = payload[last];
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && before(key[right], seq[right], key[child], seq[child])) {
                child = right;
            }
            if (!before(key[child], seq[child], k, s)) {
                break;
            }
            key[i] = key[child];
            seq[i] = seq[child];
            payload[i] = payload[child];
            i = child;
        }
        key[i] = k;
        seq[i] = s;
        payload[i] = d;
    }

    private static boolean before(long k1, long s1, long k2, long s2) {
        return k1 < k2 || k1 == k2 && s1 < s2;
    }
}
