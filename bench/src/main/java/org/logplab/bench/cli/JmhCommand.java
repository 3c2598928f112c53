package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.logplab.bench.jmh.AlternatingRun;
import org.logplab.bench.jmh.JmhProcess;
import org.logplab.bench.jmh.report.JmhReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Unmatched;

/**
 * {@code logplab jmh [JMH arguments]}: runs the JMH suites ({@code benchmarks.jar}, built beside
 * {@code logplab.jar}) on the JDK that runs {@code logplab}, with the JVM flags the suites need
 * ({@link JmhProcess}), and with {@code --report FILE} writes JMH's JSON results there and prints
 * their ratio tables ({@link JmhReport}, as {@code jmh-report} does) in the same call. With
 * {@code --alternate N} it runs JMH N times with one fork each ({@link AlternatingRun}), so that
 * the forks of every parameter set alternate in time, merges the passes into the report file (a
 * temporary one without {@code --report}) and prints the tables; each pass is announced on
 * standard error.
 *
 * <p>Every argument this command does not know goes to JMH unchanged, in order: a benchmark
 * pattern, {@code -f 1}, {@code -wi 2}, {@code -l} and so on. JMH's own output goes to standard
 * output (to standard error with {@code --json} or {@code --csv}, which keeps standard output for the
 * report's rows). JMH exits 0 even when a benchmark throws; this command exits 1 when JMH printed a
 * {@code <failure>} or exited non-zero, or when the report holds no results.
 */
@Command(name = "jmh", header = "Run the JMH suites on this JDK; with --report also the ratio tables.",
        description = "Arguments it does not know go to JMH, e.g.: logplab jmh ChannelBenchmark -f 1 -wi 2 -i 3"
                + " --report channels.json. logplab jmh -l lists the benchmarks. Steady figures: logplab jmh"
                + " ChannelBenchmark --alternate 5 --report steady.json.")
final class JmhCommand extends RowsCommand {

    @Mixin
    JmhOptions options;

    /** Every argument picocli does not match: JMH's, in order. */
    @Unmatched
    List<String> jmhArguments = new ArrayList<>();

    @Override
    int execute() throws Exception {
        Path jar = options.benchmarks(jmhArguments);
        if (options.alternate != null) {
            return alternate(jar);
        }
        JmhProcess.Outcome jmh = JmhProcess.run(jar, jmhArguments, options.report, json || csv ? err() : out(), err());
        String failure = failure(jmh, "");
        if (failure != null) {
            return failed(failure);
        }
        return options.report == null ? 0 : report(options.report);
    }

    /**
     * {@code --alternate N}: the passes of one fork each, merged into {@code --report} or, without
     * it, into a temporary file that is gone once its tables are printed.
     */
    private int alternate(Path jar) throws Exception {
        Path report = options.report != null ? options.report : Files.createTempFile("logplab-jmh-", ".json");
        try {
            AlternatingRun.Outcome run = AlternatingRun.run(jar, jmhArguments, options.alternate, report,
                    json || csv ? err() : out(), err(), this::note);
            String failure = failure(run.jmh(), "pass " + run.pass() + " of " + options.alternate + ": ");
            return failure != null ? failed(failure) : report(report);
        } finally {
            if (options.report == null) {
                Files.deleteIfExists(report);
            }
        }
    }

    /** What went wrong in a run of JMH, after {@code prefix}; null when nothing did. */
    private static String failure(JmhProcess.Outcome jmh, String prefix) {
        if (jmh.exitCode() != 0) {
            return prefix + "JMH exited with " + jmh.exitCode() + " (its output above says why)";
        }
        if (jmh.failures() > 0) {
            return prefix + "JMH reported " + jmh.failures() + " failure" + (jmh.failures() == 1 ? "" : "s")
                    + " (<failure> above); their results are missing";
        }
        return null;
    }

    /**
     * The report of the results, whose rows carry this command's provenance (the run that measured
     * them); what is wrong with the results is said as {@code logplab jmh-report FILE} says it, with
     * the same exit code.
     */
    private int report(Path file) {
        JmhReport report;
        try {
            report = JmhReport.read(file);
        } catch (IllegalArgumentException | IOException e) {
            Failures.Verdict verdict = Failures.of(e, List.of(file));
            return reportFailed(verdict.message(), verdict.exitCode());
        }
        Optional<String> problem = report.problem();
        if (problem.isPresent()) {
            return reportFailed(problem.get(), 1);
        }
        report.print(output(), this::note);
        return 0;
    }

    private int reportFailed(String why, int exitCode) {
        err().println("logplab: jmh-report: " + why);
        err().flush();
        return exitCode;
    }
}
