package org.logplab.bench.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.logplab.bench.report.Headline;

/** The demo's findings computed from hand-made rows: the figure each line quotes and its verdict. */
class DemoFindingsTest {

    private static Map<String, Object> row(Object... keysAndValues) {
        Map<String, Object> r = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            r.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return r;
    }

    @Test
    void fftQuotesTheMasterWorkerSpeedupAtTheLargestNBesideItsModel() {
        List<Map<String, Object>> rows = List.of(
                row("n", 4096, "p", 2, "engine", "logp", "speedup", 0.9, "machine_predicted_speedup", 0.95),
                row("n", 1 << 20, "p", 2, "engine", "logp", "speedup", 1.85, "machine_predicted_speedup", 1.80),
                row("n", 1 << 20, "p", 2, "engine", "forkjoin", "speedup", 1.9, "machine_predicted_speedup", null));
        Headline h = DemoFindings.fft(rows);
        assertThat(h.section()).isEqualTo("FFT");
        assertThat(h.headline()).isEqualTo("on 2 cores at N = 2^20: logp engine speedup 1.85, machine model 1.80;"
                + " fastest engine forkjoin, speedup 1.90");
        // |1.85 - 1.80| / 1.80 = 2.8 %
        assertThat(h.verdict()).isEqualTo("model within 3 %");
        assertThat(h.ok()).isTrue();
        List<Map<String, Object>> off = List.of(row("n", 65536, "p", 2, "engine", "logp", "speedup", 0.04,
                "machine_predicted_speedup", 1.65));
        // |0.04 - 1.65| / 1.65 = 97.6 %
        assertThat(DemoFindings.fft(off).verdict()).isEqualTo("model off by 98 %");
        assertThat(DemoFindings.fft(off).ok()).isFalse();
    }

    @Test
    void fftGivesTheSpeedupOverTheBestSerialCodeAndSaysWhichIsQuoted() {
        // logp at 2^20: 1,000 us on 2 cores; ours 1,850 us (speedup 1.85), FFTW 950 us: 950 / 1,000 = 0.95.
        List<Map<String, Object>> rows = List.of(row("n", 1 << 20, "p", 2, "engine", "logp", "speedup", 1.85,
                "machine_predicted_speedup", 1.80, "best_serial_ns", 950_000L, "best_serial_engine", "fftw",
                "speedup_vs_best", 0.95));
        assertThat(DemoFindings.fft(rows).headline()).isEqualTo("on 2 cores at N = 2^20: logp engine speedup 1.85,"
                + " machine model 1.80; fastest engine logp, speedup 1.85; logp 0.95 over the best serial code (fftw);"
                + " the speedups quoted are over our serial FFT, the algorithm's scaling that the models predict");
        Map<String, Object> ours = new LinkedHashMap<>(rows.get(0));
        ours.put("best_serial_engine", "serial");
        ours.put("speedup_vs_best", 1.85);
        assertThat(DemoFindings.fft(List.of(ours)).headline()).contains("logp 1.85 over the best serial code (our"
                + " serial FFT)");
    }

    @Test
    void fftNamesAPointMeasuredAgainAndTurnsToAttentionOnAnOutlierThatStays() {
        Map<String, Object> again = row("n", 1 << 15, "p", 2, "engine", "forkjoin", "speedup", 1.31,
                "first_speedup", 0.061, "measured_again", true);
        List<Map<String, Object>> rows = List.of(again,
                row("n", 1 << 16, "p", 2, "engine", "logp", "speedup", 1.0, "machine_predicted_speedup", 1.0));
        Headline h = DemoFindings.fft(rows);
        assertThat(h.headline()).endsWith("; measured again, an outlier no more: forkjoin at 2^15 (0.061, then 1.31)");
        assertThat(h.verdict()).isEqualTo("model within 0 %");
        assertThat(h.ok()).isTrue();
        // the same point an outlier after its second measurement too: marked, and the verdict asks attention
        Map<String, Object> stays = new LinkedHashMap<>(again);
        stays.put("speedup", 0.07);
        stays.put("outlier", true);
        Headline o = DemoFindings.fft(List.of(stays, rows.get(1)));
        assertThat(o.ok()).isFalse();
        assertThat(o.verdict()).isEqualTo("model within 0 %; 1 outlier (a speedup below half or above twice both"
                + " neighbours in N), measured twice and marked: forkjoin at 2^15 (0.07)");
    }

    @Test
    void multicastCountsExactModelTimesAndJudgesOnlyTheRowsThatFitTheCores() {
        List<Map<String, Object>> model = new ArrayList<>();
        for (int p : new int[] {2, 4}) {
            model.add(row("algo", "binomial", "P", p, "time", 10 * p, "predicted", 10 * p));
            model.add(row("algo", "optimal", "P", p, "time", 8 * p, "predicted", 8 * p));
        }
        List<Map<String, Object>> wall = List.of(
                row("algo", "binomial", "P", 2, "ratio", 1.05, "oversubscribed", false, "disturbed", false),
                row("algo", "binomial", "P", 4, "ratio", 9.9, "oversubscribed", true, "disturbed", null));
        List<Map<String, Object>> sweep = List.of(row("P", 64, "ratio", 0.1, "winner", "fibonacci"),
                row("P", 64, "ratio", 0.4, "winner", "fibonacci"), row("P", 64, "ratio", 0.5, "winner", "binomial"));
        Headline h = DemoFindings.multicast(model, wall, sweep);
        assertThat(h.headline())
                .isEqualTo("every model time equals its prediction (4 of 4), the optimal tree never slower (2 of 2 P);"
                + " Fibonacci beats binomial up to max(g, o)/(L + 2o) = 0.4 at P = 64; wall clock within tolerance in 1"
                + " of 1 rows that fit the cores");
        assertThat(h.verdict()).isEqualTo("as predicted");
        Headline counted = DemoFindings.multicast(model, List.of(
                row("algo", "binomial", "P", 2, "reps", 30, "oversubscribed", false, "disturbed", false),
                row("algo", "optimal", "P", 2, "reps", 29, "oversubscribed", false, "disturbed", false)), sweep);
        assertThat(counted.headline()).endsWith("; wall clock within tolerance in 2 of 2 rows that fit the cores"
                + " (medians of 29 repetitions or more, after a warm-up)");

        model.set(0, row("algo", "binomial", "P", 2, "time", 21, "predicted", 20));
        Headline wrong = DemoFindings.multicast(model, List.of(row("P", 2, "oversubscribed", false, "disturbed", true)),
                List.of());
        assertThat(wrong.ok()).isFalse();
        assertThat(wrong.headline()).startsWith("3 of 4 model times equal their prediction");
        assertThat(wrong.verdict())
                .isEqualTo("1 model times differ from their prediction; wall clock disturbed in 1 of 1 rows");
    }

    @Test
    void broadcastSaysWhichWallRowWasDisturbedAndTheLoad() {
        List<Map<String, Object>> wall = List.of(
                row("P", 2, "p50_ns", 9_076_942L, "predicted_ns", 70_000L, "oversubscribed", false, "disturbed", true,
                "load_avg_1m", 1.95),
                row("P", 8, "p50_ns", 2_314_582L, "predicted_ns", 210_000L, "oversubscribed", true, "disturbed", null));
        Headline h = DemoFindings.broadcast(8, 30, 30, wall);
        // 9,076,942 / 70,000 = 129.67; 2,314,582 / 210,000 = 11.02
        assertThat(h.headline()).isEqualTo("binary tree on 8 processors: model time 30 = prediction 30; wall clock"
                + " 129.67x the prediction on 2, 11.02x on 8 (oversubscribed)");
        assertThat(h.verdict()).isEqualTo("disturbed: 129.7x on 2 processors, load average 1.95");
        assertThat(h.ok()).isFalse();
        Headline quiet = DemoFindings.broadcast(8, 30, 30, List.of(row("P", 2, "p50_ns", 73_330L, "predicted_ns",
                70_000L,
                "oversubscribed", false, "disturbed", false)));
        assertThat(quiet.verdict()).isEqualTo("as predicted");
    }

    @Test
    void loadBalancingNamesTheBestPolicyAtTheHighestLoadAndItsGainOverNone() {
        List<Map<String, Object>> sweep = List.of(
                row("cost_setting", "2/0/1", "load", 50, "policy", "none", "mean_response", 200.0),
                row("cost_setting", "2/0/1", "load", 90, "policy", "none", "mean_response", 300.0),
                row("cost_setting", "2/0/1", "load", 90, "policy", "bidirectional", "mean_response", 230.0),
                row("cost_setting", "2/0/1", "load", 90, "policy", "light", "mean_response", 260.0),
                row("cost_setting", "10/2/4", "load", 90, "policy", "light", "mean_response", 100.0));
        List<Map<String, Object>> seed = List.of(row("policy", "none", "makespan", 2035, "ideal_makespan", 1000.0),
                row("policy", "light", "makespan", 1080, "ideal_makespan", 1000.0));
        Headline h = DemoFindings.balance(sweep, seed);
        // 300 / 230 = 1.304; 1080 / 1000 = 8 % above the ideal
        assertThat(h.headline())
                .isEqualTo("lowest mean response at 90 % load (L/o/g = 2/0/1): bidirectional, 1.30x better than none;"
                + " seed scenario: light within 8 % of the ideal makespan");
        assertThat(h.verdict()).isEqualTo("balancing pays");
    }

    @Test
    void summationGossipAndAmdahl() {
        Headline s = DemoFindings.summation(8, List.of(row("N", 8, "time", 7, "predicted", 7, "naive_reduce_time", 30),
                row("N", 1000, "time", 144, "predicted", 144, "naive_reduce_time", 154)));
        // 154 / 144 = 1.069
        assertThat(s.headline()).isEqualTo("optimal summation on 8 processors: run equals plan at 2 of 2 N; at N ="
                + " 1,000 it takes 144 against the naive reduce's 154 (1.07x faster)");
        assertThat(s.verdict()).isEqualTo("as the theory says");

        Headline g = DemoFindings.gossip(
                List.of(row("algo", "seed", "n", 12, "steps", 88, "lower_bound", 78),
                row("algo", "improved", "n", 12, "steps", 79, "lower_bound", 78)),
                List.of(row("m", 1, "n", 64, "k", 2, "rounds", 6, "lower_bound", 4, "upper_bound", 8),
                        row("m", 2, "n", 64, "k", 2, "rounds", 9, "lower_bound", 4, "upper_bound", 8)));
        assertThat(g.headline()).contains("at most 1 steps above the lower bound (Wang and Ying's schedule: 10)",
                "for 1 of 2 message counts");
        assertThat(g.verdict()).isEqualTo("1 k-tree round counts outside the bounds");
        assertThat(g.ok()).isFalse();

        List<Map<String, Object>> amdahl = List.of(row("p", 1, "speedup", 1.0), row("p", 2, "speedup", 1.8),
                row("p", 3, "speedup", 1.6, "oversubscribed", true));
        Headline a = DemoFindings.amdahl(1 << 18, amdahl, 0.1, 2);
        assertThat(a.headline())
                .isEqualTo("fork/join FFT, N = 2^18, 1-3 threads on 2 cores: best speedup 1.80 at P = 2; 1.60 at P = 3"
                + " (oversubscribed); fitted serial fraction F = 0.1");
        assertThat(a.verdict()).isEqualTo("peaks within the 2 cores");
        Headline implausible = DemoFindings.amdahl(1 << 18, amdahl, 1.9, 2);
        assertThat(implausible.verdict()).isEqualTo("the fit is implausible: a serial fraction must lie in [0, 1]");
        // the best at the most threads is said once
        Headline rising = DemoFindings.amdahl(1 << 18, List.of(row("p", 1, "speedup", 1.0), row("p", 2, "speedup",
                1.8)), 0.1, 2);
        assertThat(rising.headline()).isEqualTo("fork/join FFT, N = 2^18, 1-2 threads on 2 cores: best speedup 1.80 at"
                + " P = 2; fitted serial fraction F = 0.1");
    }

    /** A quick demo on an idle 2-core host: 3 rounds per thread count, 8 thread counts. */
    private static List<Map<String, Object>> twoCores(double p1, double p7Low, double p7Median, double p7High) {
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(row("p", 1, "speedup", p1, "speedup_min", 0.97, "speedup_max", p1, "rounds", 3, "oversubscribed",
                false));
        rows.add(row("p", 2, "speedup", 1.81, "speedup_min", 1.75, "speedup_max", 1.85, "rounds", 3,
                "oversubscribed", false));
        for (int p = 3; p <= 8; p++) {
            boolean seven = p == 7;
            rows.add(row("p", p, "speedup", seven ? p7Median : 1.70, "speedup_min", seven ? p7Low : 1.60,
                    "speedup_max", seven ? p7High : 1.78, "rounds", 3, "oversubscribed", true));
        }
        return rows;
    }

    @Test
    void amdahlLooksForTheBestWithinTheCoresAndCallsAHigherOversubscribedMedianInsideTheSpreadNoise() {
        // P = 7 on 2 cores: median 1.83 above P = 2's 1.81, but its rounds (1.70-1.90) overlap P = 2's (1.75-1.85)
        Headline noise = DemoFindings.amdahl(1 << 18, twoCores(1.0, 1.70, 1.83, 1.90), 0.08, 2);
        assertThat(noise.headline()).isEqualTo("fork/join FFT, N = 2^18, 1-8 threads on 2 cores: best speedup 1.81 at"
                + " P = 2 (1.75-1.85 over 3 rounds); 1.70 at P = 8 (oversubscribed); fitted serial fraction F = 0.08");
        assertThat(noise.ok()).isTrue();
        assertThat(noise.verdict()).isEqualTo("peaks within the 2 cores; a higher median beyond them is within noise,"
                + " inside the spread of the rounds: P = 7 (oversubscribed) 1.70-1.90 against 1.75-1.85 at P = 2");
        // P = 1 measured at 1.44 (serial against itself, a slow first round): not a speedup, not the best
        assertThat(DemoFindings.amdahl(1 << 18, twoCores(1.44, 1.70, 1.83, 1.90), 0.08, 2).headline())
                .contains("best speedup 1.81 at P = 2");
        // P = 7's slowest round (1.95) beats P = 2's fastest (1.85): beyond the spread, worth a look
        Headline beyond = DemoFindings.amdahl(1 << 18, twoCores(1.0, 1.95, 2.0, 2.05), 0.08, 2);
        assertThat(beyond.ok()).isFalse();
        assertThat(beyond.verdict()).isEqualTo("faster beyond the 2 cores, beyond the spread of the rounds: P = 7"
                + " (oversubscribed) 1.95-2.05 against 1.75-1.85 at P = 2");
    }

    @Test
    void hostSaysSuspectWithTheReasons() {
        HostFigures busy = new HostFigures(0, -210, 205, -45, 262, 24.5, 6419);
        Headline h = DemoFindings.host(busy, busy.problems(), 2, 3);
        assertThat(h.headline())
                .isEqualTo("in-process threads on 2 cores, nothing injected: L 0 ns, o 205 ns, g -45 ns; Hockney t0 262"
                + " ns, r_inf 24.50 GB/s, m_half 6,419 B");
        assertThat(h.verdict()).isEqualTo("suspect after 3 measurements: g = -45 ns is negative; L came out negative"
                + " (PRTT(1,0)/2 - 2o = -210 ns) and was clamped to 0");
        assertThat(h.ok()).isFalse();
        assertThat(h.text()).startsWith("! This host: in-process threads");
        HostFigures quiet = new HostFigures(169, 169, 124, 250, 262, 24.5, 6419);
        assertThat(DemoFindings.host(quiet, quiet.problems(), 2, 1).verdict()).isEqualTo("plausible");
    }
}
