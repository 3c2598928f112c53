package org.logplab.core.runtime;

import org.logplab.core.LogP;

/**
 * Exact LogP time in integer model units. Nothing waits: each operation only advances this
 * processor's own counter, so the times depend on the program and the parameters alone.
 */
final class ModelClock extends Clock {
    private long now;

    @Override
    void reset(LogP runParams) {
        super.reset(runParams);
        now = 0;
    }

    @Override
    long now() {
        return now;
    }

    @Override
    long send(int bytes) {
        long start = Math.max(now, nextSendAt);
        now = Math.addExact(start, params.sendBusy(bytes));
        nextSendAt = start + params.g();
        lastArrival = Math.addExact(now, params.L());
        lastEnd = now;
        return start;
    }

    @Override
    long receive(long arrival) {
        long start = Math.max(Math.max(now, nextRecvAt), arrival);
        now = Math.addExact(start, params.o());
        nextRecvAt = start + params.g();
        lastEnd = now;
        return start;
    }

    @Override
    void idleUntil(long time) {
        now = Math.max(now, time);
    }

    @Override
    void compute(long units) {
        now = Math.addExact(now, units);
        lastEnd = now;
    }
}
