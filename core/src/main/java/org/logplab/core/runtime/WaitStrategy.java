package org.logplab.core.runtime;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How a thread of the runtime waits for something another thread will do: spin with
 * {@link Thread#onSpinWait()} for a while, then yield the core for a while, then give up so that
 * the caller blocks (parks until woken); and how it waits for a point in time, parking while it is
 * far and spinning the last stretch. The one home of every wait in the runtime, in the spirit of
 * Agrona's {@code IdleStrategy}:
 *
 * <pre>{@code
 * if (!strategy.await(() -> channel.peek() != null, abort)) {
 *     coordinator.block(...);            // park until a sender wakes us
 * }
 * }</pre>
 *
 * <p>Spinning pays only when the waiting thread has a core to itself (a wall-clock run with a
 * core per processor): a message is then seen within nanoseconds rather than after a wake-up of
 * tens of microseconds. Yielding suits a thread that shares its core with the thread it waits for
 * (a cluster node's transport thread). Immutable and thread-safe.
 */
final class WaitStrategy {
    /** A check made every so often while waiting; it throws to end the wait (the run was aborted). */
    @FunctionalInterface
    interface Abort {
        void check();
    }

    /** Gives up at once: the caller blocks (model clock, virtual threads, more threads than cores). */
    static final WaitStrategy BLOCK = new WaitStrategy(0, 0);

    /** Waits longer than this park; shorter ones spin (Linux parks with tens of microseconds of slack). */
    static final long PARK_ABOVE_NANOS = 200_000;
    private static final long PARK_MARGIN_NANOS = 100_000;
    /** Spins before the first clock read: a message in a stream is usually nanoseconds away. */
    private static final int FAST_SPINS = 256;
    private static final int CHECK_EVERY = 1024;

    private final long spinNanos;
    private final long yieldNanos;
    /** Polled where the wait would yield, or null; true when it handed something over. */
    private final BooleanSupplier poll;

    private WaitStrategy(long spinNanos, long yieldNanos) {
        this(spinNanos, yieldNanos, null);
    }

    private WaitStrategy(long spinNanos, long yieldNanos, BooleanSupplier poll) {
        this.spinNanos = spinNanos;
        this.yieldNanos = yieldNanos;
        this.poll = poll;
    }

    /**
     * Spins for up to {@code spinNanos}, then yields for up to {@code yieldNanos} more, then gives
     * up: a thread that spins while the thread it waits for has lost its core (another program
     * on the host) would otherwise keep that core from it for the whole wait.
     */
    static WaitStrategy spinningThenYielding(long spinNanos, long yieldNanos) {
        return new WaitStrategy(spinNanos, yieldNanos);
    }

    /** Yields the core for up to {@code nanos}, then gives up. */
    static WaitStrategy yielding(long nanos) {
        return new WaitStrategy(0, nanos);
    }

    /**
     * Calls {@code poll} for up to {@code nanos}, yielding the core each time it hands nothing
     * over, then gives up: a wait for a message that the waiting thread fetches itself (from
     * another process's transport) rather than one another thread hands it.
     */
    static WaitStrategy polling(long nanos, BooleanSupplier poll) {
        return new WaitStrategy(0, nanos, poll);
    }

    /** Whether this strategy gives up at once. */
    boolean blocksAtOnce() {
        return spinNanos == 0 && yieldNanos == 0;
    }

    /**
     * Waits until {@code ready} holds (true) or this strategy's time is spent (false: the caller
     * should block). Calls {@code abort} every so often.
     */
    boolean await(BooleanSupplier ready, Abort abort) {
        if (blocksAtOnce()) {
            return ready.getAsBoolean();
        }
        if (spinNanos > 0) {
            for (int i = 0; i < FAST_SPINS; i++) {
                Thread.onSpinWait();
                if (ready.getAsBoolean()) {
                    return true;
                }
            }
        }
        long start = System.nanoTime();
        long spinEnd = start + spinNanos;
        long end = spinEnd + yieldNanos;
        boolean spin = spinNanos > 0;
        for (int i = 1; ; i++) {
            if (spin) {
                Thread.onSpinWait();
            } else if (poll == null || !poll.getAsBoolean()) {
                Thread.yield();
            }
            if (ready.getAsBoolean()) {
                return true;
            }
            if (!spin || (i & (CHECK_EVERY - 1)) == 0) {
                abort.check();
                long now = System.nanoTime();
                if (now - end >= 0) {
                    return false;
                }
                spin = now - spinEnd < 0;
            }
        }
    }

    /**
     * Waits until {@link System#nanoTime()} reaches {@code deadlineNanos}: parks while more than
     * {@link #PARK_ABOVE_NANOS} remain, spins the rest. Returns the time then.
     */
    static long sleepUntil(long deadlineNanos, Abort abort) {
        long t = System.nanoTime();
        int spins = 0;
        while (t - deadlineNanos < 0) {
            long remaining = deadlineNanos - t;
            if (remaining > PARK_ABOVE_NANOS) {
                LockSupport.parkNanos(remaining - PARK_MARGIN_NANOS);
                abort.check();
            } else {
                Thread.onSpinWait();
                if ((++spins & (CHECK_EVERY - 1)) == 0) {
                    abort.check();
                }
            }
            t = System.nanoTime();
        }
        return t;
    }

    /** Keeps the core busy (never parks: busy time is what is being charged) until {@code deadlineNanos}. */
    static long busyUntil(long deadlineNanos, Abort abort) {
        return busyUntil(System.nanoTime(), deadlineNanos, abort);
    }

    /** As {@link #busyUntil(long, Abort)}, the clock having read {@code nowNanos} just now. */
    static long busyUntil(long nowNanos, long deadlineNanos, Abort abort) {
        long t = nowNanos;
        int spins = 0;
        while (t - deadlineNanos < 0) {
            if ((++spins & (CHECK_EVERY - 1)) == 0) {
                abort.check();
            }
            t = System.nanoTime();
        }
        return t;
    }

    @Override
    public String toString() {
        return blocksAtOnce() ? "block" : spinNanos > 0 ? "spin " + spinNanos + " ns"
                : (poll != null ? "poll " : "yield ") + yieldNanos + " ns";
    }
}
