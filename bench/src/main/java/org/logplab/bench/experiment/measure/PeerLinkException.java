package org.logplab.bench.experiment.measure;

/**
 * The link to the other process of a measurement between processes ({@link AeronPeer}) failed:
 * the other side did not connect in time, or the link broke. Its message says what happened, in
 * the words of the failure behind it.
 */
public final class PeerLinkException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The link's failure, whose message this one carries. */
    PeerLinkException(IllegalStateException cause) {
        super(cause.getMessage(), cause);
    }
}
