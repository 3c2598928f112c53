package org.logplab.core;

/**
 * A run that did not complete: a processor threw, the run deadlocked, or it timed out.
 * {@link #rank()} names the processor that failed first, or is {@code -1} when no single
 * processor is to blame (deadlock, timeout). The processor's own exception is the cause.
 */
public class RunFailedException extends RuntimeException {
    private final int rank;

    /** A failure of processor {@code rank} (or {@code -1}) with the given cause. */
    public RunFailedException(int rank, String message, Throwable cause) {
        super(message, cause);
        this.rank = rank;
    }

    /** The rank whose exception ended the run, or {@code -1}. */
    public int rank() {
        return rank;
    }
}
