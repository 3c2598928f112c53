package org.logplab.balance.worker;

import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * A node's processor as its worker uses it, with the time at the end of the node's last operation
 * on it (a compute, send, receive or wait) kept at hand, in clock units. Between operations only
 * the node's own bookkeeping runs, which the model clock does not count: there {@link #now()} is
 * exactly the processor's time. Under the wall clock it lags real time by that bookkeeping, and
 * saves a clock read at each of the many places per task that ask for the time (loads, estimates,
 * policies). Used on the node's own thread only.
 */
final class NodeProcessor {
    private final Processor processor;
    private long now;

    /** The node on {@code processor}; {@link #now()} is 0 until the first operation or {@link #readClock()}. */
    NodeProcessor(Processor processor) {
        this.processor = processor;
    }

    /** This node's rank. */
    int rank() {
        return processor.rank();
    }

    /** The number of nodes. */
    int size() {
        return processor.size();
    }

    /** The run's LogP parameters, clock units. */
    LogP params() {
        return processor.params();
    }

    /** The time at the end of the node's last operation (or clock read), clock units. */
    long now() {
        return now;
    }

    /** Reads the processor's clock: {@link #now()} is the processor's time. */
    void readClock() {
        now = processor.now();
    }

    /** Sends as {@link Processor#send(int, int, Object, int)} does (a send takes {@code o} and more). */
    void send(int dst, int tag, Object payload, int bytes) {
        processor.send(dst, tag, payload, bytes);
        now = processor.now();
    }

    /** Computes for {@code units} clock units. */
    void compute(long units) {
        processor.compute(units);
        now = processor.now();
    }

    /**
     * A message that has arrived by now, or null, as {@link Processor#pollAny()}. Leaves
     * {@link #now()} as it was: under the wall clock the poll reads no clock when nothing has
     * arrived, and a caller that handles the message it got reads the clock first.
     */
    Message pollAny() {
        return processor.pollAny();
    }

    /**
     * The earliest message that arrives by {@code deadline}, waiting for it, or null if none does
     * ({@link Processor#recvAnyBy}); {@code Long.MAX_VALUE} waits for the next message whenever it
     * comes ({@link Processor#recvAny}). A message costs a clock read; none means the processor
     * idled until {@code max(now, deadline)}, known without one.
     */
    Message receiveBy(long deadline) {
        Message m = deadline == Long.MAX_VALUE ? processor.recvAny() : processor.recvAnyBy(deadline);
        now = m != null ? processor.now() : Math.max(now, deadline);
        return m;
    }
}
