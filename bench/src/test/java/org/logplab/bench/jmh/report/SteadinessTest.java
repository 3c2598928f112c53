package org.logplab.bench.jmh.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.bench.jmh.report.Steadiness.Verdict;
import org.logplab.bench.output.JsonLines;

/** The verdicts on per-fork means, each worked out by hand from the rule in {@link Steadiness}. */
class SteadinessTest {

    @Test
    void forksWithinTenPercentOfEachOtherAreSteady() {
        // sorted 98, 100, 101, 104, 107: max / min = 107 / 98 = 1.0918 <= 1.10
        Steadiness s = Steadiness.judge(100, 104, 98, 107, 101);
        assertThat(s.verdict()).isEqualTo(Verdict.STEADY);
        assertThat(s.spread()).isCloseTo(107.0 / 98, within(1e-12));
        assertThat(s.modes()).isEmpty();
        assertThat(s.median()).isEqualTo(101.0);
        // 100 and 111: 1.11 > 1.10, two forks cannot be bimodal
        assertThat(Steadiness.judge(100, 111).verdict()).isEqualTo(Verdict.UNSTEADY);
        assertThat(Steadiness.judge(100, 110).verdict()).isEqualTo(Verdict.STEADY);
    }

    @Test
    void forksSpreadWithoutTwoCleanGroupsAreUnsteady() {
        // the raw side of a real run: sorted 100, 155, 185, 257, 402; neighbours' ratios 1.55, 1.19, 1.39,
        // 1.56; the largest gap (402 / 257) leaves 100..257 below it, 2.57x apart: no clean group
        Steadiness s = Steadiness.judge(257, 402, 185, 100, 155);
        assertThat(s.verdict()).isEqualTo(Verdict.UNSTEADY);
        assertThat(s.spread()).isCloseTo(4.02, within(1e-12));
        // sorted 100, 101, 102, 125, 127: two steady groups, but only 125 / 102 = 1.23x apart: not more than 1.3x
        assertThat(Steadiness.judge(100, 102, 125, 127, 101).verdict()).isEqualTo(Verdict.UNSTEADY);
    }

    @Test
    void twoSteadyGroupsMoreThanOnePointThreeApartAreBimodal() {
        // sorted 118 (fork 3), 120 (1), 125 (4), 470 (5), 480 (2): the largest gap 470 / 125 = 3.76 > 1.3;
        // below it 125 / 118 = 1.059, above it 480 / 470 = 1.021, both <= 1.10
        Steadiness s = Steadiness.judge(120, 480, 118, 125, 470);
        assertThat(s.verdict()).isEqualTo(Verdict.BIMODAL);
        assertThat(s.spread()).isCloseTo(480.0 / 118, within(1e-12));
        assertThat(s.modes()).hasSize(2);
        assertThat(s.modes().get(0).forks()).containsExactly(1, 3, 4);
        assertThat(s.modes().get(0).median()).isEqualTo(120.0);
        assertThat(s.modes().get(1).forks()).containsExactly(2, 5);
        assertThat(s.modes().get(1).median()).isEqualTo(475.0); // (470 + 480) / 2
        // a time: the lower mode is the faster; a throughput: the higher
        assertThat(s.fasterMode(true).median()).isEqualTo(120.0);
        assertThat(s.fasterMode(false).median()).isEqualTo(475.0);
    }

    @Test
    void aModeMayBeOneForkButTwoForksAreNeverBimodal() {
        // 100, 104 and 200: gap 200 / 104 = 1.92, groups 1.04 and 1
        Steadiness s = Steadiness.judge(100, 200, 104);
        assertThat(s.verdict()).isEqualTo(Verdict.BIMODAL);
        assertThat(s.modes().get(1).forks()).containsExactly(2);
        assertThat(Steadiness.judge(100, 200).verdict()).isEqualTo(Verdict.UNSTEADY);
        assertThatThrownBy(() -> Steadiness.judge(100)).hasMessageContaining("two forks or more");
    }

    @Test
    void theForkMeansComeFromRawDataAndOneForkSaysNothing() throws Exception {
        // fork 1: (1 + 2 + 3) / 3 = 2; fork 2: (4 + 6) / 2 = 5
        String two = "{\"primaryMetric\":{\"rawData\":[[1,2,3],[4,6]]}}";
        assertThat(Steadiness.forkMeans(JsonLines.MAPPER.readTree(two))).containsExactly(2.0, 5.0);
        assertThat(Steadiness.of(JsonLines.MAPPER.readTree(two)).spread()).isEqualTo(2.5);
        assertThat(Steadiness.of(JsonLines.MAPPER.readTree("{\"primaryMetric\":{\"rawData\":[[1,2,3]]}}")))
                .isNull();
        assertThat(Steadiness.of(JsonLines.MAPPER.readTree("{\"primaryMetric\":{\"score\":1}}"))).isNull();
        assertThat(List.of(Verdict.values()).stream().map(Verdict::word))
                .containsExactly("steady", "unsteady", "bimodal");
    }
}
