package org.logplab.bench.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code logplab} command line: one subcommand per capability. Every command prints a
 * readable table by default and JSON Lines with {@code --json}.
 *
 * <p>Exit codes: 0 success; 2 bad arguments or bad input (one line {@code logplab: <message>}
 * plus the command's usage, no stack trace); 1 an unexpected error (stack trace only with the
 * environment variable {@code LOGPLAB_DEBUG} set).
 */
@Command(name = "logplab", mixinStandardHelpOptions = true, version = "logplab 0.1.0",
        description = "LogP machines on real cores: measure, run collectives, report.",
        subcommands = {
            CommandLine.HelpCommand.class,
            MeasureCommand.class,
            PingPongCommand.class,
            ScaleCommand.class,
            DemoCommand.class,
            CollectiveCommand.class,
            SummationCommand.class,
            GossipCommand.class,
            KTreeCommand.class,
            FftCommand.class,
            JmhReportCommand.class,
            BalanceCommand.class,
            NodeCommand.class,
            LaunchCommand.class,
            HopCommand.class,
            StreamsCommand.class,
            VersusCommand.class,
        })
public final class LogPlabCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /** Entry point of the launcher. */
    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line on standard output and error and returns its exit code instead of exiting. */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line, printing to {@code out} and {@code err}, and returns its exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new LogPlabCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, arguments) -> {
            PrintWriter errors = ex.getCommandLine().getErr();
            errors.println("logplab: " + ex.getMessage());
            ex.getCommandLine().usage(errors);
            return 2;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter errors = commandLine.getErr();
            if (ex instanceof IllegalArgumentException) {
                errors.println("logplab: " + ex.getMessage());
                return 2;
            }
            errors.println("logplab: error: " + ex);
            if (System.getenv("LOGPLAB_DEBUG") != null) {
                ex.printStackTrace(errors);
            }
            return 1;
        });
        return cli.execute(args);
    }
}
