package org.logplab.bench.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.logplab.bench.jmh.JmhProcess;
import org.logplab.bench.limits.OutputPaths;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab jmh}: where JMH writes its results, the passes of one fork each
 * that alternate the forks in time, and the JMH jar. The arguments
 * for JMH itself are the command's own field: picocli takes unmatched arguments only there.
 */
final class JmhOptions {

    @Option(names = "--report", paramLabel = "FILE",
            description = "Write JMH's JSON results to FILE (-rf json -rff FILE) and print the ratio tables of them.")
    Path report;

    @Option(names = "--alternate", paramLabel = "N",
            description = "Run JMH N times (2..100) with one fork each (-f 1), so that the forks of every parameter"
                    + " set alternate in time, and report the N passes as one run of N forks.")
    Integer alternate;

    @Option(names = "--jar", paramLabel = "JAR",
            description = "The JMH jar (default: benchmarks.jar beside logplab.jar, built by ./mvnw package).")
    Path jar;

    /**
     * The JMH jar to run, after refusing a {@code --report} beside JMH's own {@code -rf}/{@code -rff}
     * in {@code jmhArguments} or that cannot be written, an {@code --alternate} out of range or
     * beside JMH's own {@code -f}, {@code -rf} or {@code -rff}, then a jar that is not there: bad
     * usage is refused wherever the jar is.
     */
    Path benchmarks(List<String> jmhArguments) throws URISyntaxException {
        boolean resultFile = jmhArguments.contains("-rff") || jmhArguments.contains("-rf");
        if (report != null) {
            if (resultFile) {
                throw new IllegalArgumentException("give either --report or JMH's -rf/-rff, not both");
            }
            OutputPaths.checkWritableFile("--report", report);
        }
        if (alternate != null) {
            if (alternate < 2 || alternate > 100) {
                throw new IllegalArgumentException("--alternate must be 2..100 passes, got " + alternate);
            }
            if (jmhArguments.stream().anyMatch(a -> a.equals("-f") || a.matches("-f=?\\d+"))) {
                throw new IllegalArgumentException("give either --alternate N or JMH's -f: --alternate runs N passes"
                        + " of one fork each (-f 1)");
            }
            if (resultFile) {
                throw new IllegalArgumentException("give either --alternate or JMH's -rf/-rff: --alternate writes the"
                        + " merged results itself (to --report FILE)");
            }
        }
        Path benchmarks = jar != null ? jar : JmhProcess.defaultJar();
        if (!Files.isRegularFile(benchmarks)) {
            throw new IllegalArgumentException("no JMH jar at " + benchmarks + (jar != null ? ""
                    : ": build it with ./mvnw -B -DskipTests package (or give --jar)"));
        }
        return benchmarks;
    }
}
