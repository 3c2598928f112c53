package org.logplab.bench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.output.Cells;
import picocli.CommandLine;

/**
 * What ended a command, as its user reads it: one sentence (no exception's name, no stack trace)
 * and an exit code: 2 for bad input (an {@link IllegalArgumentException}, or a file problem with
 * a path the command line gave), 1 for a run that failed. {@link LogPlabCli} prints it as
 * {@code logplab: <command>: <sentence>}.
 */
final class Failures {
    /** A Java exception's or error's name as a message may carry it, e.g. {@code java.io.IOException: }. */
    private static final Pattern EXCEPTION_NAME =
            Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.)*[A-Z][\\w$]*(?:Exception|Error)\\b:?\\s*");

    /** The sentence and the exit code. */
    record Verdict(String message, int exitCode) { }

    private Failures() {
    }

    /** The verdict on {@code failure}; {@code givenPaths} are the paths the command line named. */
    static Verdict of(Throwable failure, Collection<Path> givenPaths) {
        Throwable t = failure instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : failure;
        if (t instanceof IllegalArgumentException) {
            return new Verdict(clean(chain(t)), 2);
        }
        FileSystemException file = find(t, FileSystemException.class);
        if (file != null) {
            return new Verdict(OutputPaths.describe(file), given(file, givenPaths) ? 2 : 1);
        }
        if (find(t, OutOfMemoryError.class) instanceof OutOfMemoryError oom) {
            return new Verdict(outOfMemory(oom), 1);
        }
        if (find(t, StackOverflowError.class) != null) {
            return new Verdict("the run went deeper than the thread's stack allows: ask for less", 1);
        }
        if (t instanceof IOException) {
            return new Verdict("reading or writing failed: " + clean(chain(t)), 1);
        }
        if (t instanceof RuntimeException && !(t instanceof IllegalStateException) && t.getClass().getName()
                .startsWith("java.")) {
            // NullPointerException, ClassCastException and kin: a fault of logplab's, not of the input
            return new Verdict("an internal error (a fault in logplab, please report it with the command line): "
                    + clean(chain(t))
                    + "; LOGPLAB_DEBUG=1 shows where", 1);
        }
        return new Verdict(clean(chain(t)), 1);
    }

    /** The paths among the options and parameters that a parsed command line matched. */
    static List<Path> givenPaths(CommandLine.ParseResult parsed) {
        List<Path> paths = new ArrayList<>();
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (CommandLine.Model.ArgSpec arg : p.matchedArgs()) {
                Object value = arg.getValue();
                if (value instanceof Path path) {
                    paths.add(path);
                } else if (value instanceof Collection<?> many) {
                    many.stream().filter(Path.class::isInstance).map(Path.class::cast).forEach(paths::add);
                }
            }
        }
        return paths;
    }

    /** Whether {@code e}'s file is a given path, inside one or a folder of one. */
    private static boolean given(FileSystemException e, Collection<Path> givenPaths) {
        if (e.getFile() == null) {
            return false;
        }
        Path file = Path.of(e.getFile()).toAbsolutePath().normalize();
        for (Path p : givenPaths) {
            Path g = p.toAbsolutePath().normalize();
            if (file.startsWith(g) || g.startsWith(file)) {
                return true;
            }
        }
        return false;
    }

    private static String outOfMemory(OutOfMemoryError e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("native thread")) {
            return "could not start another thread (the system's limit on threads, or memory for their stacks): ask for"
                    + " fewer processors";
        }
        return "ran out of memory (" + m.toLowerCase(java.util.Locale.ROOT) + "; this JVM may use "
                + Cells.bytes(Runtime.getRuntime().maxMemory())
                + " of heap): raise it with LOGPLAB_JAVA_OPTS=-Xmx..., or ask for less";
    }

    /** The message of {@code t} and of its causes, each once. */
    private static String chain(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            String m = c.getMessage();
            if (m == null || m.isBlank() || b.indexOf(clean(m)) >= 0) {
                continue;
            }
            b.append(b.length() == 0 ? "" : ": ").append(clean(m));
        }
        return b.length() == 0 ? "it failed without saying why" : b.toString();
    }

    /** {@code m} on one line, without Java exception names in it. */
    static String clean(String m) {
        return EXCEPTION_NAME.matcher(m).replaceAll("").strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }
}
