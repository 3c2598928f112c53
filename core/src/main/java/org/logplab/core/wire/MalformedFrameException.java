package org.logplab.core.wire;

/**
 * A frame that is not a well-formed LogP Lab message: too short, a wrong magic number or version,
 * lengths that do not add up, an unknown payload type. A transport rejects and counts such frames;
 * it never lets one stop a node.
 */
public final class MalformedFrameException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A frame rejected for {@code reason}. */
    public MalformedFrameException(String reason) {
        super(reason);
    }
}
