package org.logplab.bench.cli;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.logplab.bench.cli.MarkedDocument.OutputBlock;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * The commands of output blocks, run in process through {@link LogPlabCli} as {@code ./logplab} runs
 * them, and what a block shows of a run: its standard output, then, with {@code stderr}, its standard
 * error, cut after {@code head=N} lines with a last line {@code ...}.
 */
final class DocCommands {
    private DocCommands() {
    }

    /** What one command printed and returned, paths as the block's arguments give them. */
    record Run(int code, String out, String err) {
    }

    /** Runs {@code block}'s command in {@code workspace}. */
    static Run run(OutputBlock block, DocWorkspace workspace) {
        List<String> args = withPaths(block.args(), workspace);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LogPlabCli.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                args.toArray(String[]::new));
        return new Run(code, workspace.relative(out.toString()), workspace.relative(err.toString()));
    }

    /** The lines {@code block} shows of {@code run}. */
    static List<String> shown(OutputBlock block, Run run) {
        List<String> lines = new ArrayList<>(lines(run.out()));
        if (block.stderr()) {
            lines.addAll(lines(run.err()));
        }
        if (block.head() > 0 && lines.size() > block.head()) {
            lines.subList(block.head(), lines.size()).clear();
            lines.add("...");
        }
        return lines;
    }

    private static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : text.lines().toList();
    }

    /** Why picocli refuses {@code block}'s command line, if it does (nothing is run). */
    static Optional<String> parseProblem(OutputBlock block) {
        try {
            quiet().parseArgs(block.args().toArray(String[]::new));
            return Optional.empty();
        } catch (CommandLine.ParameterException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * The block's arguments with every path made absolute by {@code workspace}: the values of options and
     * parameters of type {@link Path} or {@link File}, and the parameters that name an existing file (the
     * sources of {@code logplab run}, which are strings). A command line picocli refuses is left as it is.
     */
    private static List<String> withPaths(List<String> args, DocWorkspace workspace) {
        Set<String> paths = new HashSet<>();
        try {
            CommandLine.ParseResult result = quiet().parseArgs(args.toArray(String[]::new));
            for (CommandLine.ParseResult r = result; r != null; r = r.subcommand()) {
                List<ArgSpec> matched = new ArrayList<>(r.matchedOptions());
                matched.addAll(r.matchedPositionals());
                for (ArgSpec spec : matched) {
                    boolean typed = isPath(spec.type()) || List.of(spec.auxiliaryTypes()).stream()
                            .anyMatch(DocCommands::isPath);
                    for (String value : spec.originalStringValues()) {
                        if (typed || spec.isPositional() && workspace.resolve(value).toFile().exists()) {
                            paths.add(value);
                        }
                    }
                }
            }
        } catch (CommandLine.ParameterException e) {
            return args;
        }
        List<String> resolved = new ArrayList<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (paths.contains(a)) {
                resolved.add(workspace.resolve(a).toString());
            } else if (a.startsWith("--") && eq > 0 && paths.contains(a.substring(eq + 1))) {
                resolved.add(a.substring(0, eq + 1) + workspace.resolve(a.substring(eq + 1)));
            } else {
                resolved.add(a);
            }
        }
        return resolved;
    }

    private static boolean isPath(Class<?> type) {
        return type == Path.class || type == File.class;
    }

    private static CommandLine quiet() {
        return LogPlabCli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    }

    /** A unified diff from the block's lines to those the command prints now, headed by where the block is. */
    static String diff(OutputBlock block, List<String> now) {
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(block.where() + " (shown)", "printed now",
                block.shown(), DiffUtils.diff(block.shown(), now), 2);
        return String.join("\n", diff);
    }
}
