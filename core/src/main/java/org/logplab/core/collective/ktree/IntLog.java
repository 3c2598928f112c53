package org.logplab.core.collective.ktree;

/**
 * Exact integer logarithms for the bounds of Ding and Li. Floating-point {@code log(x)/log(b)} rounds
 * the wrong way exactly at powers ({@code log(1000)/log(10)} is {@code 2.9999999999999996}), and the
 * bounds' ceilings sit on those powers, so only whole-number arithmetic is used here.
 */
final class IntLog {

    private IntLog() {
    }

    /**
     * {@code ceil(log_base(x))}: the least {@code e >= 0} with {@code base^e >= x}.
     *
     * @throws IllegalArgumentException if {@code base < 2} (base 1 has no logarithm) or {@code x < 1}
     */
    static int ceilLog(long base, long x) {
        if (base < 2 || x < 1) {
            throw new IllegalArgumentException("ceilLog needs base >= 2 and x >= 1, got base " + base + ", x " + x);
        }
        int e = 0;
        long power = 1;
        while (power < x) {
            e++;
            // power * base >= x exactly when power >= ceil(x / base); testing that first avoids overflow.
            if (power >= Math.ceilDiv(x, base)) {
                return e;
            }
            power *= base;
        }
        return e;
    }
}
