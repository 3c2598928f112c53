package org.logplab.core.runtime;

import java.util.Arrays;

/**
 * The debug mode of {@link org.logplab.core.RunConfig#checkOwnership()}: a fingerprint of an
 * array payload taken at its send and compared at its receive, so that a sender that changed an
 * array it had already sent is caught and named. Other payloads are not checked (an immutable
 * object cannot be changed; a mutable one has no general fingerprint).
 */
final class OwnershipCheck {
    private OwnershipCheck() {
    }

    /** The fingerprint of {@code payload}'s contents, or 0 for a payload that is not a primitive array. */
    static int fingerprint(Object payload) {
        return switch (payload) {
            case double[] a -> Arrays.hashCode(a);
            case long[] a -> Arrays.hashCode(a);
            case int[] a -> Arrays.hashCode(a);
            case float[] a -> Arrays.hashCode(a);
            case byte[] a -> Arrays.hashCode(a);
            case short[] a -> Arrays.hashCode(a);
            case char[] a -> Arrays.hashCode(a);
            case boolean[] a -> Arrays.hashCode(a);
            case null, default -> 0;
        };
    }

    /**
     * Checks a received payload against the fingerprint its sender took.
     *
     * @throws IllegalStateException naming the sender, the tag and the payload type if they differ
     */
    static void verify(int source, int destination, int tag, Object payload, int sentFingerprint) {
        if (fingerprint(payload) != sentFingerprint) {
            throw new IllegalStateException("rank " + source + " changed the " + payload.getClass().getSimpleName()
                    + " payload of a message to rank " + destination + " (tag " + tag + ") after sending it: a sent"
                    + " payload belongs to the receiver from the send on; send a copy, or keep two buffers and"
                    + " alternate");
        }
    }
}
