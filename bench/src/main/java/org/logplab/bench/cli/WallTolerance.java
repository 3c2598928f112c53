package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The verdict on a wall-clock time against its LogP prediction. With the delays injected as spin
 * waits the runtime's own costs add a few per cent on a quiet host (measured over predicted
 * 1.02-1.16 for the collectives on 2 cores), so a ratio within [{@value #LOW}, {@value #HIGH}]
 * is the model's; beyond it the run was disturbed (another program took the cores), and the row
 * says so rather than passing as a confirmation. A run with more threads than cores is not judged:
 * it measures the scheduler by construction ({@code oversubscribed}).
 */
final class WallTolerance {
    /** The lowest measured/predicted ratio taken as the model's: the delays are minimums, so far below 1 is a fault. */
    static final double LOW = 0.9;
    /** The highest measured/predicted ratio taken as the model's. */
    static final double HIGH = 1.5;

    private WallTolerance() {
    }

    /**
     * Whether a wall-clock run with this measured/predicted {@code ratio} was disturbed: null
     * (not judged) when it was {@code oversubscribed}.
     */
    static Boolean disturbed(double ratio, boolean oversubscribed) {
        if (oversubscribed) {
            return null;
        }
        return !(ratio >= LOW && ratio <= HIGH);
    }

    /** The tolerance in words, for captions and notes. */
    static String describe() {
        return "measured / predicted within " + LOW + "-" + HIGH + "x";
    }

    /** The 1-minute load average of the host from {@code /proc/loadavg}; null where it cannot be read. */
    static Double loadAverage() {
        return loadAverage(Path.of("/proc/loadavg"));
    }

    static Double loadAverage(Path file) {
        try {
            String[] fields = Files.readString(file).trim().split("\\s+");
            return Double.parseDouble(fields[0]);
        } catch (IOException | RuntimeException e) {
            return null; // not Linux, or not readable: the note says the load is unknown
        }
    }

    /** The note on a disturbed run: its ratio, the tolerance and the host's load average if known. */
    static String note(String what, double ratio, Double loadAverage, int cores) {
        return String.format(Locale.ROOT, "warning: %s took %.1fx its prediction, outside the tolerance (%s): the host looked busy (%s)",
                what, ratio, describe(), loadAverage == null ? "load average unknown"
                        : String.format(Locale.ROOT, "load average %.2f over the last minute on %d cores", loadAverage, cores));
    }
}
