package org.logplab.core;

/**
 * One interval of a processor's time: a send, a receive or a compute.
 *
 * @param rank the processor
 * @param kind what it did
 * @param start when it started, in clock units
 * @param end when it ended, in clock units
 * @param peer the destination of a send or the source of a receive; {@code -1} for compute
 * @param tag the message tag, {@code 0} for compute
 * @param bytes the message size, {@code 0} for compute
 */
public record TraceEvent(int rank, Kind kind, long start, long end, int peer, int tag, int bytes) {

    /** What a processor did during an event. */
    public enum Kind { SEND, RECV, COMPUTE }
}
