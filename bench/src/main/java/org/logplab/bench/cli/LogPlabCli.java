package org.logplab.bench.cli;

import java.io.PrintWriter;
import java.util.List;
import org.logplab.bench.BuildInfo;
import org.logplab.bench.Provenance;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code logplab} command line: one subcommand per capability. Every command prints a
 * readable table by default, JSON Lines with {@code --json} and CSV with {@code --csv}
 * ({@link RowsCommand}; the demo writes a report folder and takes {@code --json} only).
 *
 * <p>Exit codes: 0 success; 1 a check failed (a result off theory or wrong against its oracle)
 * or the run failed (one line {@code logplab: <command>: <what happened>}, in words, with no
 * exception's name; a stack trace only with the environment variable {@code LOGPLAB_DEBUG} set);
 * 2 bad arguments or bad input, refused before any work starts (one line
 * {@code logplab: <command>: <the problem>}; after a usage error picocli finds, the command's usage
 * follows it): a value beyond what the heap or the time limit allows ({@code --max-time}), a path
 * that cannot be read or written. Every command and subcommand takes
 * {@code --help}/{@code -h} and {@code --version}/{@code -V}, which exit 0.
 */
@Command(name = "logplab", mixinStandardHelpOptions = true, versionProvider = LogPlabCli.Version.class,
        description = "LogP machines on real cores: measure, run collectives, report.",
        subcommands = {
            CommandLine.HelpCommand.class,
            MeasureCommand.class,
            PingPongCommand.class,
            ScaleCommand.class,
            DemoCommand.class,
            RunCommand.class,
            CollectiveCommand.class,
            GoalCommand.class,
            SummationCommand.class,
            GossipCommand.class,
            KTreeCommand.class,
            FftCommand.class,
            JmhReportCommand.class,
            BalanceCommand.class,
            NodeCommand.class,
            LaunchCommand.class,
            HopCommand.class,
            JmhCommand.class,
            StreamsCommand.class,
            VersusCommand.class,
            NewCommand.class,
        },
        footer = {"", "./logplab shell starts jshell with LogP Lab on the class path and its core packages imported."})
public final class LogPlabCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final Provenance provenance;
    private boolean systemStreams;

    private LogPlabCli(Provenance provenance) {
        this.provenance = provenance;
    }

    /** Whether the command prints to this JVM's own standard output and error (not to captured writers). */
    boolean systemStreams() {
        return systemStreams;
    }

    /** Where the running command's results come from (its JSON rows carry it). */
    Provenance provenance() {
        return provenance;
    }

    /** {@code --version}: the build's version and commit, the JDK and the operating system. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "logplab " + BuildInfo.current().describe(),
                "JDK " + Provenance.runningJdk(),
                "OS " + Provenance.runningOs() + ", " + Runtime.getRuntime().availableProcessors() + " cores",
            };
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /** {@code logplab: } and, for a subcommand, its name: the start of every error line. */
    private static String prefix(CommandLine commandLine) {
        return "logplab: " + (commandLine.getParent() == null ? "" : commandLine.getCommandName() + ": ");
    }

    /** Entry point of the launcher. */
    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line on standard output and error and returns its exit code instead of exiting. */
    public static int execute(String... args) {
        CommandLine cli = commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        ((LogPlabCli) cli.getCommand()).systemStreams = true;
        return run(cli, args);
    }

    /** Runs the command line, printing to {@code out} and {@code err}, and returns its exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return run(commandLine(out, err, args), args);
    }

    /**
     * Runs {@code cli} on {@code args}, but refuses a first word that names no command (exit 2),
     * whatever follows it: picocli would call it an unmatched argument, or print the top-level
     * help and exit 0 when {@code --help} follows.
     */
    private static int run(CommandLine cli, String[] args) {
        if (args.length > 0 && !args[0].startsWith("-") && !cli.getSubcommands().containsKey(args[0])) {
            PrintWriter errors = cli.getErr();
            List<String> closest = new CommandLine.UnmatchedArgumentException(cli, List.of(args[0])).getSuggestions();
            errors.println("logplab: unknown command '" + args[0] + "'"
                    + (closest.isEmpty() ? "" : "; did you mean " + (closest.size() == 1 ? closest.get(0)
                    : String.join(", ", closest.subList(0, closest.size() - 1)) + " or " + closest.getLast()) + "?")
                    + " (see logplab --help)");
            errors.flush();
            return 2;
        }
        return cli.execute(args);
    }

    /** The configured command line for these arguments (their provenance), not yet run. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String... args) {
        return commandLine(Provenance.of(List.of(args)), out, err);
    }

    /** The configured command line whose results carry the given provenance (a command run by another). */
    static CommandLine commandLine(Provenance provenance, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new LogPlabCli(provenance));
        // --help/-h and --version/-V on every subcommand too (they exit 0 before any required
        // option is checked), so that no command is left out when one is added.
        for (CommandLine sub : cli.getSubcommands().values()) {
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                sub.getCommandSpec().mixinStandardHelpOptions(true).versionProvider(new Version());
            }
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, arguments) -> {
            PrintWriter errors = ex.getCommandLine().getErr();
            errors.println(prefix(ex.getCommandLine()) + Failures.clean(ex.getMessage()));
            ex.getCommandLine().usage(errors);
            return 2;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter errors = commandLine.getErr();
            Failures.Verdict verdict = Failures.of(ex, Failures.givenPaths(parseResult));
            errors.println(prefix(commandLine) + verdict.message());
            if (System.getenv("LOGPLAB_DEBUG") != null) {
                ex.printStackTrace(errors);
            }
            errors.flush();
            return verdict.exitCode();
        });
        return cli;
    }
}
