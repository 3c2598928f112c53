package org.logplab.bench.program;

/**
 * Sources that did not compile: bad input (exit 2). {@link #javacOutput()} is what javac printed,
 * as it prints it ({@code File.java:LINE: error: message}, the source line, a caret, the count),
 * for standard error; the message says in one line which sources failed and how many errors.
 */
public final class CompileFailure extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What javac printed. */
    private final String javacOutput;

    /** A failure to compile {@code names} with javac's own report {@code javacOutput}. */
    public CompileFailure(String names, String javacOutput) {
        super(names + " did not compile: " + count(javacOutput) + " (javac's report above)");
        this.javacOutput = javacOutput;
    }

    /** javac's report, every line as javac prints it. */
    public String javacOutput() {
        return javacOutput;
    }

    /** javac's closing count ({@code 1 error}, {@code 3 errors}), or {@code errors} when it printed none. */
    private static String count(String printed) {
        return printed.lines().map(String::strip).filter(l -> l.matches("\\d+ errors?")).reduce((a, b) -> b)
                .orElse("errors");
    }
}
