package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.experiment.collective.CollectiveRuns;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab collective}: runs collectives of the seed papers and prints the measured time
 * beside the exact prediction. Model clock: times in model units, equal to the prediction.
 * Wall clock: the median and 99th percentile of repeated runs, ns, beside the prediction for the
 * same parameters in ns, and the message latencies of the measured run with the sampling they were
 * recorded under ({@code --latency}); each algorithm's repetitions run on one machine that stays up.
 *
 * <p>JSON Lines, one object per algorithm: {@code algo}, {@code P}, {@code size} (members),
 * {@code root}, {@code L}, {@code o}, {@code g}, {@code clock}, {@code time} (model units, or the
 * wall median in ns), {@code predicted}, {@code ok} (every member got the right data), and for
 * the wall clock {@code p50_ns}, {@code p99_ns}, {@code reps}, {@code warmup} (repetitions run before
 * them, not recorded), {@code latency} (the {@code --latency} form), {@code msg_latency_count},
 * {@code msg_latency_p50_ns}, {@code msg_latency_p99_ns} (null when none was recorded),
 * {@code predicted_ns}, {@code oversubscribed} (more processors than cores: not judged) and
 * {@code disturbed} (the median outside {@code WallTolerance}'s 0.9-1.5x of the prediction; null
 * when not judged); for {@code auto} also {@code chosen} and
 * {@code reason}. With {@code --sweep-g}, one object
 * per gap: {@code sweep: "fibonacci-vs-binomial"}, {@code g}, {@code ratio}, {@code binomial},
 * {@code fibonacci}, {@code winner}.
 */
@Command(name = "collective", header = "Run collectives and compare their time with the exact prediction.",
        description = {"Algorithms: binomial, fibonacci, optimal (multicast; --dest for a subset), auto (the broadcast"
                + " predicted fastest, with the reason), butterfly, tree-reduce (all-reduce).",
            "",
            "Wall clock: a median outside 0.9-1.5x its prediction is marked disturbed (JSON disturbed: true, beside its"
            + " ratio)"
                + " and a line on standard error says so, with the load average: whether the host looked busy. A quiet"
                + " host gives 1.0-1.2x. More processors than cores: the row is marked oversubscribed and not judged"
                + " (disturbed: null). A disturbed time is not a wrong result: ok still says whether every member got"
                + " the right data, and the exit code stays 0 (1 only when a check of the data fails)."})
final class CollectiveCommand extends RowsCommand {

    @Mixin
    CollectiveOptions options;

    @Mixin
    LogPClockOptions logp = new LogPClockOptions(6, 2, 4, ClockKind.MODEL);

    @Mixin
    LatencyOptions recording;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        ClockKind kind = logp.clockKind();
        int processors = options.processors;
        CollectiveRuns runs = new CollectiveRuns(logp.params(processors), options.group(), kind, recording.sampling,
                options.combineCost, options.reps);
        boolean wall = kind == ClockKind.WALL;
        List<CollectiveRuns.Chosen> chosen = options.chosen(runs);
        options.checkPaths(wall);
        runs.refuseWhatCannotRun(chosen, options.trace != null || options.goalOut != null, timeLimit.maxNanos);
        if (wall) {
            warnIfOversubscribed(processors);
        }
        Output.Table table = output().table(columns(wall));
        WallTolerance.Tally verdict = new WallTolerance.Tally();
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            CollectiveRuns.Chosen c = chosen.get(i);
            if (c.choice() != null) {
                reasons.add("auto chose " + c.choice().reason());
            }
            Row f = runs.run(c, i == 0 ? options.trace : null, i == 0 ? options.goalOut : null, verdict);
            if (f.get("goal_out") != null) {
                note((String) f.get("goal_out"));
            }
            check(f.getBoolean("ok"), c.name() + ", P = " + processors
                    + (wall ? "" : ", time " + f.get("time") + " vs predicted " + f.get("predicted")));
            table.add(f);
        }
        verdict.warning(processors).ifPresent(this::note);
        if (wall) {
            // The histogram is the whole measured run's, not only the repetitions kept for the times.
            output().line(LatencyFigures.legend(LatencyFigures.MEASURED_RUNS, recording.sampling));
        }
        reasons.forEach(output()::line);
        if (options.sweep != null) {
            output().line("");
            output().line("Fibonacci vs binomial multicast on " + processors + " members, exact model times (L="
                    + logp.latency + ", o=" + logp.overhead + "):");
            Output.Table t = output().table(Column.of("g", "g"), Column.of("max(g,o)/(L+2o)", "ratio", "%.4f"),
                    Column.of("binomial", "binomial"), Column.of("fibonacci", "fibonacci"),
                    Column.of("faster", "winner"));
            CollectiveRuns.crossoverRows(logp.latency, logp.overhead, processors, options.sweep).forEach(t::add);
        }
        return 0;
    }

    /** The table's columns: the wall clock's time cell holds the median and the 99th percentile, and a latency column.
     * */
    private static Column[] columns(boolean wall) {
        List<Column> c = new ArrayList<>(List.of(Column.of("algo", "label"), Column.of("P", "P"),
                Column.of("members", "size"),
                Column.of("clock", "clock"),
                wall ? Column.of("time", r -> Cells.nanos(r.getDouble("p50_ns")) + " ns (p99 "
                + Cells.nanos(r.getDouble("p99_ns")) + ")")
                        : Column.of("time", "time"),
                wall ? Column.of("predicted", r -> WallTolerance.predictedCell(r.get("predicted")))
                        : Column.of("predicted", "predicted"),
                Column.of("time / predicted", "ratio", "%.3f")));
        if (wall) {
            c.add(Column.of("msg latency", "latency_cell"));
        }
        c.add(Column.yesNo("ok", "ok"));
        if (wall) {
            c.addAll(WallTolerance.columns());
        }
        return c.toArray(Column[]::new);
    }

}
