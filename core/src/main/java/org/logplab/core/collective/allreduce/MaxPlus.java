package org.logplab.core.collective.allreduce;

/**
 * A function {@code t -> max(t + shift, floor)} of one start time in max-plus algebra. Every LogP
 * time of a schedule is of this form in the time at which one node may start (sums and maxima
 * only), so a recursion can memoise a whole subtree's timing as two numbers. {@link #NONE} stands
 * for minus infinity. Immutable.
 *
 * @param shift the delay added to the start time, or {@link #NONE}
 * @param floor the time reached regardless of the start time, or {@link #NONE}
 */
record MaxPlus(long shift, long floor) {

    /** Minus infinity, far enough from {@link Long#MIN_VALUE} that adding times cannot overflow. */
    static final long NONE = Long.MIN_VALUE / 4;

    /** {@code t -> t + delay}. */
    static MaxPlus delay(long delay) {
        return new MaxPlus(delay, NONE);
    }

    /** {@code max(f(t), value)}: at least {@code value}. */
    MaxPlus atLeast(long value) {
        return new MaxPlus(shift, Math.max(floor, value));
    }

    /** {@code f(t) + delay}. */
    MaxPlus plus(long delay) {
        return new MaxPlus(add(shift, delay), add(floor, delay));
    }

    /** {@code max(f(t), other(t))}. */
    MaxPlus max(MaxPlus other) {
        return new MaxPlus(Math.max(shift, other.shift), Math.max(floor, other.floor));
    }

    /** {@code f(inner(t))}. */
    MaxPlus after(MaxPlus inner) {
        return new MaxPlus(add(inner.shift, shift), Math.max(add(inner.floor, shift), floor));
    }

    /** {@code f(t)}. */
    long apply(long t) {
        return Math.max(add(t, shift), floor);
    }

    /** {@code a + b}, staying at {@link #NONE} if either is. */
    static long add(long a, long b) {
        return a <= NONE || b <= NONE ? NONE : Math.addExact(a, b);
    }
}
