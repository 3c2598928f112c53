package org.logplab.bench.experiment.versus;

import org.logplab.bench.experiment.versus.MessagePath.Test;

/**
 * One case of {@code logplab versus}: a test of the message path at one size.
 *
 * @param test the operation
 * @param log2Points for the exchanges, log2 of the complex points of a block; 0 for the others
 */
public record VersusCase(Test test, int log2Points) {
    /** The bytes an operation moves: a block of 16-byte points for the exchanges, else one 8-byte value. */
    public long sizeBytes() {
        return test.hasBlock() ? 16L << log2Points : 8;
    }

    /** Complex points per block. */
    public int points() {
        return 1 << log2Points;
    }

    /** Operations per block of ours: a block takes some tens of milliseconds. */
    public int operations() {
        return switch (test) {
            case STREAM -> 2_000_000;
            case EXCHANGE -> 100_000;
            case EXCHANGE_COPY -> (int) Math.max(16, Math.min(100_000, (1L << 27) / sizeBytes()));
            default -> 200_000;
        };
    }

    /** The test's name as the Open MPI peer knows it: both exchanges are its {@code exchange}. */
    public String mpiTest() {
        return test.hasBlock() ? "exchange" : test.label();
    }
}
