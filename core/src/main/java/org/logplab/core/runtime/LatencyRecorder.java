package org.logplab.core.runtime;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Message latencies of a machine's runs, reset between runs, recorded without a shared hot spot: up to {@value
 * #STRIPES}
 * processors each own a plain single-writer {@link Histogram}; beyond that, ranks share
 * {@value #STRIPES} {@link ConcurrentHistogram} stripes, so memory stays bounded for a million
 * processors.
 */
final class LatencyRecorder {
    static final int STRIPES = 64;
    private static final int DIGITS = 3;

    private final AbstractHistogram[] stripes;
    private final boolean owned;

    LatencyRecorder(int processors) {
        owned = processors <= STRIPES;
        stripes = new AbstractHistogram[owned ? processors : STRIPES];
        if (!owned) {
            for (int i = 0; i < STRIPES; i++) {
                stripes[i] = new ConcurrentHistogram(DIGITS);
            }
        }
    }

    /**
     * Records one latency (clock units) for a message received by {@code rank}, on that
     * processor's thread. An owned histogram is created by its owner's thread, in that thread's
     * allocation buffer: allocated side by side, two processors' histograms would share cache
     * lines that both write on every message.
     */
    void record(int rank, long value) {
        if (owned) {
            AbstractHistogram h = stripes[rank];
            if (h == null) {
                h = new Histogram(DIGITS);
                stripes[rank] = h;
            }
            h.recordValue(value);
        } else {
            stripes[rank & (STRIPES - 1)].recordValue(value);
        }
    }

    /** Empties every histogram for the next run (between runs: no recorder is running). */
    void reset() {
        for (AbstractHistogram h : stripes) {
            if (h != null && h.getTotalCount() > 0) {
                h.reset();
            }
        }
    }

    /**
     * All latencies in one histogram; call once every recorder has stopped. A run that recorded
     * nothing shares one empty histogram (a new one costs 16 KiB of counts): the caller must not
     * change it ({@link org.logplab.core.RunResult} hands out copies).
     */
    Histogram merged() {
        Histogram total = null;
        for (AbstractHistogram h : stripes) {
            if (h != null && h.getTotalCount() > 0) {
                if (total == null) {
                    total = new Histogram(DIGITS);
                }
                total.add(h);
            }
        }
        return total == null ? EMPTY : total;
    }

    private static final Histogram EMPTY = new Histogram(DIGITS);
}
