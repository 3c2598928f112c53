package org.logplab.bench.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.logplab.bench.report.LineChart;

/** The FFT sweep's outliers, by the rule the report states, and the FFT plots' colours. */
class FftOutliersTest {

    private static Map<String, Object> row(String engine, int log2N, double speedup) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("n", 1 << log2N);
        r.put("p", 2);
        r.put("engine", engine);
        r.put("speedup", speedup);
        r.put("gflops", speedup);
        return r;
    }

    /** The run the issue saw: forkjoin 1.30-1.37 around 2^15, where one run measured 0.061. */
    private static List<Map<String, Object>> sweep(double at15) {
        List<Map<String, Object>> rows = new ArrayList<>();
        double[] forkjoin = {0.9, 1.1, 1.30, at15, 1.37, 1.40};
        // logp rises steeply at small N (each step more than twice the last): a curve, not an outlier
        double[] logp = {0.01, 0.03, 0.10, 0.35, 0.8, 1.2};
        for (int i = 0; i < forkjoin.length; i++) {
            rows.add(row("forkjoin", 12 + i, forkjoin[i]));
            rows.add(row("logp", 12 + i, logp[i]));
        }
        return rows;
    }

    @Test
    void aDipOrASpikeAgainstBothNeighboursIsAnOutlierASteepCurveIsNot() {
        assertThat(FftOutliers.of(sweep(1.33))).isEmpty();
        // 0.061 * 2 = 0.122 < min(1.30, 1.37): a dip
        List<Map<String, Object>> dip = FftOutliers.of(sweep(0.061));
        assertThat(dip).hasSize(1);
        assertThat(dip.get(0)).containsEntry("engine", "forkjoin").containsEntry("n", 1 << 15);
        // 2.8 > 2 * max(1.30, 1.37) = 2.74: a spike; 2.7 is not
        assertThat(FftOutliers.of(sweep(2.8))).hasSize(1);
        assertThat(FftOutliers.of(sweep(2.7))).isEmpty();
        // the ends have one neighbour and are not judged
        List<Map<String, Object>> ends = sweep(1.33);
        ends.get(0).put("speedup", 0.001);
        assertThat(FftOutliers.of(ends)).isEmpty();
    }

    @Test
    void eachEngineHasTheSameColourInBothFftChartsAndOutliersAreMarked() {
        List<Map<String, Object>> rows = sweep(0.061);
        rows.forEach(r -> r.put("machine_predicted_speedup", "logp".equals(r.get("engine")) ? 1.0 : null));
        rows.add(row("jtransforms", 12, 1.5));
        rows.add(row("jtransforms", 13, 1.6));
        List<Map<String, Object>> outliers = FftOutliers.of(rows);
        LineChart[] charts = FftStep.charts(rows, outliers);
        for (String engine : List.of("logp", "forkjoin", "jtransforms")) {
            assertThat(charts[0].colour(engine + " measured")).as(engine).isEqualTo(charts[1].colour(engine));
        }
        assertThat(charts[0].colour("logp machine model")).isEqualTo(charts[1].colour("logp"));
        assertThat(charts[1].colour("logp")).isNotEqualTo(charts[1].colour("forkjoin"));
        assertThat(charts[0].colour("outlier, measured twice")).isNotNull();
    }
}
