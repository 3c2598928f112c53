package org.logplab.bench.cluster;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Why a mean of one-way times stands above their median: the slow few. Takes the times above
 * {@value #SLOW_TIMES_MEDIAN} times the median as outliers (a thread that lost its core, a page
 * fault, a collection) and says how many there were and how much of the total time they carry;
 * with the 99th percentile and the maximum, what the mean is made of.
 *
 * @param p99 the 99th percentile, ns
 * @param max the largest time, ns
 * @param slowPermille the outliers among the times, in thousandths (rounded)
 * @param slowTimePermille the outliers' share of the sum of the times, in thousandths (rounded)
 */
public record OneWayOutliers(long p99, long max, long slowPermille, long slowTimePermille) {
    /** An outlier takes more than this many times the median. */
    public static final int SLOW_TIMES_MEDIAN = 10;

    /** The outliers of {@code oneWay} (times in ns; at least one recorded). */
    public static OneWayOutliers of(Histogram oneWay) {
        long threshold = SLOW_TIMES_MEDIAN * oneWay.getValueAtPercentile(50);
        long slow = 0;
        double slowTime = 0;
        double time = 0;
        for (HistogramIterationValue v : oneWay.recordedValues()) {
            long count = v.getCountAtValueIteratedTo();
            double value = oneWay.medianEquivalentValue(v.getValueIteratedTo());
            time += count * value;
            if (oneWay.lowestEquivalentValue(v.getValueIteratedTo()) > threshold) {
                slow += count;
                slowTime += count * value;
            }
        }
        return new OneWayOutliers(oneWay.getValueAtPercentile(99), oneWay.getMaxValue(),
                Math.round(1000.0 * slow / oneWay.getTotalCount()), Math.round(1000.0 * slowTime / time));
    }
}
