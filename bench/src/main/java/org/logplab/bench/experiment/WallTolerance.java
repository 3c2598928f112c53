package org.logplab.bench.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Row;

/**
 * The one tolerance of every wall-clock verdict, on a time against its LogP prediction. With the
 * delays injected as spin waits the runtime's own costs add a few per cent on a quiet host, so a
 * ratio within [{@value #LOW}, {@value #HIGH}]
 * is the model's; beyond it the run was disturbed, and the row says so rather than passing as a
 * confirmation. A run with more threads than cores is not judged: it measures the scheduler by
 * construction ({@code oversubscribed}). {@link Tally} marks one command's rows and counts their
 * verdicts for its warning line.
 *
 * <p>Whether the host was busy is a separate question, answered by its 1-minute load average
 * ({@link #busy}): a disturbed time on a host that was not busy is said to be one, without blaming
 * other programs.
 */
public final class WallTolerance {
    /** The lowest measured/predicted ratio taken as the model's: the delays are minimums, so far below 1 is a fault. */
    public static final double LOW = 0.9;
    /** The highest measured/predicted ratio taken as the model's. */
    public static final double HIGH = 1.5;
    /**
     * The least load average (runnable threads, averaged over a minute) called busy, whatever the
     * cores: below it other programs took less than half a core.
     */
    public static final double BUSY_LOAD = 0.5;
    /**
     * What disturbs a run on a host that was not busy: the JVM's own threads need a core now and
     * then, and take it from a processor thread spinning on it.
     */
    static final String OWN_CAUSE = "its own threads (the JIT compiler, the garbage collector) took cores from the"
            + " spinning processor threads now and then; more repetitions (--reps) or a rerun tell";

    private WallTolerance() {
    }

    /**
     * Whether a wall-clock run with this measured/predicted {@code ratio} was disturbed: null
     * (not judged) when it was {@code oversubscribed}.
     */
    public static Boolean disturbed(double ratio, boolean oversubscribed) {
        if (oversubscribed) {
            return null;
        }
        return !(ratio >= LOW && ratio <= HIGH);
    }

    /** Whether {@code processors} threads oversubscribe {@code cores} cores: more threads than cores. */
    public static boolean oversubscribed(int processors, int cores) {
        return processors > cores;
    }

    /** The cores this JVM may use, as every wall-clock verdict counts them. */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The tolerance in words, for captions and notes. */
    public static String describe() {
        return "measured / predicted within " + LOW + "-" + HIGH + "x";
    }

    /**
     * The warning for a wall-clock run of {@code processors} threads when they outnumber this
     * machine's cores (it then measures the scheduler, not the algorithm); empty when they fit.
     */
    public static Optional<String> oversubscription(int processors) {
        return oversubscription(processors, cores());
    }

    /** As {@link #oversubscription(int)} on {@code cores} cores. */
    public static Optional<String> oversubscription(int processors, int cores) {
        if (!oversubscribed(processors, cores)) {
            return Optional.empty();
        }
        return Optional.of("warning: " + processors + " processors on " + cores
                + " cores: this wall-clock run oversubscribes the cores and measures the scheduler, not the algorithm;"
                + " its rows are marked oversubscribed and not judged");
    }

    /**
     * Whether other programs kept the host busy for a run of {@code threads} threads on
     * {@code cores} cores: the load average {@code load} leaves fewer idle cores than the run has
     * threads, and is at least {@value #BUSY_LOAD}. False when the load is unknown (null): nobody
     * is blamed without a figure.
     */
    public static boolean busy(Double load, int cores, int threads) {
        return load != null && load >= BUSY_LOAD && load > cores - threads;
    }

    /**
     * The text columns of a row {@link Tally#mark}ed: {@code oversubscribed} (yes/no) and
     * {@code disturbed} ({@code YES}, {@code no}, or why it was not judged); {@code -} in a row
     * without them (a model-clock row beside).
     */
    public static List<Column> columns() {
        return List.of(Column.of("oversubscribed", r -> r.get("oversubscribed") == null ? Column.MISSING
                : (boolean) r.get("oversubscribed") ? "yes" : "no"),
                Column.of("disturbed", r -> {
            Object d = r.get("disturbed");
            if (d == null) {
                return Boolean.TRUE.equals(r.get("oversubscribed")) ? "not judged" : Column.MISSING;
            }
            return (boolean) d ? "YES" : "no";
        }));
    }

    /** A wall-clock prediction in a table: ns with its unit, as the measured times beside it. */
    public static String predictedCell(Object predictedNanos) {
        return predictedNanos instanceof Number n ? Cells.nanos(n.doubleValue()) + " ns" : Column.MISSING;
    }

    /** The 1-minute load average of the host from {@code /proc/loadavg}; null where it cannot be read. */
    public static Double loadAverage() {
        return loadAverage(Path.of("/proc/loadavg"));
    }

    /** The 1-minute load average in {@code file}, formatted as {@code /proc/loadavg}; null where it cannot be read. */
    public static Double loadAverage(Path file) {
        try {
            String[] fields = Files.readString(file).trim().split("\\s+");
            return Double.parseDouble(fields[0]);
        } catch (IOException | RuntimeException e) {
            return null; // not Linux, or not readable: the note says the load is unknown
        }
    }

    /**
     * The note on a disturbed run of {@code threads} threads: its ratio, the tolerance, and what the
     * load average says: a busy host, or one that was not busy (then the cause is the run's own).
     */
    public static String note(String what, double ratio, Double loadAverage, int cores, int threads) {
        return String.format(Locale.ROOT, "warning: %s took %.1fx its prediction, outside the tolerance (%s): %s",
                what, ratio, describe(), cause(loadAverage, busy(loadAverage, cores, threads), cores, threads));
    }

    /** Why wall-clock times left the tolerance, as far as the load average {@code load} tells. */
    private static String cause(Double load, boolean busy, int cores, int threads) {
        if (load == null) {
            return "the load average is unknown, and with it whether other programs took the cores";
        }
        String figure = String.format(Locale.ROOT, "load average %.2f over the last minute on %d cores", load, cores);
        if (busy) {
            return "the host looked busy (" + figure + ")";
        }
        return "the host was not busy (" + figure + "), so the cause is in this JVM: " + OWN_CAUSE;
    }

    /**
     * The wall-clock verdicts of one command (collective, run, goal, the demo): marks each row
     * {@code oversubscribed} or not, judges the rows that fit the cores ({@code disturbed}), and
     * makes the one warning line for standard error.
     *
     * <p>A disturbed time is not a wrong result: the data can still be right ({@code ok}), and the
     * command's exit code stays 0. The load average is read when the tally is made (before the
     * command's runs, whose own threads would count) and again for the warning; the host is called
     * busy only when one of them says so ({@link #busy}), the second less the run's own threads.
     */
    public static final class Tally {
        private final int cores;
        private final Supplier<Double> load;
        private final Double loadBefore;
        private int disturbed;
        private int judged;
        private int notJudged;
        private double worst = 1;

        /** On this JVM's cores, with the load average of {@code /proc/loadavg}. */
        public Tally() {
            this(WallTolerance.cores(), WallTolerance::loadAverage);
        }

        /** On {@code cores} cores, with the load average {@code load} reads (null: unknown); it is read now. */
        public Tally(int cores, Supplier<Double> load) {
            this.cores = cores;
            this.load = load;
            this.loadBefore = load.get();
        }

        /** The cores the verdicts count. */
        public int cores() {
            return cores;
        }

        /** Whether a run of {@code processors} threads oversubscribes the cores. */
        public boolean oversubscribed(int processors) {
            return WallTolerance.oversubscribed(processors, cores);
        }

        /**
         * Judges one measured time of a run of {@code processors} threads against its prediction:
         * whether it is disturbed, or null (not judged) when the run oversubscribed the cores or
         * nothing was predicted (0).
         */
        public Boolean judge(double measured, double predicted, int processors) {
            if (oversubscribed(processors) || predicted == 0) {
                notJudged++;
                return null;
            }
            double ratio = measured / predicted;
            judged++;
            boolean off = disturbed(ratio, false);
            if (off) {
                disturbed++;
                worst = Math.abs(Math.log(ratio)) > Math.abs(Math.log(worst)) ? ratio : worst;
            }
            return off;
        }

        /**
         * Judges the wall-clock row {@code row} and marks it: {@code oversubscribed} and
         * {@code disturbed} ({@link #judge}).
         */
        public Row mark(Row row, double measured, double predicted, int processors) {
            return row.put("oversubscribed", oversubscribed(processors))
                    .put("disturbed", judge(measured, predicted, processors));
        }

        /**
         * The line for standard error when any time was disturbed, else empty: how many, the worst
         * ratio, and the cause as far as the load average tells ({@link #busy}); {@code threads} is
         * the most threads a run of the command had.
         */
        public Optional<String> warning(int threads) {
            if (disturbed == 0) {
                return Optional.empty();
            }
            return Optional.of(String.format(Locale.ROOT, "warning: %d of %d judged wall-clock times are outside"
                    + " %.1f-%.1fx their prediction (up to %.1fx), marked disturbed%s: %s", disturbed, judged, LOW,
                    HIGH, worst, notJudged == 0 ? "" : "; " + notJudged + " not judged (oversubscribed)",
                    cause(threads)));
        }

        /**
         * As {@link WallTolerance#note}, the load average as this tally reads it: the note on
         * {@code what}, disturbed at {@code ratio}, in a run of {@code threads} threads.
         */
        public String note(String what, double ratio, int threads) {
            return String.format(Locale.ROOT, "warning: %s took %.1fx its prediction, outside the tolerance (%s): %s",
                    what, ratio, describe(), cause(threads));
        }

        /** Why times left the tolerance: busy before the runs, or busy after them less their own threads. */
        private String cause(int threads) {
            Double after = load.get();
            boolean busyAfter = after != null && busy(after - threads, cores, threads);
            boolean busy = busy(loadBefore, cores, threads) || busyAfter;
            Double shown = busyAfter || loadBefore == null ? after : loadBefore;
            return WallTolerance.cause(shown, busy, cores, threads);
        }
    }
}
