package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The legend under a multi-process run's ranks says what each job's result column holds. */
class ResultLegendTest {

    @Test
    void theResultColumnOfTheDigestJobsIsExplained() {
        assertThat(ResultLegend.of(ClusterJob.FFT)).contains("digest = 31 x digest + the 64 bits of each double");
        assertThat(ResultLegend.of(ClusterJob.BALANCE)).contains("digest = 31 x digest + id");
    }
}
