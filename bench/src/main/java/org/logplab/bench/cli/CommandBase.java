package org.logplab.bench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.logplab.bench.Provenance;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Progress;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What every {@code logplab} command shares: the {@code --json} switch, the output streams of
 * the command line (so tests can capture them), JSON Lines output with the run's provenance, the
 * verdict of the command's checks and the oversubscription warning. Subclasses implement
 * {@link #execute()} and return the exit code; a check recorded with {@link #check} that failed
 * turns an exit code of 0 into 1, so that a script can tell.
 */
abstract class CommandBase implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print JSON Lines (one object per configuration) instead of tables.")
    boolean json;

    private final List<String> failedChecks = new ArrayList<>();
    private int checks;

    @Override
    public final Integer call() throws Exception {
        beforeExecute();
        int code;
        try {
            code = execute();
        } catch (OutOfMemoryError | StackOverflowError e) {
            // picocli hands on exceptions, not errors: as an exception this one is said in words (Failures)
            throw new IllegalStateException(e.getMessage(), e);
        }
        afterExecute();
        out().flush();
        if (code == 0 && !failedChecks.isEmpty()) {
            int shown = Math.min(3, failedChecks.size());
            return failed(failedChecks.size() + " of " + checks + " checks failed: "
                    + String.join("; ", failedChecks.subList(0, shown)) + (shown < failedChecks.size() ? "; ..." : ""));
        }
        return code;
    }

    /**
     * Says on standard error that the run failed ({@code logplab: <command>: <why>}) and returns
     * exit code 1; bad input is an {@link IllegalArgumentException} instead (exit 2).
     */
    int failed(String why) {
        err().println("logplab: " + spec.name() + ": " + why);
        err().flush();
        return 1;
    }

    /**
     * As {@link #failed(String)}; with the environment variable {@code LOGPLAB_DEBUG} set, the
     * stack trace of {@code cause} (where there is one) follows the line.
     */
    int failed(String why, Throwable cause) {
        int code = failed(why);
        if (cause != null && System.getenv("LOGPLAB_DEBUG") != null) {
            cause.printStackTrace(err());
            err().flush();
        }
        return code;
    }

    /**
     * Records the verdict of one check (a result against theory or an oracle); the command exits
     * 1 when any failed. {@code what} names the configuration, e.g. {@code "binomial, P = 8"}.
     */
    boolean check(boolean ok, String what) {
        checks++;
        if (!ok) {
            failedChecks.add(what);
        }
        return ok;
    }

    /** Runs the command; returns the exit code. */
    abstract int execute() throws Exception;

    /** Before {@link #execute()}: checks of the options that every command of a kind shares. */
    void beforeExecute() {
    }

    /** After {@link #execute()} returned: prints what the command left to print at its end. */
    void afterExecute() {
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /**
     * Progress over {@code total} steps on standard error: a bar with an ETA when standard error is a
     * terminal, else plain {@code [i/total] ...} lines.
     */
    Progress progress(String task, long total) {
        boolean system = spec.root().userObject() instanceof LogPlabCli cli && cli.systemStreams();
        return Progress.start(task, total, err(), system);
    }

    /** A progress or warning line for people: to standard error, so that JSON output stays clean. */
    void note(String line) {
        err().println(line);
        err().flush();
    }

    /** Prints one JSON Lines row, with the command's {@code provenance} added as its last field. */
    void printJson(Map<String, ?> fields) {
        Map<String, Object> row = new LinkedHashMap<>(fields);
        row.remove("provenance");
        row.put("provenance", provenance().json());
        JsonLines.print(out(), row);
    }

    /** Where this command's results come from: build, JDK, OS, cores, start time, command line. */
    Provenance provenance() {
        if (spec.root().userObject() instanceof LogPlabCli cli) {
            return cli.provenance();
        }
        return Provenance.of(List.of(spec.name())); // a command run outside LogPlabCli: its arguments are unknown
    }

    /** Whether the command line gave {@code option} (not its default). */
    boolean given(String option) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(option);
    }

    /** Warns when a wall-clock run has more processors than this machine has cores. */
    void warnIfOversubscribed(int processors) {
        WallTolerance.oversubscription(processors).ifPresent(this::note);
    }
}
