package org.logplab.core.collective.allreduce;

import org.logplab.core.LogP;

/**
 * The model time of {@link ButterflyAllReduce}: the rules of docs/algorithms.md §1 applied to its
 * fixed schedule, one clock state per member ({@code now}, earliest next send, earliest next
 * receive). Single use, not thread-safe.
 */
final class ButterflyTiming {
    private static final int BYTES = 8;
    private final LogP params;
    private final int size;
    private final int core;
    private final long combineCost;
    private final long busy;
    private final long[] now;
    private final long[] nextSend;
    private final long[] nextRecv;

    ButterflyTiming(LogP params, int size, long combineCost) {
        this.params = params;
        this.size = size;
        this.core = Integer.highestOneBit(size);
        this.combineCost = combineCost;
        this.busy = params.sendBusy(BYTES);
        this.now = new long[size];
        this.nextSend = new long[size];
        this.nextRecv = new long[size];
    }

    /** Latest end over all members of the fold, exchanges and unfold. */
    long makespan() {
        for (int i = core; i < size; i++) {
            receive(i - core, send(i));
            now[i - core] += combineCost;
        }
        long[] arrival = new long[core];
        for (int bit = 1; bit < core; bit <<= 1) {
            // Every member sends before it receives, so all sends of a step come first.
            for (int i = 0; i < core; i++) {
                arrival[i] = send(i);
            }
            for (int i = 0; i < core; i++) {
                receive(i, arrival[i ^ bit]);
                now[i] += combineCost;
            }
        }
        for (int i = core; i < size; i++) {
            receive(i, send(i - core));
        }
        long latest = 0;
        for (long t : now) {
            latest = Math.max(latest, t);
        }
        return latest;
    }

    /** Member {@code i} sends one value; returns its arrival. */
    private long send(int i) {
        long start = Math.max(now[i], nextSend[i]);
        now[i] = start + busy;
        nextSend[i] = start + params.g();
        return now[i] + params.L();
    }

    /** Member {@code i} receives a value that arrives at {@code arrival}. */
    private void receive(int i, long arrival) {
        long start = Math.max(Math.max(now[i], nextRecv[i]), arrival);
        now[i] = start + params.o();
        nextRecv[i] = start + params.g();
    }
}
