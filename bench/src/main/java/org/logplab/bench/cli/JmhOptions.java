package org.logplab.bench.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.logplab.bench.jmh.JmhProcess;
import org.logplab.bench.limits.OutputPaths;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab jmh}: where JMH writes its results and the JMH jar. The arguments
 * for JMH itself are the command's own field: picocli takes unmatched arguments only there.
 */
final class JmhOptions {

    @Option(names = "--report", paramLabel = "FILE",
            description = "Write JMH's JSON results to FILE (-rf json -rff FILE) and print the ratio tables of them.")
    Path report;

    @Option(names = "--jar", paramLabel = "JAR",
            description = "The JMH jar (default: benchmarks.jar beside logplab.jar, built by ./mvnw package).")
    Path jar;

    /**
     * The JMH jar to run, after refusing a {@code --report} beside JMH's own {@code -rf}/{@code -rff}
     * in {@code jmhArguments} or that cannot be written, then a jar that is not there: a bad
     * {@code --report} is bad usage wherever the jar is.
     */
    Path benchmarks(List<String> jmhArguments) throws URISyntaxException {
        if (report != null) {
            if (jmhArguments.contains("-rff") || jmhArguments.contains("-rf")) {
                throw new IllegalArgumentException("give either --report or JMH's -rf/-rff, not both");
            }
            OutputPaths.checkWritableFile("--report", report);
        }
        Path benchmarks = jar != null ? jar : JmhProcess.defaultJar();
        if (!Files.isRegularFile(benchmarks)) {
            throw new IllegalArgumentException("no JMH jar at " + benchmarks + (jar != null ? ""
                    : ": build it with ./mvnw -B -DskipTests package (or give --jar)"));
        }
        return benchmarks;
    }
}
