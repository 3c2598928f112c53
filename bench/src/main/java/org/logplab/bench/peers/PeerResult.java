package org.logplab.bench.peers;

import java.util.List;

/**
 * What a run of a measured peer gave ({@link MpiPeer}, {@link FftwPeer}): its measurements
 * ({@link Measured}), the peer not installed here ({@link Unavailable}), or a failure
 * ({@link Failed}).
 *
 * @param <M> the peer's measurement type
 */
public sealed interface PeerResult<M> permits PeerResult.Measured, PeerResult.Unavailable, PeerResult.Failed {

    /**
     * The run succeeded (exit status 0).
     *
     * @param measurements one per output line, in the peer's order
     * @param <M>          the peer's measurement type
     */
    record Measured<M>(List<M> measurements) implements PeerResult<M> {
        /** Keeps an unmodifiable copy. */
        public Measured {
            measurements = List.copyOf(measurements);
        }
    }

    /**
     * The peer is not installed here (its script's exit status 3).
     *
     * @param message the script's explanation, one line: what is missing and how to install it
     * @param <M>     the peer's measurement type
     */
    record Unavailable<M>(String message) implements PeerResult<M> {
    }

    /**
     * The run failed: another non-zero exit status, a timeout, a script that could not be found
     * or started, or output that is not the expected JSON Lines.
     *
     * @param exitCode   the script's exit status, or -1 when it timed out or did not start
     * @param timedOut   whether it was destroyed, with its descendants, for exceeding the timeout
     * @param reason     one line saying what went wrong
     * @param stderrTail the end of its standard error (at most 4,000 characters)
     * @param <M>        the peer's measurement type
     */
    record Failed<M>(int exitCode, boolean timedOut, String reason, String stderrTail) implements PeerResult<M> {
    }
}
