package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** {@link OneWayOutliers}: what lifts a mean above its median, against hand calculation. */
class OneWayOutliersTest {

    @Test
    void oneSlowTimeInAHundredCarriesHalfOfTheTime() {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(1_000, 99);
        h.recordValue(100_000);
        OneWayOutliers o = OneWayOutliers.of(h);
        // median 1,000 ns, so an outlier is over 10,000 ns: the one time of 100,000 ns, 1 in 100 = 10 per mille.
        assertThat(o.slowPermille()).isEqualTo(10);
        // its time: 100,000 of 99 * 1,000 + 100,000 = 199,000 ns, 502.5 per mille (the histogram keeps 3 digits).
        assertThat(o.slowTimePermille()).isCloseTo(503, within(1L));
        // 99 of the 100 times are 1,000 ns: so is the 99th percentile; the maximum is the slow one, to 3 digits.
        assertThat(o.p99()).isEqualTo(1_000);
        assertThat(o.max()).isCloseTo(100_000, within(100L));
    }

    @Test
    void timesWithinTenfoldOfTheMedianAreNoOutliers() {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(1_000, 50);
        h.recordValueWithCount(9_000, 50);
        // median: 1,000 or 9,000 (the 50th percentile sits at the boundary); 9,000 is below 10x 1,000 either way.
        assertThat(OneWayOutliers.of(h).slowPermille()).isZero();
        assertThat(OneWayOutliers.of(h).slowTimePermille()).isZero();
    }
}
