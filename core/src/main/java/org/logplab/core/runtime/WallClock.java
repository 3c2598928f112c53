package org.logplab.core.runtime;

/**
 * Real time in nanoseconds since the run started, with the LogP delays injected: {@code o} (and
 * {@code (m-1)G}) as busy CPU time on this thread, {@code g} as a wait before the next send or
 * receive, {@code L} as the arrival stamp before which the receiver waits. Waiting follows
 * {@link WaitStrategy#sleepUntil} (park while far, spin the last stretch). Every operation reads
 * the clock once (about 25 ns) plus what it waits; the processor calls it only when the run
 * times its messages (see {@link org.logplab.core.LatencySampling}).
 */
final class WallClock extends Clock {
    private final WaitStrategy.Abort abort;
    private long baseNanos;

    /** A clock that calls {@code abort} while it waits, so that an aborted run ends the wait. */
    WallClock(WaitStrategy.Abort abort) {
        this.abort = abort;
    }

    /** Sets time zero (the processor's own thread, before its program starts). */
    void start(long base) {
        this.baseNanos = base;
    }

    @Override
    long now() {
        return System.nanoTime() - baseNanos;
    }

    @Override
    long send(int bytes) {
        long start = now();
        if (start < nextSendAt) {
            start = waitUntil(nextSendAt);
        }
        long busy = params.sendBusy(bytes);
        lastEnd = busy == 0 ? start : busyUntil(start + busy);
        nextSendAt = start + params.g();
        lastArrival = lastEnd + params.L();
        return start;
    }

    @Override
    long receive(long arrival) {
        long start = now();
        long ready = Math.max(nextRecvAt, arrival);
        if (start < ready) {
            start = waitUntil(ready);
        }
        lastEnd = params.o() == 0 ? start : busyUntil(start + params.o());
        nextRecvAt = start + params.g();
        return start;
    }

    @Override
    void compute(long units) {
        long start = System.nanoTime(); // one read to start: busyUntil reads again only while it waits
        lastEnd = WaitStrategy.busyUntil(start, start + units, this.abort) - baseNanos;
    }

    @Override
    void idleUntil(long time) {
        waitUntil(time);
    }

    /** Waits (parking if long) until {@code time}; returns the time then. */
    long waitUntil(long time) {
        return WaitStrategy.sleepUntil(absolute(time), abort) - baseNanos;
    }

    private long busyUntil(long time) {
        return WaitStrategy.busyUntil(absolute(time), abort) - baseNanos;
    }

    /** {@code time} on {@link System#nanoTime()}'s scale, saturating: "never" stays never. */
    private long absolute(long time) {
        return time > Long.MAX_VALUE - baseNanos ? Long.MAX_VALUE : baseNanos + time;
    }
}
