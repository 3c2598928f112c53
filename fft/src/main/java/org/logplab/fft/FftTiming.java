package org.logplab.fft;

import org.logplab.core.LogP;

/**
 * Exact model-clock times of {@link ButterflyExchangeFft} and {@link MasterWorkerFft}: the rules of
 * docs/algorithms.md §1 applied to their messages, per rank, with {@code elementCost} per point per
 * radix-2 stage. A block of {@code B} points travels as {@code 16 B} bytes; a lent block, or the
 * word that a lent block is done with, as {@value Handover#VIEW_BYTES} ({@link Handover#VIEW}).
 */
public final class FftTiming {

    private FftTiming() {
    }

    /**
     * Model time of {@link ButterflyExchangeFft} in the seed's form ({@link Handover#COPY}) on
     * {@code p} ranks of {@code block} points each, all starting at 0.
     */
    public static long distributed(LogP params, int p, int block, long elementCost) {
        return distributed(params, p, block, elementCost, Handover.COPY);
    }

    /** Model time of {@link ButterflyExchangeFft} with {@code handover} on {@code p} ranks of {@code block} points
     * each, all starting at 0. */
    public static long distributed(LogP params, int p, int block, long elementCost, Handover handover) {
        Rank[] ranks = ranks(p);
        exchange(params, ranks, block, elementCost, handover);
        long end = 0;
        for (Rank r : ranks) {
            end = Math.max(end, r.now);
        }
        return end;
    }

    /** Model time of {@link MasterWorkerFft} in the seed's form ({@link Handover#COPY}) on {@code p} ranks and {@code
     * n} points. */
    public static long masterWorker(LogP params, int p, int n, long elementCost) {
        return masterWorker(params, p, n, elementCost, Handover.COPY);
    }

    /**
     * Model time of {@link MasterWorkerFft} with {@code handover} on {@code p} ranks and {@code n}
     * points: scatter and gather messages of {@code 16 n/p} bytes ({@code COPY}) or
     * {@value Handover#VIEW_BYTES} bytes ({@code VIEW}), and the exchanges in the same form.
     */
    public static long masterWorker(LogP params, int p, int n, long elementCost, Handover handover) {
        int block = n / p;
        long busy = params.sendBusy(handover == Handover.VIEW ? Handover.VIEW_BYTES : 16 * block);
        Rank[] ranks = ranks(p);
        Rank master = ranks[0];
        for (int r = 1; r < p; r++) {
            long start = master.send(params, busy);
            ranks[r].receive(params, start + busy + params.L());
        }
        exchange(params, ranks, block, elementCost, handover);
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

    private static void exchange(LogP params, Rank[] ranks, int block, long elementCost, Handover handover) {
        boolean lent = handover == Handover.VIEW;
        long busy = params.sendBusy(lent ? Handover.VIEW_BYTES : 16 * block);
        for (Rank r : ranks) {
            r.now += elementCost * block * Integer.numberOfTrailingZeros(block);
        }
        for (int bit = 1; bit < ranks.length; bit <<= 1) {
            swap(params, ranks, bit, busy);
            for (Rank r : ranks) {
                r.now += elementCost * block;
            }
            if (lent) {
                swap(params, ranks, bit, busy); // the done messages
            }
        }
    }

    /** Every rank sends one message of {@code busy} to its partner {@code r XOR bit} and receives the partner's. */
    private static void swap(LogP params, Rank[] ranks, int bit, long busy) {
        long[] arrival = new long[ranks.length];
        for (int r = 0; r < ranks.length; r++) {
            arrival[r ^ bit] = ranks[r].send(params, busy) + busy + params.L();
        }
        for (int r = 0; r < ranks.length; r++) {
            ranks[r].receive(params, arrival[r]);
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

    /** One rank's model clock: the send and receive rules of docs/algorithms.md §1. */
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
