package org.logplab.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.logplab.bench.experiment.fft.FftModelRuns;
import org.logplab.bench.experiment.fft.FftSweep;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Row;
import org.logplab.fft.FftPhases;

/**
 * How {@code logplab fft} shows its rows to people: the columns of the wall-clock sweep's table
 * ({@link FftSweep}: times in us), of its breakdown (each phase the mean over ranks / rank 0
 * alone, us per transform) with the line that heads it, and of the model-clock table
 * ({@link FftModelRuns}: model units). Stateless.
 */
public final class FftText {
    /** The line above the breakdown's table. */
    public static final String BREAKDOWN_HEADING = "where the time goes (runtime engines, ns per transform measured in"
            + " separate runs with the phases timed; each cell the mean over ranks / rank 0 alone, us):";

    private FftText() {
    }

    /** The sweep's columns: per (N, p, engine) the times, speedup, efficiency, GFLOPS and the models' speedups. */
    public static Column[] sweepColumns() {
        return new Column[] {Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine"),
            Column.of("serial (us)", r -> micros(r.getLong("serial_ns"))),
            Column.of("parallel (us)", r -> micros(r.getLong("parallel_ns"))),
            Column.of("speedup", "speedup", "%.2f"), Column.of("efficiency", "efficiency", "%.2f"),
            Column.of("GFLOPS", "gflops", "%.2f"), Column.of("predicted speedup", "predicted_speedup", "%.2f"),
            Column.of("machine model", "machine_predicted_speedup", "%.2f"),
            Column.of("measured / machine", r -> r.get("machine_predicted_speedup") == null ? "-"
                    : String.format("%.2f", r.getDouble("speedup") / r.getDouble("machine_predicted_speedup"))),
            Column.of("", r -> r.getBoolean("oversubscribed") ? "oversubscribed" : "")};
    }

    /**
     * The breakdown's columns: per runtime engine, N and p, each phase as the mean over ranks and
     * rank 0's own figure (the master's share in the master/worker forms), us per transform; their
     * sums; and the timed median the phases should roughly add up to.
     */
    public static Column[] phaseColumns() {
        List<Column> c = new ArrayList<>(List.of(Column.of("N", "n"), Column.of("p", "p"),
                Column.of("engine", "engine")));
        for (FftPhases.Phase phase : FftPhases.Phase.values()) {
            String key = phase.name().toLowerCase(Locale.ROOT);
            c.add(Column.of(phase.label(), r -> ranksAndRank0(r, key)));
        }
        c.add(Column.of("sum", r -> ranksAndRank0(r, "sum")));
        c.add(Column.of("timed", r -> micros(r.getDouble("timed_ns"))));
        return c.toArray(Column[]::new);
    }

    /** The model-clock table's columns: the model time beside its prediction, the serial time and both speedups. */
    public static Column[] modelColumns() {
        return new Column[] {Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine"),
            Column.of("model time", "time"), Column.of("predicted", "predicted"),
            Column.of("serial (p = 1)", "serial"), Column.of("speedup", "speedup", "%.2f"),
            Column.of("seed model speedup", "seed_predicted_speedup", "%.2f"), Column.yesNo("ok", "ok")};
    }

    /** {@code <key>_ns / <key>_rank0_ns}, us. */
    private static String ranksAndRank0(Row r, String key) {
        return micros(r.getDouble(key + "_ns")) + " / " + micros(r.getDouble(key + "_rank0_ns"));
    }

    private static String micros(double nanos) {
        return String.format("%,.1f", nanos / 1e3);
    }
}
