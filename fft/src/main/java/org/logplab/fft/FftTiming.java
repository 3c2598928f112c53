package org.logplab.fft;

import org.logplab.core.LogP;

/**
 * Exact model-clock times of {@link ButterflyExchangeFft} and {@link MasterWorkerFft}: the rules of
 * ALGORITHMS.md §1 applied to their messages, per rank, with {@code elementCost} per point per
 * radix-2 stage. A block of {@code B} points travels as {@code 16 B} bytes.
 */
public final class FftTiming {

    private FftTiming() {
    }

    /** Model time of {@link ButterflyExchangeFft} on {@code p} ranks of {@code block} points each, all starting at 0. */
    public static long distributed(LogP params, int p, int block, long elementCost) {
        Rank[] ranks = ranks(p);
        exchange(params, ranks, block, elementCost);
        long end = 0;
        for (Rank r : ranks) {
            end = Math.max(end, r.now);
        }
        return end;
    }

    /** Model time of {@link MasterWorkerFft} in the seed's form ({@link MasterWorkerFft.Handover#COPY}) on {@code p} ranks and {@code n} points. */
    public static long masterWorker(LogP params, int p, int n, long elementCost) {
        return masterWorker(params, p, n, elementCost, MasterWorkerFft.Handover.COPY);
    }

    /**
     * Model time of {@link MasterWorkerFft} with {@code handover} on {@code p} ranks and {@code n}
     * points: scatter and gather messages of {@code 16 n/p} bytes ({@code COPY}) or
     * {@value MasterWorkerFft#VIEW_BYTES} bytes ({@code VIEW}).
     */
    public static long masterWorker(LogP params, int p, int n, long elementCost, MasterWorkerFft.Handover handover) {
        int block = n / p;
        long busy = params.sendBusy(handover == MasterWorkerFft.Handover.VIEW ? MasterWorkerFft.VIEW_BYTES : 16 * block);
        Rank[] ranks = ranks(p);
        Rank master = ranks[0];
        for (int r = 1; r < p; r++) {
            long start = master.send(params, busy);
            ranks[r].receive(params, start + busy + params.L());
        }
        exchange(params, ranks, block, elementCost);
        long[] gatherArrival = new long[p];
        for (int r = 1; r < p; r++) {
            gatherArrival[r] = ranks[r].send(params, busy) + busy + params.L();
        }
        for (int r = 1; r < p; r++) {
            master.receive(params, gatherArrival[r]);
        }
        long end = 0;
        for (Rank r : ranks) {
            end = Math.max(end, r.now);
        }
        return end;
    }

    private static void exchange(LogP params, Rank[] ranks, int block, long elementCost) {
        int p = ranks.length;
        long busy = params.sendBusy(16 * block);
        for (Rank r : ranks) {
            r.now += elementCost * block * Integer.numberOfTrailingZeros(block);
        }
        for (int bit = 1; bit < p; bit <<= 1) {
            long[] arrival = new long[p];
            for (int r = 0; r < p; r++) {
                arrival[r ^ bit] = ranks[r].send(params, busy) + busy + params.L();
            }
            for (int r = 0; r < p; r++) {
                ranks[r].receive(params, arrival[r]);
                ranks[r].now += elementCost * block;
            }
        }
    }

    private static Rank[] ranks(int p) {
        FftSize.log2(p, "processor count p");
        Rank[] ranks = new Rank[p];
        for (int r = 0; r < p; r++) {
            ranks[r] = new Rank();
        }
        return ranks;
    }

    /** One rank's model clock: the send and receive rules of ALGORITHMS.md §1. */
    private static final class Rank {
        long now;
        long lastSend = Long.MIN_VALUE / 2;
        long lastRecv = Long.MIN_VALUE / 2;

        /** Sends; returns the start. */
        long send(LogP params, long busy) {
            long start = Math.max(now, lastSend + params.g());
            lastSend = start;
            now = start + busy;
            return start;
        }

        void receive(LogP params, long arrival) {
            long start = Math.max(Math.max(now, arrival), lastRecv + params.g());
            lastRecv = start;
            now = start + params.o();
        }
    }
}
