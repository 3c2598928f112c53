package org.logplab.bench.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.fft.FftRuns;
import org.logplab.bench.report.LineChart;
import org.logplab.core.measure.AmdahlFit;

/**
 * The tour's Amdahl law with overhead, {@code S(P) = 1 / (F + (1-F)/P + K1 + K2 P^2)}, fitted to the
 * fork/join FFT's speedups on 1..{@value #THREADS} threads.
 */
final class AmdahlStep {
    private static final int THREADS = 8;

    private AmdahlStep() {
    }

    static void run(TourContext ctx) throws IOException {
        int cores = ctx.cores;
        int amdahlN = ctx.quick ? 1 << 18 : 1 << 20;
        FftRuns runs = new FftRuns(amdahlN, ctx.quick ? 5 : 11, 42);
        List<Map<String, Object>> amdahl = new ArrayList<>();
        double[] ps = new double[THREADS];
        double[] speedups = new double[THREADS];
        for (int p = 1; p <= THREADS; p++) {
            FftRuns.Pair pair = p == 1 ? runs.serial() : runs.forkJoin(p);
            ps[p - 1] = p;
            speedups[p - 1] = pair.speedup();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("n", amdahlN);
            row.put("p", p);
            row.put("serial_ns", pair.serialNanos());
            row.put("parallel_ns", pair.engineNanos());
            row.put("speedup", pair.speedup());
            row.put("oversubscribed", p > cores);
            amdahl.add(row);
        }
        AmdahlFit fit = AmdahlFit.fit(ps, speedups);
        Map<String, Object> fitRow = new LinkedHashMap<>();
        fitRow.put("F", fit.serialFraction());
        fitRow.put("K1", fit.k1());
        fitRow.put("K2", fit.k2());
        double[] curveP = new double[71];
        double[] curveS = new double[71];
        for (int i = 0; i < curveP.length; i++) {
            curveP[i] = 1 + i * 0.1;
            curveS[i] = fit.speedup(curveP[i]);
        }
        int log2N = Integer.numberOfTrailingZeros(amdahlN);
        ctx.report().section(DemoFindings.AMDAHL, "S(P) = 1 / (F + (1-F)/P + K1 + K2 P^2) fitted to the fork/join FFT's"
                + " speedups at N = 2^" + log2N + " on 1..8 threads; this machine has " + cores + " cores, so P > "
                + cores + " measures the oversubscribed scheduler.");
        ctx.report().table("amdahl.json", amdahl, "Measured speedups per thread count");
        ctx.report().table("amdahl-fit.json", List.of(fitRow),
                "The fitted serial fraction F and overheads K1, K2 (units of the serial time)");
        ctx.report().plot("amdahl.png", new LineChart("Amdahl with overhead, FFT N = 2^" + log2N, "P (threads)",
                "speedup")
                        .yFromZero().pointsApart("measured", ps, speedups, cores).curve("fit", curveP, curveS),
                "Measured speedups and the fitted law: it peaks near the core count and falls as the threads"
                        + " oversubscribe the cores" + (cores < THREADS ? " (the " + cores + " cores here: the points"
                        + " beyond the dotted line, drawn as triangles)" : ""));
        ctx.headlines.add(DemoFindings.amdahl(amdahlN, amdahl, fit.serialFraction(), cores));
    }
}
