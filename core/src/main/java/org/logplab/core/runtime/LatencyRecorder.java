package org.logplab.core.runtime;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Message latencies of one run, recorded without a shared hot spot: up to {@value #STRIPES}
 * processors each own a plain single-writer {@link Histogram}; beyond that, ranks share
 * {@value #STRIPES} {@link ConcurrentHistogram} stripes, so memory stays bounded for a million
 * processors.
 */
final class LatencyRecorder {
    static final int STRIPES = 64;
    private static final int DIGITS = 3;

    private final AbstractHistogram[] stripes;
    private final int mask;

    LatencyRecorder(int processors) {
        boolean owned = processors <= STRIPES;
        stripes = new AbstractHistogram[owned ? processors : STRIPES];
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = owned ? new Histogram(DIGITS) : new ConcurrentHistogram(DIGITS);
        }
        mask = owned ? -1 : STRIPES - 1;
    }

    /** Records one latency (clock units) for a message received by {@code rank}. */
    void record(int rank, long value) {
        stripes[mask == -1 ? rank : rank & mask].recordValue(value);
    }

    /** All latencies in one histogram; call once every recorder has stopped. */
    Histogram merged() {
        Histogram total = new Histogram(DIGITS);
        for (AbstractHistogram h : stripes) {
            total.add(h);
        }
        return total;
    }
}
