package org.logplab.fft;

import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code cos} and {@code sin} of {@code 2 pi k / span} for {@code k < span/2}: the twiddles of one
 * radix-2 stage of span {@code span}, each computed directly. Shared per span; immutable.
 */
final class HalfTwiddles {
    private static final ConcurrentHashMap<Integer, HalfTwiddles> CACHE = new ConcurrentHashMap<>();

    final double[] cos;
    final double[] sin;

    private HalfTwiddles(int span) {
        int half = span / 2;
        cos = new double[half];
        sin = new double[half];
        for (int k = 0; k < half; k++) {
            double angle = 2 * Math.PI * k / span;
            cos[k] = Math.cos(angle);
            sin[k] = Math.sin(angle);
        }
    }

    /** The table for {@code span}, a power of two {@code >= 2}. */
    static HalfTwiddles of(int span) {
        HalfTwiddles t = CACHE.get(span);
        return t != null ? t : CACHE.computeIfAbsent(span, HalfTwiddles::new);
    }
}
