package org.logplab.core.measure;

import java.util.Arrays;

/** Order statistics of repeated measurements; medians resist the outliers of a shared machine. */
public final class Stats {
    private Stats() {
    }

    /** The median (the mean of the two middle values for an even count). */
    public static double median(long[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }
}
