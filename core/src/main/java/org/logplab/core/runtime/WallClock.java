package org.logplab.core.runtime;

import java.util.concurrent.locks.LockSupport;
import org.logplab.core.LogP;

/**
 * Real time in nanoseconds since the run started, with the LogP delays injected: {@code o} (and
 * {@code (m-1)G}) as busy CPU time on this thread, {@code g} as a wait before the next send or
 * receive, {@code L} as the arrival stamp before which the receiver waits. Waits longer than
 * {@link #PARK_ABOVE_NANOS} park (Linux parks with about 50 us of slack) and spin the rest;
 * shorter ones spin with {@link Thread#onSpinWait()}.
 */
final class WallClock extends Clock {
    static final long PARK_ABOVE_NANOS = 200_000;
    private static final long PARK_MARGIN_NANOS = 100_000;

    private final Run run;
    private long baseNanos;

    WallClock(LogP params, Run run) {
        super(params);
        this.run = run;
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
        // One clock read per operation when nothing is injected: reading the clock costs ~30 ns.
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
        lastEnd = busyUntil(now() + units);
    }

    @Override
    void idleUntil(long time) {
        waitUntil(time);
    }

    /** Waits (parking if long) until {@code deadline}; returns the time then. */
    long waitUntil(long deadline) {
        long t = now();
        int spins = 0;
        while (t < deadline) {
            long remaining = deadline - t;
            if (remaining > PARK_ABOVE_NANOS) {
                LockSupport.parkNanos(remaining - PARK_MARGIN_NANOS);
                run.checkAbort();
            } else {
                Thread.onSpinWait();
                if ((++spins & 1023) == 0) {
                    run.checkAbort();
                }
            }
            t = now();
        }
        return t;
    }

    /** Keeps the CPU busy until {@code deadline}; returns the time then. */
    private long busyUntil(long deadline) {
        long t = now();
        int spins = 0;
        while (t < deadline) {
            if ((++spins & 1023) == 0) {
                run.checkAbort();
            }
            t = now();
        }
        return t;
    }
}
