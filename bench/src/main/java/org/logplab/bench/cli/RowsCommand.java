package org.logplab.bench.cli;

import org.logplab.bench.output.Output;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * A command whose results are rows: it adds them once to its {@link #output()}, which prints them
 * as a table (default), as JSON Lines ({@code --json}) or as CSV ({@code --csv}); giving both
 * switches is bad usage (exit 2).
 */
abstract class RowsCommand extends CommandBase {

    @Option(names = "--csv",
            description = "Print CSV instead of tables: a header of the JSON field names, then one line per row (RFC"
            + " 4180 quoting; lists and objects as JSON text; provenance last).")
    boolean csv;

    private Output output;

    /** Where this run's rows and lines go. */
    Output output() {
        if (output == null) {
            Output.Format format = json ? Output.Format.JSON : csv ? Output.Format.CSV : Output.Format.TEXT;
            output = new Output(format, out(), this::printJson, provenance().json());
        }
        return output;
    }

    @Override
    void beforeExecute() {
        output = null;
        if (json && csv) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--json and --csv are two forms of the same rows: give one");
        }
    }

    @Override
    void afterExecute() {
        if (output != null) {
            output.finish();
        }
    }
}
