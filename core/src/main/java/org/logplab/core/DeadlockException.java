package org.logplab.core;

import java.util.List;

/**
 * Every live processor waits on something that can never happen: a receive (from one rank or any,
 * of one tag or any) that no message sent or still to be sent can match, or room in a channel that
 * no running processor will drain.
 * {@link #waits()} says who waits on whom.
 */
public final class DeadlockException extends RunFailedException {
    private final transient List<Wait> waits;

    /** A deadlock among the given waits. */
    public DeadlockException(List<Wait> waits) {
        super(-1, describe(waits), null);
        this.waits = List.copyOf(waits);
    }

    /** Who waits on whom, one entry per live processor, ordered by rank. */
    public List<Wait> waits() {
        return waits;
    }

    /**
     * One blocked processor.
     *
     * @param rank the waiting processor
     * @param on what it waits for: {@code RECV} from {@code peer}, {@code RECV_ANY} (peer {@code -1}),
     *     or {@code SEND} room in its channel to {@code peer}
     * @param peer the rank waited on, or {@code -1} for any
     * @param tag for a receive, the tag of the message it waits for, or {@link Processor#ANY_TAG}
     *     (any message: {@code recv(src)}, {@code recvAny()}, or a receive with that wildcard)
     */
    public record Wait(int rank, Kind on, int peer, int tag) {
        /** A wait for any tag (receives), or for room (sends). */
        public Wait(int rank, Kind on, int peer) {
            this(rank, on, peer, Processor.ANY_TAG);
        }

        @Override
        public String toString() {
            String tagged = tag == Processor.ANY_TAG ? "" : " with tag " + tag;
            return switch (on) {
                case RECV -> "rank " + rank + " waits to receive from rank " + peer + tagged;
                case RECV_ANY -> "rank " + rank + " waits to receive from any rank" + tagged;
                case SEND -> "rank " + rank + " waits for room to send to rank " + peer;
            };
        }
    }

    /** What a blocked processor waits for. */
    public enum Kind { RECV, RECV_ANY, SEND }

    private static String describe(List<Wait> waits) {
        StringBuilder b = new StringBuilder("deadlock: all ").append(waits.size())
                .append(" live processors wait on something that can never happen: ");
        int shown = Math.min(waits.size(), 12);
        for (int i = 0; i < shown; i++) {
            b.append(i == 0 ? "" : "; ").append(waits.get(i));
        }
        if (waits.size() > shown) {
            b.append("; ... and ").append(waits.size() - shown).append(" more");
        }
        return b.toString();
    }
}
