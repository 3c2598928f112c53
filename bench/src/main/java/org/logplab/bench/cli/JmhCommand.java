package org.logplab.bench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.logplab.bench.JvmFlags;
import org.logplab.bench.limits.OutputPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code logplab jmh [JMH arguments]}: runs the JMH suites ({@code benchmarks.jar}, built beside
 * {@code logplab.jar}) on the JDK that runs {@code logplab}, with the JVM flags the suites need,
 * and with {@code --report FILE} writes JMH's JSON results there and prints their ratio tables
 * ({@code jmh-report}) in the same call.
 *
 * <p>Every argument this command does not know goes to JMH unchanged, in order: a benchmark
 * pattern, {@code -f 1}, {@code -wi 2}, {@code -l} and so on. JMH's own output goes to standard
 * output (to standard error with {@code --json} or {@code --csv}, which keeps standard output for the
 * report's rows). JMH exits 0 even when a benchmark throws; this command exits 1 when JMH printed a
 * {@code <failure>} or exited non-zero, or when the report holds no results.
 */
@Command(name = "jmh", header = "Run the JMH suites on this JDK; with --report also the ratio tables.",
        description = "Arguments it does not know go to JMH, e.g.: logplab jmh ChannelBenchmark -f 1 -wi 2 -i 3"
                + " --report channels.json. logplab jmh -l lists the benchmarks.")
final class JmhCommand extends RowsCommand {

    @Option(names = "--report", paramLabel = "FILE",
            description = "Write JMH's JSON results to FILE (-rf json -rff FILE) and print the ratio tables of them.")
    Path report;

    @Option(names = "--jar", paramLabel = "JAR",
            description = "The JMH jar (default: benchmarks.jar beside logplab.jar, built by ./mvnw package).")
    Path jar;

    @Unmatched
    List<String> jmhArguments = new ArrayList<>();

    @Override
    int execute() throws Exception {
        // What the command line says is checked first: a bad --report is bad usage wherever the jar is.
        if (report != null) {
            if (jmhArguments.contains("-rff") || jmhArguments.contains("-rf")) {
                throw new IllegalArgumentException("give either --report or JMH's -rf/-rff, not both");
            }
            OutputPaths.checkWritableFile("--report", report);
        }
        Path benchmarks = jar != null ? jar : defaultJar();
        if (!Files.isRegularFile(benchmarks)) {
            throw new IllegalArgumentException("no JMH jar at " + benchmarks + (jar != null ? ""
                    : ": build it with ./mvnw -B -DskipTests package (or give --jar)"));
        }
        List<String> command = new ArrayList<>();
        command.add(JvmFlags.currentJava());
        command.addAll(JvmFlags.forJmh());
        command.addAll(List.of("-jar", benchmarks.toString()));
        command.addAll(jmhArguments);
        if (report != null) {
            Files.deleteIfExists(report); // a stale file must not pass for this run's results
            command.addAll(List.of("-rf", "json", "-rff", report.toString()));
        }
        Process jmh = new ProcessBuilder(command).start();
        jmh.getOutputStream().close();
        AtomicInteger failures = new AtomicInteger();
        PrintWriter jmhOut = json || csv ? err() : out();
        Thread stdout = copy(jmh.getInputStream(), jmhOut, failures::incrementAndGet);
        Thread stderr = copy(jmh.getErrorStream(), err(), failures::incrementAndGet);
        int code = jmh.waitFor();
        stdout.join();
        stderr.join();
        if (code != 0) {
            return failed("JMH exited with " + code + " (its output above says why)");
        }
        if (failures.get() > 0) {
            return failed("JMH reported " + failures.get() + " failure" + (failures.get() == 1 ? "" : "s")
                    + " (<failure> above); their results are missing");
        }
        if (report == null) {
            return 0;
        }
        List<String> reportArgs = new ArrayList<>(List.of("jmh-report", report.toString()));
        if (json) {
            reportArgs.add("--json");
        }
        if (csv) {
            reportArgs.add("--csv");
        }
        // The report's rows carry this command's provenance: the run that measured them.
        return LogPlabCli.commandLine(provenance(), out(), err()).execute(reportArgs.toArray(String[]::new));
    }

    /** {@code benchmarks.jar} in the folder of the jar (or class folder's parent) these classes come from. */
    static Path defaultJar() throws URISyntaxException {
        Path here = Path.of(JmhCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return here.getParent().resolve("benchmarks.jar");
    }

    /** Copies a stream line by line, counting JMH's failure markers. */
    private static Thread copy(InputStream in, PrintWriter to, Runnable onFailure) {
        Consumer<String> sink = line -> {
            if (line.contains("<failure>")) {
                onFailure.run();
            }
            synchronized (to) {
                to.println(line);
                to.flush();
            }
        };
        return Thread.ofPlatform().daemon(true).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                to.println("logplab: jmh: lost JMH's output: " + e.getMessage());
            }
        });
    }
}
