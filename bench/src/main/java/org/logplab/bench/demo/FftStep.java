package org.logplab.bench.demo;

import static org.logplab.bench.demo.Tables.column;
import static org.logplab.bench.demo.Tables.where;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.fft.FftEngine;
import org.logplab.bench.experiment.fft.FftSweep;
import org.logplab.bench.output.Progress;
import org.logplab.bench.report.LineChart;

/** The tour's FFT: each engine's dual-core speedup over our serial FFT, as {@code logplab fft} measures it, beside the
 * models. */
final class FftStep {
    private static final List<String> ENGINES = List.of("logp", "logp-distributed", "forkjoin", "jtransforms");

    private FftStep() {
    }

    static void run(TourContext ctx) throws Exception {
        List<Integer> fftSizes = new ArrayList<>();
        for (int n = 1 << 12; n <= (ctx.quick ? 1 << 16 : 1 << 20); n *= 2) {
            fftSizes.add(n);
        }
        List<Map<String, Object>> fft = Tables.maps(new FftSweep(fftSizes, List.of(2),
                ENGINES.stream().map(FftEngine::parse).toList(), ctx.quick ? 5 : 9, false)
                .run(Progress.silent(), ctx::note).rows());
        ctx.report().section(DemoFindings.FFT,
                "Each engine on 2 cores against our serial FFT, timed in alternation: the master/worker FFT and the"
                + " butterfly exchange on data already distributed, both on the LogP runtime, our fork/join FFT and"
                + " JTransforms. GFLOPS = 5 N log2 N / t. The machine model predicts the runtime engines from"
                + " microbenchmarks of their pieces (local FFTs side by side, the exchange's passes over memory, the"
                + " scatter and gather), never from these runs; the seed paper's model (the 2009 modelling-contest"
                + " paper on the dual-core FFT) from t_elem and a ping-pong fit.");
        ctx.report().table("fft.json", fft,
                "Dual-core speedup, efficiency and GFLOPS per N and engine beside the models' predictions");
        LineChart speedupChart = new LineChart("FFT speedup on 2 cores over our serial FFT", "log2 N", "speedup")
                .yFromZero();
        LineChart gflopsChart = new LineChart("FFT GFLOPS on 2 cores", "log2 N", "GFLOPS (5 N log2 N / t)").yFromZero();
        for (String engine : ENGINES) {
            List<Map<String, Object>> rows = where(fft, "engine", engine);
            double[] logN = rows.stream().mapToDouble(r -> Math.log(((Number) r.get("n")).doubleValue()) / Math.log(2))
                    .toArray();
            speedupChart.line(engine + " measured", logN, column(rows, "speedup"));
            gflopsChart.line(engine, logN, column(rows, "gflops"));
            if (rows.stream().allMatch(r -> r.get("machine_predicted_speedup") != null)) {
                speedupChart.modelOf(engine + " machine model", logN, column(rows, "machine_predicted_speedup"));
            }
        }
        ctx.report().plot("fft-speedup.png", speedupChart,
                "Measured dual-core speedup of each engine, and the machine model's prediction for the LogP engines");
        ctx.report().plot("fft-gflops.png", gflopsChart, "GFLOPS of each engine on 2 cores");
        ctx.headlines.add(DemoFindings.fft(fft));
    }
}
