package org.logplab.fft;

/**
 * Where the wall-clock time of a parallel FFT goes: nanoseconds per {@link Phase}, summed per
 * rank over the transforms that recorded into it. {@link ButterflyExchangeFft} and
 * {@link MasterWorkerFft} record when given one (two clock reads per phase; without one they
 * read no clock at all).
 *
 * <p>Each rank writes only its own row, so ranks record without contention; read the figures
 * after the run that recorded them has ended (its end orders every rank's writes before the
 * read). {@link #reset()} between runs, not during one.
 */
public final class FftPhases {
    /** A phase of the parallel FFTs; {@code values()} are in the order a transform runs them. */
    public enum Phase {
        /** Getting the input block: the master's packing and sending (or lending), a worker's receiving and gathering.
         * */
        SCATTER("scatter"),
        /** The serial FFT of the rank's own block. */
        LOCAL_FFT("local FFT"),
        /** Copying the block into the spare that is sent (the double buffering of the exchange). */
        SNAPSHOT("snapshot"),
        /** Sending the block and waiting until the partner's has arrived. */
        WAIT("wait for partner"),
        /** The butterflies of an exchange stage. */
        COMBINE("combine"),
        /** Getting the output back to the master: its copying and waiting, a worker's writing and sending. */
        GATHER("gather");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        /** Short lower-case label for tables. */
        public String label() {
            return label;
        }
    }

    /** Longs per row: a row fills two cache lines of its own, so ranks never write a shared line. */
    private static final int STRIDE = 16;

    private final long[] nanos;
    private final int ranks;

    /** Figures for {@code ranks >= 1} ranks, all zero. */
    public FftPhases(int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, got " + ranks);
        }
        this.ranks = ranks;
        this.nanos = new long[(ranks + 1) * STRIDE];
    }

    /** Number of ranks. */
    public int ranks() {
        return ranks;
    }

    /** Adds the time from {@code since} to now to {@code rank}'s {@code phase}; returns now (ns, {@link
     * System#nanoTime()}). */
    long lap(int rank, Phase phase, long since) {
        long now = System.nanoTime();
        nanos[(rank + 1) * STRIDE + phase.ordinal()] += now - since;
        return now;
    }

    /** Nanoseconds {@code rank} spent in {@code phase}. */
    public long nanos(int rank, Phase phase) {
        if (rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank " + rank + " is outside 0.." + (ranks - 1));
        }
        return nanos[(rank + 1) * STRIDE + phase.ordinal()];
    }

    /** Mean over ranks of the nanoseconds spent in {@code phase}. */
    public double meanNanos(Phase phase) {
        long sum = 0;
        for (int r = 0; r < ranks; r++) {
            sum += nanos(r, phase);
        }
        return sum / (double) ranks;
    }

    /**
     * These figures divided by {@code transforms}, a new object: ns per transform when they
     * were recorded over that many.
     */
    public FftPhases per(int transforms) {
        if (transforms < 1) {
            throw new IllegalArgumentException("transforms must be at least 1, got " + transforms);
        }
        FftPhases each = new FftPhases(ranks);
        for (int i = 0; i < nanos.length; i++) {
            each.nanos[i] = nanos[i] / transforms;
        }
        return each;
    }

    /** Sets every figure back to zero. */
    public void reset() {
        java.util.Arrays.fill(nanos, 0);
    }
}
