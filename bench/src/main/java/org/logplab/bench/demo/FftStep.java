package org.logplab.bench.demo;

import static org.logplab.bench.demo.Tables.column;
import static org.logplab.bench.demo.Tables.where;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.logplab.bench.experiment.fft.BestSerial;
import org.logplab.bench.experiment.fft.FftEngine;
import org.logplab.bench.experiment.fft.FftSweep;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Progress;
import org.logplab.bench.report.LineChart;

/**
 * The tour's FFT: each engine's dual-core speedup over our serial FFT, as {@code logplab fft}
 * measures it, beside the models, and over the best serial code measured at each N
 * ({@link BestSerial}: ours, JTransforms on one thread or FFTW where it is installed, timed in a
 * serial sweep of their own); an outlier ({@link FftOutliers}) is measured again once and marked
 * if it still is one.
 */
final class FftStep {
    private static final List<String> ENGINES = List.of("logp", "logp-distributed", "forkjoin", "jtransforms");
    /** The serial peers, timed on one core beside our serial FFT (FFTW where it is installed). */
    private static final List<FftEngine> SERIAL_PEERS = List.of(FftEngine.JTRANSFORMS, FftEngine.FFTW);
    /** The most outliers measured again in one tour. */
    private static final int AGAIN = 3;

    private FftStep() {
    }

    static void run(TourContext ctx) throws Exception {
        List<Integer> fftSizes = new ArrayList<>();
        for (int n = 1 << 12; n <= (ctx.quick ? 1 << 16 : 1 << 20); n *= 2) {
            fftSizes.add(n);
        }
        int reps = ctx.quick ? 5 : 9;
        List<Map<String, Object>> fft = Tables.maps(new FftSweep(fftSizes, List.of(2),
                ENGINES.stream().map(FftEngine::parse).toList(), reps, false)
                .run(Progress.silent(), ctx::note).rows());
        // The serial peers on one thread: the baselines of the speedup over the best serial code.
        List<Map<String, Object>> serial = Tables.maps(new FftSweep(fftSizes, List.of(1), SERIAL_PEERS, reps, false)
                .run(Progress.silent(), ctx::note).rows());
        List<Map<String, Object>> outliers = measureAgain(ctx, fft, reps);
        List<Map<String, Object>> all = new ArrayList<>(fft);
        all.addAll(serial);
        Map<Integer, BestSerial> best = BestSerial.annotate(all);
        ctx.report().section(DemoFindings.FFT,
                "Each engine on 2 cores against our serial FFT, timed in alternation: the master/worker FFT and the"
                + " butterfly exchange on data already distributed, both on the LogP runtime, our fork/join FFT and"
                + " JTransforms. GFLOPS = 5 N log2 N / t. The machine model predicts the runtime engines from"
                + " microbenchmarks of their pieces (local FFTs side by side, the exchange's passes over memory, the"
                + " scatter and gather), never from these runs; the seed paper's model (the 2009 modelling-contest"
                + " paper on the dual-core FFT) from t_elem and a ping-pong fit. Each speedup is shown twice: over our"
                + " serial FFT (the algorithm's scaling, what the models predict and the findings quote) and over the"
                + " best serial code measured at that N (" + baselines(best) + "), the one to quote beside other"
                + " tools.");
        if (!outliers.isEmpty()) {
            ctx.report().warning("Outliers (" + FftOutliers.RULE + "), measured twice and marked in the table and the"
                    + " plot: " + outliers.stream().map(FftStep::name).collect(Collectors.joining(", ")));
        }
        ctx.report().table("fft.json", fft,
                "Dual-core speedup (over our serial FFT, and over the best serial code: speedup_vs_best), efficiency"
                + " and GFLOPS per N and engine beside the models' predictions; an outlier"
                + " (" + FftOutliers.RULE + ") is measured again once, and marked if it still is one");
        ctx.report().table("fft-serial.json", serial,
                "The serial codes on one core against our serial FFT at each N (speedup: ours / theirs); the least time"
                + " at each N, ours or theirs, is the baseline of the speedup over the best serial code");
        LineChart[] charts = charts(fft, outliers);
        ctx.report().plot("fft-speedup.png", charts[0],
                "Measured dual-core speedup of each engine, and the machine model's prediction for the LogP engines"
                + (outliers.isEmpty() ? "" : "; crosses mark the outliers"));
        ctx.report().plot("fft-speedup-best.png", charts[2], "Measured dual-core speedup of each engine over the best"
                + " serial code measured at each N (" + baselines(best) + ")");
        ctx.report().plot("fft-gflops.png", charts[1], "GFLOPS of each engine on 2 cores");
        ctx.headlines.add(DemoFindings.fft(fft));
    }

    /**
     * The speedup chart over our serial FFT (measured, each runtime engine's machine model, the
     * outliers), the GFLOPS chart and the speedup chart over the best serial code (rows with
     * {@code speedup_vs_best}).
     */
    static LineChart[] charts(List<Map<String, Object>> fft, List<Map<String, Object>> outliers) {
        LineChart speedupChart = new LineChart("FFT speedup on 2 cores over our serial FFT", "log2 N", "speedup")
                .integerX().yFromZero();
        LineChart bestChart = new LineChart("FFT speedup on 2 cores over the best serial code", "log2 N", "speedup")
                .integerX().yFromZero();
        LineChart gflopsChart = new LineChart("FFT GFLOPS on 2 cores", "log2 N", "GFLOPS (5 N log2 N / t)").integerX()
                .yFromZero();
        for (String engine : ENGINES) {
            List<Map<String, Object>> rows = where(fft, "engine", engine);
            if (rows.isEmpty()) {
                continue;
            }
            double[] logN = log2N(rows);
            speedupChart.line(engine + " measured", logN, column(rows, "speedup"));
            gflopsChart.line(engine, logN, column(rows, "gflops"));
            bestChart.line(engine + " over the best serial", logN, column(rows, "speedup_vs_best"));
            if (rows.stream().allMatch(r -> r.get("machine_predicted_speedup") != null)) {
                speedupChart.modelOf(engine + " machine model", logN, column(rows, "machine_predicted_speedup"));
            }
        }
        if (!outliers.isEmpty()) {
            speedupChart.flagged("outlier, measured twice", log2N(outliers), column(outliers, "speedup"));
        }
        return new LineChart[] {speedupChart, gflopsChart, bestChart};
    }

    /**
     * Measures each outlier again, once (at most {@value #AGAIN}: the time stays bounded), and puts
     * the new row in its place with the first speedup beside it ({@code first_speedup},
     * {@code measured_again}); returns the rows that are outliers still, marked {@code outlier}.
     */
    private static List<Map<String, Object>> measureAgain(TourContext ctx, List<Map<String, Object>> fft, int reps) {
        List<Map<String, Object>> suspects = FftOutliers.of(fft);
        for (Map<String, Object> suspect : suspects.subList(0, Math.min(AGAIN, suspects.size()))) {
            ctx.note("FFT: " + name(suspect) + " is an outlier (" + FftOutliers.RULE + "): measuring it again");
            Map<String, Object> again = Tables.maps(new FftSweep(List.of(((Number) suspect.get("n")).intValue()),
                    List.of(2), List.of(FftEngine.parse((String) suspect.get("engine"))), reps, false)
                    .run(Progress.silent(), ctx::note).rows()).get(0);
            again.put("first_speedup", suspect.get("speedup"));
            again.put("measured_again", true);
            fft.set(fft.indexOf(suspect), again);
        }
        List<Map<String, Object>> still = FftOutliers.of(fft);
        still.forEach(r -> r.put("outlier", true));
        return still;
    }

    /** The best serial code at each N, in words: {@code fftw at 2^12, 2^14; our serial FFT at 2^16}. */
    static String baselines(Map<Integer, BestSerial> best) {
        Map<String, List<Integer>> byEngine = new LinkedHashMap<>();
        best.forEach((n, b) -> byEngine.computeIfAbsent(b.ours() ? "our serial FFT" : b.engine(),
                k -> new ArrayList<>()).add(Integer.numberOfTrailingZeros(n)));
        return byEngine.entrySet().stream().map(e -> e.getKey() + " at " + e.getValue().stream()
                .map(k -> "2^" + k).collect(Collectors.joining(", "))).collect(Collectors.joining("; "));
    }

    /** {@code engine at 2^k, speedup s}. */
    static String name(Map<String, Object> row) {
        return row.get("engine") + " at 2^" + Integer.numberOfTrailingZeros(((Number) row.get("n")).intValue())
                + ", speedup " + Cells.trimmed(((Number) row.get("speedup")).doubleValue());
    }

    private static double[] log2N(List<Map<String, Object>> rows) {
        return rows.stream().mapToDouble(r -> Math.log(((Number) r.get("n")).doubleValue()) / Math.log(2)).toArray();
    }
}
