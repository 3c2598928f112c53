package org.logplab.goal;

/**
 * A GOAL schedule that cannot be read or run as it stands: a syntax error (with the file, line and
 * column, and what was expected there), or a refusal in words (an undefined label, a dependency
 * cycle, a rank out of order or out of range, a value out of range, a file too large for the heap).
 * It is bad input, so it is an {@link IllegalArgumentException}: the {@code logplab} command line
 * exits 2 on it.
 */
public final class GoalException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** A refusal whose message says it all. */
    public GoalException(String message) {
        super(message);
    }

    /** A problem at a place in a GOAL text: {@code SOURCE:LINE:COLUMN: MESSAGE}. */
    public static GoalException at(String source, long line, long column, String message) {
        return new GoalException(source + ":" + line + ":" + column + ": " + message);
    }
}
