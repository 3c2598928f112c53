package org.logplab.bench.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The one tolerance of every wall-clock verdict, on a time against its LogP prediction. With the
 * delays injected as spin waits the runtime's own costs add a few per cent on a quiet host, so a
 * ratio within [{@value #LOW}, {@value #HIGH}]
 * is the model's; beyond it the run was disturbed (another program took the cores), and the row
 * says so rather than passing as a confirmation. A run with more threads than cores is not judged:
 * it measures the scheduler by construction ({@code oversubscribed}). {@link Tally} counts one
 * command's verdicts for its warning line.
 */
public final class WallTolerance {
    /** The lowest measured/predicted ratio taken as the model's: the delays are minimums, so far below 1 is a fault. */
    public static final double LOW = 0.9;
    /** The highest measured/predicted ratio taken as the model's. */
    public static final double HIGH = 1.5;

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

    /** The tolerance in words, for captions and notes. */
    public static String describe() {
        return "measured / predicted within " + LOW + "-" + HIGH + "x";
    }

    /**
     * The warning for a wall-clock run of {@code processors} threads when they outnumber this
     * machine's cores (it then measures the scheduler, not the algorithm); empty when they fit.
     */
    public static Optional<String> oversubscription(int processors) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (processors <= cores) {
            return Optional.empty();
        }
        return Optional.of("warning: " + processors + " processors on " + cores
                + " cores: this wall-clock run oversubscribes the cores and measures the scheduler, not the algorithm");
    }

    /** The 1-minute load average of the host from {@code /proc/loadavg}; null where it cannot be read. */
    public static Double loadAverage() {
        return loadAverage(Path.of("/proc/loadavg"));
    }

    public static Double loadAverage(Path file) {
        try {
            String[] fields = Files.readString(file).trim().split("\\s+");
            return Double.parseDouble(fields[0]);
        } catch (IOException | RuntimeException e) {
            return null; // not Linux, or not readable: the note says the load is unknown
        }
    }

    /** The note on a disturbed run: its ratio, the tolerance and the host's load average if known. */
    public static String note(String what, double ratio, Double loadAverage, int cores) {
        return String.format(Locale.ROOT,
                "warning: %s took %.1fx its prediction, outside the tolerance (%s): the host looked busy (%s)",
                what, ratio, describe(), loadAverage == null ? "load average unknown"
                        : String.format(Locale.ROOT, "load average %.2f over the last minute on %d cores", loadAverage,
                        cores));
    }

    /**
     * Whether wall-clock times are far enough from their LogP predictions that the host, not the
     * algorithm, made them: a ratio of measured over predicted outside this
     * range: the tally of one command's wall-clock verdicts (collective and demo alike).
     *
     * <p>A disturbed time is not a wrong result: the data can still be right ({@code ok}), and the
     * command's exit code stays 0. The row says {@code disturbed}, and one line on standard error
     * says the host looked busy, with the load average where {@code /proc/loadavg} is readable.
     */
    public static final class Tally {
        private int disturbed;
        private int judged;
        private double worst = 1;

        /** Judges one measured time against its prediction; true if it is disturbed. */
        public boolean judge(double measured, double predicted) {
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
         * The line for standard error when any time was disturbed, else empty: how many, the worst
         * ratio, the load average, and whether the threads outnumbered the cores.
         */
        public Optional<String> warning(int threads) {
            if (disturbed == 0) {
                return Optional.empty();
            }
            int cores = Runtime.getRuntime().availableProcessors();
            return Optional.of(String.format("warning: the host looked busy: %d of %d wall-clock times are outside"
                    + " %.1f-%.1fx their"
                            + " prediction (up to %.1fx)%s%s; they are marked disturbed, and measure the machine's"
                            + " other work more than the algorithm", disturbed, judged, LOW, HIGH, worst,
                    Optional.ofNullable(loadAverage())
                            .map(l -> String.format(Locale.ROOT, "; load average %.2f over the last minute on %d cores",
                            l, cores))
                            .orElse(""),
                    threads > cores ? "; " + threads + " threads on " + cores + " cores oversubscribe them" : ""));
        }
    }
}
