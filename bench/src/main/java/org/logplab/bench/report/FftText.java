package org.logplab.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.logplab.bench.experiment.fft.BestSerial;
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

    /**
     * The sweep's columns: per (N, p, engine) the times, the speedup over our serial FFT and over
     * the best serial time at N ({@link BestSerial}), efficiency, GFLOPS and the models' speedups.
     */
    public static Column[] sweepColumns() {
        return new Column[] {Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine"),
            Column.of("serial (us)", r -> micros(r.getLong("serial_ns"))),
            Column.of("parallel (us)", r -> micros(r.getLong("parallel_ns"))),
            Column.of("speedup", "speedup", "%.2f"), Column.of("vs best serial", "speedup_vs_best", "%.2f"),
            Column.of("efficiency", "efficiency", "%.2f"),
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

    /**
     * The line under the sweep's table that names the baseline of its {@code vs best serial}
     * column: at each N the best serial code, its time and our serial FFT's time over it; or, where
     * no serial peer ran (JTransforms on one thread, FFTW), that the baseline is our serial FFT and
     * how to measure against the best serial code.
     */
    public static String bestSerialLine(Map<Integer, BestSerial> perSize) {
        if (perSize.values().stream().allMatch(b -> b.peerNanos().isEmpty())) {
            return "best serial: no serial peer ran (jtransforms at p = 1, fftw), so 'vs best serial' is over our own"
                    + " serial FFT; add --p 1 and --engine jtransforms,fftw to measure against the best serial code";
        }
        List<String> sizes = new ArrayList<>();
        perSize.forEach((n, b) -> {
            String size = "2^" + Integer.numberOfTrailingZeros(n) + " ";
            sizes.add(b.ours() ? size + "our serial FFT " + micros(b.nanos()) + " us"
                    : size + b.engine() + " " + micros(b.nanos()) + " us (ours takes "
                    + String.format("%.2fx", b.oursNanos() / (double) b.nanos()) + ")");
        });
        return "best serial at each N, the baseline of 'vs best serial' (quote it beside other tools; 'speedup' is"
                + " over our serial FFT): " + String.join(", ", sizes);
    }

    /** {@code <key>_ns / <key>_rank0_ns}, us. */
    private static String ranksAndRank0(Row r, String key) {
        return micros(r.getDouble(key + "_ns")) + " / " + micros(r.getDouble(key + "_rank0_ns"));
    }

    private static String micros(double nanos) {
        return String.format("%,.1f", nanos / 1e3);
    }
}
