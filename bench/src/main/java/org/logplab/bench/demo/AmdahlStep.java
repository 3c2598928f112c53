package org.logplab.bench.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.logplab.bench.experiment.fft.FftRuns;
import org.logplab.bench.output.Cells;
import org.logplab.bench.report.LineChart;
import org.logplab.core.measure.AmdahlFit;

/**
 * The tour's Amdahl law with overhead, {@code S(P) = 1 / (F + (1-F)/P + K1 + K2 P^2)}, fitted to the
 * fork/join FFT's speedups on 1..{@value #THREADS} threads. Each thread count is measured in
 * {@value #ROUNDS} rounds (every count once per round, so that a slow stretch of the host touches
 * all of them); a row holds the median round and the lowest and highest speedup, the spread its
 * finding weighs a difference against. The fit keeps its parameters within their meaning
 * ({@link AmdahlFit#fitBounded}) and says when a bound held one.
 */
final class AmdahlStep {
    /** Thread counts measured: 1..THREADS. */
    static final int THREADS = 8;
    /** Rounds over all thread counts. */
    static final int ROUNDS = 3;

    private AmdahlStep() {
    }

    static void run(TourContext ctx) throws IOException {
        int cores = ctx.cores;
        int amdahlN = ctx.quick ? 1 << 18 : 1 << 20;
        FftRuns runs = new FftRuns(amdahlN, ctx.quick ? 5 : 7, 42);
        FftRuns.Pair[][] pairs = new FftRuns.Pair[THREADS][ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            for (int p = 1; p <= THREADS; p++) {
                pairs[p - 1][round] = p == 1 ? runs.serial() : runs.forkJoin(p);
            }
        }
        List<Map<String, Object>> amdahl = new ArrayList<>();
        double[] ps = new double[THREADS];
        double[] speedups = new double[THREADS];
        for (int p = 1; p <= THREADS; p++) {
            amdahl.add(row(amdahlN, p, pairs[p - 1], cores));
            ps[p - 1] = p;
            speedups[p - 1] = (double) amdahl.get(p - 1).get("speedup");
        }
        AmdahlFit.Bounded fit = AmdahlFit.fitBounded(ps, speedups);
        Map<String, Object> fitRow = fitRow(fit);
        double[] curveP = new double[71];
        double[] curveS = new double[71];
        for (int i = 0; i < curveP.length; i++) {
            curveP[i] = 1 + i * 0.1;
            curveS[i] = fit.fit().speedup(curveP[i]);
        }
        int log2N = Integer.numberOfTrailingZeros(amdahlN);
        ctx.report().section(DemoFindings.AMDAHL, "S(P) = 1 / (F + (1-F)/P + K1 + K2 P^2) fitted to the fork/join FFT's"
                + " speedups at N = 2^" + log2N + " on 1..8 threads, each the median of " + ROUNDS + " rounds; this"
                + " machine has " + cores + " cores, so P > " + cores + " measures the oversubscribed scheduler, and"
                + " the best speedup is looked for within the cores. The fit keeps F in [0, 1] and the overheads K1,"
                + " K2 at 0 or above (a negative overhead would put the speedup at P = 1 above 1).");
        if (fit.constrained()) {
            ctx.report().warning("Constrained fit: " + fitRow.get("fit_note"));
        }
        ctx.report().table("amdahl.json", amdahl, "Measured speedups per thread count: the median of " + ROUNDS
                + " rounds, with the lowest and highest", Map.of("p", "P (threads)", "n", "N (points)"));
        ctx.report().table("amdahl-fit.json", List.of(fitRow),
                "The fitted serial fraction F and overheads K1, K2 (units of the serial time), and the free fit's"
                + " when a bound held a parameter");
        ctx.report().plot("amdahl.png", new LineChart("Amdahl with overhead, FFT N = 2^" + log2N, "P (threads)",
                "speedup").integerX()
                        .yFromZero().pointsApart("measured", ps, speedups, cores).curve("fit", curveP, curveS),
                "Measured speedups and the fitted law: it peaks near the core count and falls as the threads"
                        + " oversubscribe the cores" + (cores < THREADS ? " (the " + cores + " cores here: the points"
                        + " beyond the dotted line, drawn as triangles)" : ""));
        ctx.headlines.add(DemoFindings.amdahl(amdahlN, amdahl, fit.fit().serialFraction(), cores));
    }

    /** One thread count's row: the median round's times and speedup, the lowest and highest speedup. */
    static Map<String, Object> row(int n, int p, FftRuns.Pair[] rounds, int cores) {
        FftRuns.Pair[] sorted = rounds.clone();
        Arrays.sort(sorted, (a, b) -> Double.compare(a.speedup(), b.speedup()));
        FftRuns.Pair median = sorted[sorted.length / 2];
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("n", n);
        row.put("p", p);
        row.put("serial_ns", median.serialNanos());
        row.put("parallel_ns", median.engineNanos());
        row.put("speedup", median.speedup());
        row.put("speedup_min", sorted[0].speedup());
        row.put("speedup_max", sorted[sorted.length - 1].speedup());
        row.put("rounds", rounds.length);
        row.put("oversubscribed", p > cores);
        return row;
    }

    /** {@code F}, {@code K1}, {@code K2}, whether a bound held one ({@code constrained}) and why ({@code fit_note}). */
    static Map<String, Object> fitRow(AmdahlFit.Bounded fit) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("F", fit.fit().serialFraction());
        row.put("K1", fit.fit().k1());
        row.put("K2", fit.fit().k2());
        row.put("constrained", fit.constrained());
        AmdahlFit free = fit.free();
        row.put("fit_note", fit.constrained() ? String.format(Locale.ROOT, "the free least-squares fit gave F = %s,"
                + " K1 = %s, K2 = %s (speedup %s at P = 1), outside the law's meaning; %s held at its bound and the"
                + " rest fitted again", Cells.trimmed(free.serialFraction()), Cells.trimmed(free.k1()),
                Cells.trimmed(free.k2()), Cells.trimmed(free.speedup(1)), String.join(", ", fit.heldAtBounds()))
                : null);
        return row;
    }
}
