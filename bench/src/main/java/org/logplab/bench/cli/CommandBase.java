package org.logplab.bench.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What every {@code logplab} command shares: the {@code --json} switch, the output streams of
 * the command line (so tests can capture them), JSON Lines output and the oversubscription
 * warning. Subclasses implement {@link #execute()} and return the exit code.
 */
abstract class CommandBase implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print JSON Lines (one object per configuration) instead of tables.")
    boolean json;

    @Override
    public final Integer call() throws Exception {
        int code = execute();
        out().flush();
        return code;
    }

    /** Runs the command; returns the exit code. */
    abstract int execute() throws Exception;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** A progress or warning line for people: to standard error, so that JSON output stays clean. */
    void note(String line) {
        err().println(line);
        err().flush();
    }

    void printJson(Map<String, ?> fields) {
        JsonLines.print(out(), fields);
    }

    static Map<String, Object> fields() {
        return new LinkedHashMap<>();
    }

    /** Warns when a wall-clock run has more processors than this machine has cores. */
    void warnIfOversubscribed(int processors) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (processors > cores) {
            note("warning: " + processors + " processors on " + cores
                    + " cores: this wall-clock run oversubscribes the cores and measures the scheduler, not the algorithm");
        }
    }

    static String ns(double nanos) {
        return String.format("%,.0f", nanos);
    }
}
