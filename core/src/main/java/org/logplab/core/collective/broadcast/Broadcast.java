package org.logplab.core.collective.broadcast;

import org.logplab.core.LogP;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;

/**
 * A one-to-many collective: the source's payload reaches every member of a {@link Group}.
 * Implementations are ordinary processor code, so they run under the model and the wall clock,
 * plus an exact predictor of their model time.
 *
 * <p><b>Contract.</b> {@link #broadcast} is called by every processor of the run with the same
 * group; non-members return {@code null} at once without communicating. Each member computes its
 * own role (parent, children) locally, in time polylogarithmic in the group size. The source
 * passes the payload (others pass anything, usually {@code null}) and every member returns the
 * source's payload. Messages are tagged {@link #TAG}.
 *
 * <p><b>Time.</b> With every member idle at model time 0, the latest member finish time of the run
 * equals {@link #predict} exactly ({@code ==}), for any {@code L, o, g} (including {@code g < o}).
 */
public interface Broadcast {

    /** The tag of broadcast messages. */
    int TAG = 0x0B0;

    /** Short name as used on the command line, e.g. {@code binomial}. */
    String name();

    /** Runs this processor's part; returns the source's payload on members and {@code null} elsewhere. */
    Object broadcast(Processor p, Group group, Object payload);

    /**
     * Broadcasts one {@code long} (8 bytes): the same schedule as {@link #broadcast} with an
     * 8-byte payload, so the same model time. Algorithms that can send it as a primitive message
     * ({@link Processor#sendLong}) allocate nothing; the default boxes it. Returns the source's
     * value on members and 0 elsewhere.
     */
    default long broadcastLong(Processor p, Group group, long value) {
        Object v = broadcast(p, group, value);
        return v == null ? 0 : (Long) v;
    }

    /**
     * This algorithm tuned for payloads of {@code bytes} bytes. Tree shapes that depend on the
     * payload size (when {@code G > 0}) fix it up front, because a member must know its parent
     * before the payload arrives; the others return {@code this}.
     */
    default Broadcast forPayload(int bytes) {
        return this;
    }

    /**
     * Model time, from all members idle at 0 to the end of the last member's last operation, for a
     * group of {@code size} members with the source at {@code sourceIndex} and a payload of
     * {@code bytes} bytes (which matters only when {@code G > 0}).
     */
    long predict(LogP params, int size, int sourceIndex, int bytes);
}
