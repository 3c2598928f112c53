package org.logplab.bench.output;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long command, for people, always on standard error so that standard output stays
 * results only: a progress bar with the elapsed time and an ETA when standard error is a terminal,
 * else one plain line per step ({@code [3/12] N = 4096...}), which logs and CI keep readable.
 *
 * <p>Use: {@code try (Progress p = progress("fft", steps)) { p.step("N = 4096"); ... }}; each
 * {@link #step} announces the step about to run. A bar needs a terminal on the JVM's own standard
 * error, so output captured by tests always gets the plain lines.
 */
public final class Progress implements AutoCloseable {
    private final PrintWriter lines;
    private final ProgressBar bar;
    private final long total;
    private long done = -1;

    private Progress(PrintWriter lines, ProgressBar bar, long total) {
        this.lines = lines;
        this.bar = bar;
        this.total = total;
    }

    /** Progress over {@code total} steps, as a bar when {@code err} is the JVM's standard error on a terminal. */
    public static Progress start(String task, long total, PrintWriter err, boolean errIsSystemErr) {
        if (total < 1) {
            throw new IllegalArgumentException("a progress needs at least one step, got " + total);
        }
        if (errIsSystemErr && stderrIsTerminal()) {
            // A width given up front: the library then never asks JLine for the terminal's, whose
            // native library would make JDK 24+ print a warning about restricted methods.
            ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                    .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(System.err, true), terminalWidth()))
                    .build();
            return new Progress(null, bar, total);
        }
        return new Progress(err, null, total);
    }

    /** Progress that shows nothing: for work done as one step of a longer task that shows its own. */
    public static Progress silent() {
        return new Progress(null, null, 1);
    }

    /** The next step starts: the bar counts the previous one done and shows {@code what}; else a line. */
    public void step(String what) {
        done++;
        if (bar == null && lines == null) {
            return;
        }
        if (bar != null) {
            bar.stepTo(done);
            bar.setExtraMessage(what);
        } else {
            lines.println("[" + (done + 1) + "/" + total + "] " + what + "...");
            lines.flush();
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.stepTo(Math.max(done + 1, 0));
            bar.close();
        }
    }

    /** Whether this process's standard error is a terminal (Linux: /proc/self/fd/2 names a tty). */
    public static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false; // not Linux, or not readable: plain lines are always safe
        }
    }

    private static int terminalWidth() {
        try {
            int columns = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "100").strip());
            return Math.max(40, Math.min(columns, 200));
        } catch (NumberFormatException e) {
            return 100;
        }
    }
}
