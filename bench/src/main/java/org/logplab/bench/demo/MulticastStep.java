package org.logplab.bench.demo;

import static org.logplab.bench.demo.Tables.column;
import static org.logplab.bench.demo.Tables.where;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.experiment.collective.CollectiveRuns;
import org.logplab.bench.output.Cells;
import org.logplab.bench.report.LineChart;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.collective.Group;

/**
 * The tour's multicast: binomial, Fibonacci and optimal trees over P under the model clock and on
 * the wall clock with injected delays, run by the code of {@code logplab collective}, and the
 * Fibonacci-against-binomial crossover as the gap grows.
 */
final class MulticastStep {
    private static final List<String> ALGORITHMS = List.of("binomial", "fibonacci", "optimal");

    private MulticastStep() {
    }

    static void run(TourContext ctx) throws IOException {
        int maxP = ctx.quick ? 64 : 1024;
        List<Map<String, Object>> multicast = new ArrayList<>();
        for (int p = 2; p <= maxP; p *= 2) {
            multicast.addAll(multicast(ctx, LogP.of(6, 2, 4, p), ClockKind.MODEL, 0, null));
        }
        ctx.report().section(DemoFindings.MULTICAST,
                "One item from rank 0 to all P ranks by uniform halving (binomial), the Fibonacci split and the optimal"
                + " LogP tree; exact model times, L=6 o=2 g=4.");
        LineChart mc = new LineChart("Multicast time, model clock (L=6, o=2, g=4)", "P (processors, log scale)",
                "time (model units)").log2X();
        for (String algo : ALGORITHMS) {
            List<Map<String, Object>> rows = where(multicast, "algo", algo);
            mc.line(algo, column(rows, "P"), column(rows, "time"));
        }
        ctx.report().table("multicast-model.json", multicast,
                "Model time and prediction per algorithm and P (model units)");
        ctx.report().plot("multicast-model.png", mc,
                "Multicast completion time against P: the optimal tree is never slower");
        List<Map<String, Object>> multicastWall = wall(ctx);
        List<Map<String, Object>> sweep = crossover(ctx);
        ctx.headlines.add(DemoFindings.multicast(multicast, multicastWall, sweep));
    }

    /** The wall-clock rows on 2, 4 and 8 ranks, their warning when disturbed, table and plot. */
    private static List<Map<String, Object>> wall(TourContext ctx) throws IOException {
        int cores = ctx.cores;
        // One tally for the step: it reads the load average before the runs, marks the rows that oversubscribe
        // the cores and judges the others.
        WallTolerance.Tally verdict = new WallTolerance.Tally();
        // 200 repetitions in the quick tour too: 30 (8 ms of measured run at P = 2) fell, on an idle 2-core host,
        // into the tens of milliseconds after a run starts in which a message could take 1.5 ms; 200 outlast it
        // and cost the quick tour about a second
        int reps = 200;
        List<Map<String, Object>> multicastWall = new ArrayList<>();
        for (int p : new int[] {2, 4, 8}) {
            multicastWall.addAll(multicast(ctx, LogP.of(50_000, 10_000, 20_000, p), ClockKind.WALL, reps,
                    verdict));
        }
        Double multicastLoad = WallTolerance.loadAverage();
        multicastWall.forEach(r -> r.putIfAbsent("load_avg_1m", multicastLoad));
        List<Map<String, Object>> disturbed = multicastWall.stream()
                .filter(r -> Boolean.TRUE.equals(r.get("disturbed"))).toList();
        if (!disturbed.isEmpty()) {
            String which = disturbed.stream().map(r -> r.get("algo") + " on P = " + r.get("P") + ": "
                    + Cells.trimmed(((Number) r.get("ratio")).doubleValue()) + "x").collect(Collectors.joining(", "));
            int threads = disturbed.stream().mapToInt(r -> ((Number) r.get("P")).intValue()).max().orElseThrow();
            String line = verdict.note("the slowest of " + disturbed.size() + " disturbed wall-clock multicast rows ("
                    + which + ")", disturbed.stream().mapToDouble(r -> ((Number) r.get("ratio")).doubleValue())
                    .max().orElseThrow(), threads);
            ctx.note(line);
            ctx.report().warning(line.replaceFirst("^warning: ", "Disturbed: "));
        }
        ctx.report().table("multicast-wall.json", multicastWall, "The same on the wall clock, injected "
                + Cells.params(50_000, 10_000, 20_000, true) + ", " + reps + " repetitions after a warm-up"
                + ": median (ns) against the prediction; oversubscribed rows have more threads than this machine's "
                + cores + " cores, measure the scheduler and are not judged; disturbed rows are outside "
                + WallTolerance.LOW + "-" + WallTolerance.HIGH + "x");
        LineChart mw = new LineChart("Multicast on the wall clock (L=50us, o=10us, g=20us)", "P (processors)",
                "median time / predicted (log scale)").integerX();
        for (String algo : ALGORITHMS) {
            List<Map<String, Object>> rows = where(multicastWall, "algo", algo);
            mw.lineApart(algo, column(rows, "P"), column(rows, "ratio"), cores);
        }
        ctx.report().plot("multicast-wall.png", mw.logY(),
                "Measured over predicted time: near 1 while the threads fit the cores"
                + (cores < 8 ? " (solid); dashed beyond the dotted line at P = " + cores
                + " cores, where the threads oversubscribe them and the scheduler, not the algorithm, sets the time"
                : ""));
        return multicastWall;
    }

    /** Binomial against Fibonacci on 64 members as the gap grows: table and plot. */
    private static List<Map<String, Object>> crossover(TourContext ctx) throws IOException {
        long[] gaps = LongStream.iterate(1, g -> g <= 64, g -> g < 8 ? g + 1 : g * 2).toArray(); // 1..8, 16, 32, 64
        List<Map<String, Object>> sweep = Tables.maps(CollectiveRuns.crossoverRows(6, 2, 64, gaps));
        double[] fibOverBin = sweep.stream().mapToDouble(r -> ((Number) r.get("fibonacci")).doubleValue()
                / ((Number) r.get("binomial")).doubleValue()).toArray();
        ctx.report().table("multicast-crossover.json", sweep,
                "Binomial against Fibonacci on 64 members as the gap grows (model units)",
                Map.of("ratio", "max(g, o) / (L + 2o)", "binomial", "binomial time (model units)", "fibonacci",
                        "Fibonacci time (model units)", "g", "g (model units)"));
        double[] ratios = column(sweep, "ratio");
        ctx.report().plot("multicast-crossover.png",
                new LineChart("Fibonacci / binomial multicast time, P = 64 (L=6, o=2)",
                        "max(g, o) / (L + 2o), log scale", "Fibonacci time / binomial time").logX()
                        .line("Fibonacci / binomial", ratios, fibOverBin)
                        .curve("equal", new double[] {ratios[0], ratios[ratios.length - 1]}, new double[] {1, 1}),
                "Below 1 the Fibonacci split is faster: it wins when the gap is small against L + 2o, binomial when it"
                        + " is large");
        return sweep;
    }

    /**
     * The multicasts from rank 0 to all {@code params.P()} ranks, as {@code logplab collective} runs
     * them; {@code reps} wall-clock repetitions, marked and judged by {@code verdict} (null on the model clock).
     */
    private static List<Map<String, Object>> multicast(TourContext ctx, LogP params, ClockKind clock, int reps,
            WallTolerance.Tally verdict) throws IOException {
        CollectiveRuns runs = new CollectiveRuns(params, Group.all(params.P(), 0), clock, ctx.sampling, 1, reps);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String algo : ALGORITHMS) {
            rows.add(Tables.checked(ctx, runs.run(runs.choose(algo), null, verdict),
                    algo + ", P = " + params.P() + ", " + Cells.clock(clock)));
        }
        return rows;
    }
}
