package org.logplab.bench.program;

import java.util.Locale;
import java.util.Set;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Cells;
import org.logplab.core.RunFailedException;

/**
 * A run of the user's program that failed in the program, in words for its author: which rank
 * threw, at which line of the user's own sources, and the exception's message
 * ({@code rank 2 failed at Ring.java:14: index 4 out of bounds for length 4}); or that the run
 * outlived its time limit, with what each unfinished rank was waiting for, or that the runs still
 * to come would. The user's exception, where there is one, is the cause (for a stack trace on
 * request). A run that failed (exit 1).
 */
public final class ProgramFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private ProgramFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The failure of {@code failed}'s rank: its exception's message, at the first stack frame in
     * one of {@code userClasses} (binary names).
     */
    public static ProgramFailure of(RunFailedException failed, Set<String> userClasses) {
        Throwable cause = failed;
        while (cause instanceof RunFailedException && cause.getCause() != null) {
            cause = cause.getCause(); // a rank that would not stop wraps the first failure once more
        }
        return new ProgramFailure("rank " + failed.rank() + " failed" + where(cause, userClasses) + ": "
                + message(cause), cause);
    }

    /**
     * A call into the program's class outside a run that threw {@code thrown}: {@code what} names it
     * ({@code "the constructor of Ring"}, {@code "Ring.predict"}).
     */
    public static ProgramFailure in(String what, Throwable thrown, Set<String> userClasses) {
        return new ProgramFailure(what + " failed" + where(thrown, userClasses) + ": " + message(thrown), thrown);
    }

    /**
     * A run the runtime stopped at the time limit: {@code timedOut} says which ranks had not
     * finished, and what each was waiting for.
     *
     * @param maxNanos the limit, ns
     */
    public static ProgramFailure stopped(RunFailedException timedOut, long maxNanos) {
        return new ProgramFailure("stopped by --max-time " + Cells.duration(maxNanos) + ", the program had not"
                + " ended: " + oneLine(timedOut.getMessage()), null);
    }

    /**
     * Runs that would not end within the time limit: the time was spent before a run could start,
     * or the first run showed how long the repetitions would take.
     *
     * @param what what would take how long, in words
     * @param endNanos when the command would end, ns after it started
     * @param maxNanos the limit, ns
     * @param otherwise what else would do, e.g. {@code "fewer --reps"}, or null
     */
    public static ProgramFailure beyondLimit(String what, double endNanos, long maxNanos, String otherwise) {
        return new ProgramFailure(what + ", beyond --max-time " + Cells.duration(maxNanos) + ": give --max-time "
                + Limits.timeSuggestion(Math.max(endNanos * 1.5, 2.0 * maxNanos))
                + (otherwise == null ? "" : ", or " + otherwise), null);
    }

    /** {@code " at File.java:LINE"} for the first frame of {@code t} (or of a cause) in the user's classes. */
    private static String where(Throwable t, Set<String> userClasses) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            for (StackTraceElement frame : c.getStackTrace()) {
                if (userClasses.contains(frame.getClassName())) {
                    String file = frame.getFileName() != null ? frame.getFileName() : frame.getClassName();
                    return " at " + file + (frame.getLineNumber() > 0 ? ":" + frame.getLineNumber() : "");
                }
            }
        }
        return "";
    }

    /**
     * The exception's message on one line; without one, what kind of exception it was in words
     * ({@code unsupported operation, without a message}): the line never shows a Java class name.
     */
    static String message(Throwable t) {
        String m = t.getMessage();
        if (m != null && !m.isBlank()) {
            return oneLine(m);
        }
        String words = t.getClass().getSimpleName().replaceFirst("(Exception|Error)$", "")
                .replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        return (words.isBlank() ? "an exception" : words) + ", without a message";
    }

    private static String oneLine(String text) {
        return String.valueOf(text).strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
