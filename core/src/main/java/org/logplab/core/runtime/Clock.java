package org.logplab.core.runtime;

import org.logplab.core.LogP;

/**
 * One processor's time keeping under the LogP rules (see {@link org.logplab.core.Processor}):
 * when a send or a receive may start, how long it keeps the processor busy, and when a message
 * arrives. {@link ModelClock} computes the times exactly; {@link WallClock} waits and busy-spins
 * on a real core. Kept for the life of its processor and {@linkplain #reset reset} for each run.
 * Used only by the processor's own thread (the {@link Coordinator} reads a blocked processor's
 * state under its lock).
 */
abstract class Clock {
    LogP params;
    /** Earliest start of the next send: last send start + g. */
    long nextSendAt;
    /** Earliest start of the next receive: last receive start + g. */
    long nextRecvAt;
    /** End of the last operation (send, receive, compute). */
    long lastEnd;
    /** Arrival time of the last message sent. */
    long lastArrival;

    /** Back to time zero with the parameters of the next run. */
    void reset(LogP runParams) {
        params = runParams;
        nextSendAt = 0;
        nextRecvAt = 0;
        lastEnd = 0;
        lastArrival = 0;
    }

    /** Current time in clock units. */
    abstract long now();

    /** Starts a send of {@code bytes} bytes; returns its start, sets {@link #lastEnd} and {@link #lastArrival}. */
    abstract long send(int bytes);

    /** Receives a message that arrives at {@code arrival}; returns the receive start and sets {@link #lastEnd}. */
    abstract long receive(long arrival);

    /** Computes for {@code units}; sets {@link #lastEnd}. */
    abstract void compute(long units);

    /** Idles (neither busy nor counted as compute) until {@code time} if it is later than now. */
    abstract void idleUntil(long time);

    /** When a receive could start now, ignoring arrivals: {@code max(now, lastRecvStart + g)}. */
    long receiveReady() {
        return Math.max(now(), nextRecvAt);
    }
}
