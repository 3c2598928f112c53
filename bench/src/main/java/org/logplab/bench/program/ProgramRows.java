package org.logplab.bench.program;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;

/**
 * The rows of {@code logplab run}, one per clock, their table and the lines under it. The JSON
 * fields, in order: {@code program}, {@code clock}, {@code P}, {@code L}, {@code o}, {@code g},
 * {@code G}, {@code makespan}, {@code finish_times} (per rank), {@code messages}, {@code received};
 * for the wall clock {@code p50_ns}, {@code p99_ns}, {@code reps}, {@code warmup} and
 * {@link LatencyFigures}' fields; with a prediction {@code predicted} (and on the wall clock
 * {@code predicted_ns}), {@code ratio} (makespan / predicted) and {@code ok}
 * ({@link ProgramRun#ok()}), and for the wall clock {@code oversubscribed} and {@code disturbed}
 * ({@link WallTolerance.Tally#mark}). Times are model
 * units under the model clock and ns under the wall clock. Stateless; any thread.
 */
public final class ProgramRows {
    /** The most ranks whose finish times get a line of their own under the table. */
    public static final int FINISH_LINE_RANKS = 16;

    private ProgramRows() {
    }

    /**
     * The row of {@code run}; {@code verdict} marks a wall-clock row ({@code oversubscribed}) and
     * judges its time against the prediction ({@code disturbed}, null when the run oversubscribed
     * the cores or the prediction is 0).
     */
    public static Row row(ProgramRun run, LatencySampling sampling, WallTolerance.Tally verdict) {
        boolean wall = run.clock() == ClockKind.WALL;
        LogP p = run.params();
        long[] finish = run.finishTimes();
        Row row = new Row().put("program", run.program()).put("clock", Cells.clock(run.clock())).put("P", p.P())
                .put("L", p.L()).put("o", p.o()).put("g", p.g()).put("G", p.G()).put("makespan", run.makespan())
                .put("finish_times", Arrays.stream(finish).boxed().toList()).put("messages", run.messages())
                .put("received", run.received());
        if (wall) {
            row.put("p50_ns", run.reps() > 0 ? run.makespan() : null).put("p99_ns", run.p99()).put("reps", run.reps())
                    .put("warmup", run.warmup());
            LatencyFigures.put(row, run.latency(), sampling);
            row.show("latency_cell", LatencyFigures.cell(run.latency(), sampling));
        }
        if (run.predicted() != null) {
            long predicted = run.predicted();
            row.put("predicted", predicted);
            if (wall) {
                row.put("predicted_ns", predicted);
            }
            row.put("ratio", predicted == 0 ? null : run.makespan() / (double) predicted).put("ok", run.ok());
            if (wall) {
                verdict.mark(row, run.makespan(), predicted, p.P());
            }
        } else if (wall) {
            row.put("oversubscribed", verdict.oversubscribed(p.P()));
        }
        return row.show("params_cell", params(p, wall)).show("finish_cell", range(finish))
                .show("makespan_cell", makespan(run));
    }

    /** The table's columns: a prediction's where {@code predicted}, the wall clock's where {@code wall}. */
    public static Column[] columns(boolean wall, boolean predicted) {
        List<Column> c = new ArrayList<>(List.of(Column.of("program", "program"), Column.of("clock", "clock"),
                Column.of("P", "P"), Column.of("parameters", "params_cell"), Column.of("makespan", "makespan_cell"),
                Column.of("finish times", "finish_cell"), Column.of("messages", "messages"),
                Column.of("received", "received")));
        if (wall) {
            c.add(Column.of("msg latency", "latency_cell"));
        }
        if (predicted) {
            c.addAll(List.of(Column.of("predicted", r -> r.get("predicted") == null ? null : wall
                    ? WallTolerance.predictedCell(r.get("predicted")) : Cells.format("predicted", r.get("predicted"))),
                    Column.of("makespan / predicted", "ratio", "%.3f"), Column.yesNo("ok", "ok")));
        }
        if (wall) {
            // without a prediction nothing is judged: only whether the run oversubscribed the cores
            c.addAll(predicted ? WallTolerance.columns() : WallTolerance.columns().subList(0, 1));
        }
        return c.toArray(Column[]::new);
    }

    /**
     * The line under the table with every rank's finish time, for runs of at most
     * {@value #FINISH_LINE_RANKS} ranks: {@code finish times, model clock (model units): rank 0 40,
     * rank 1 12, ...}.
     */
    public static Optional<String> finishLine(ProgramRun run) {
        long[] finish = run.finishTimes();
        if (finish.length > FINISH_LINE_RANKS) {
            return Optional.empty();
        }
        boolean wall = run.clock() == ClockKind.WALL;
        StringBuilder b = new StringBuilder("finish times, ").append(Cells.clock(run.clock())).append(" clock")
                .append(wall ? (run.reps() > 0 ? " (ns, medians of the repetitions)" : " (ns)") : " (model units)")
                .append(":");
        for (int rank = 0; rank < finish.length; rank++) {
            b.append(rank == 0 ? " " : ", ").append("rank ").append(rank).append(' ')
                    .append(wall ? Cells.nanos(finish[rank]) : Cells.format("", finish[rank]));
        }
        return Optional.of(b.toString());
    }

    /** The legend of the wall clock's latency column. */
    public static String latencyLegend(LatencySampling sampling) {
        return LatencyFigures.legend(LatencyFigures.MEASURED_RUNS, sampling);
    }

    private static String params(LogP p, boolean wall) {
        return "L=" + time(p.L(), wall) + " o=" + time(p.o(), wall) + " g=" + time(p.g(), wall)
                + (p.G() == 0 ? "" : " G=" + time(p.G(), wall));
    }

    private static String time(long value, boolean wall) {
        return wall ? Cells.duration(value) : Long.toString(value);
    }

    private static String makespan(ProgramRun run) {
        if (run.clock() == ClockKind.MODEL) {
            return Cells.format("makespan", run.makespan());
        }
        return Cells.nanos(run.makespan()) + " ns" + (run.p99() == null ? "" : " (p99 " + Cells.nanos(run.p99())
                + ", " + run.reps() + (run.reps() == 1 ? " rep)" : " reps)"));
    }

    /** {@code min..max} of the finish times, or the one value when they are all equal. */
    private static String range(long[] finish) {
        long min = Arrays.stream(finish).min().orElse(0);
        long max = Arrays.stream(finish).max().orElse(0);
        return min == max ? Cells.format("", min) : Cells.format("", min) + ".." + Cells.format("", max);
    }
}
