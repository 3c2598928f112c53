package org.logplab.bench.jmh;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.jmh.report.ForkMerge;

/**
 * JMH run in passes of one fork each ({@code -f 1}), so that the forks of every parameter set
 * alternate in time (raw, runtime, raw, runtime, ...) rather than all forks of one set running
 * before the next: a host whose state changes over minutes then spreads its states over both
 * sides of a comparison instead of giving one side the one state and the other the other. The
 * passes' results are merged into one file of one result per parameter set with a fork per pass
 * ({@link ForkMerge}).
 */
public final class AlternatingRun {

    /**
     * How the passes ended.
     *
     * @param pass the pass that ended the run, numbered from 1: the first that failed, else the last
     * @param jmh how JMH ended in that pass
     */
    public record Outcome(int pass, JmhProcess.Outcome jmh) {
        /** Whether every pass ran clean: JMH exited 0 without a {@code <failure>}. */
        public boolean ok() {
            return jmh.exitCode() == 0 && jmh.failures() == 0;
        }
    }

    private AlternatingRun() {
    }

    /**
     * Runs JMH from {@code jar} {@code passes} times with {@code arguments} and {@code -f 1}, each
     * pass's results in a temporary file, announcing each pass to {@code progress}; when every pass
     * ran clean, writes their merge to {@code report}. Stops at the first pass that fails.
     *
     * @param out where JMH's standard output is copied
     * @param err where JMH's standard error is copied
     * @throws IllegalArgumentException when the passes' results cannot be merged
     */
    public static Outcome run(Path jar, List<String> arguments, int passes, Path report, PrintWriter out,
            PrintWriter err, Consumer<String> progress) throws IOException, InterruptedException {
        if (passes < 1) {
            throw new IllegalArgumentException("--alternate needs at least one pass, got " + passes);
        }
        List<String> oneFork = new ArrayList<>(arguments);
        oneFork.addAll(List.of("-f", "1"));
        Path dir = Files.createTempDirectory("logplab-jmh-");
        List<Path> results = new ArrayList<>();
        try {
            Files.deleteIfExists(report); // no stale file passes for this run's results if a pass fails
            for (int pass = 1; ; pass++) {
                progress.accept("jmh: pass " + pass + " of " + passes + " (one fork of every parameter set, -f 1)");
                Path result = dir.resolve("pass-" + pass + ".json");
                results.add(result);
                Outcome outcome = new Outcome(pass, JmhProcess.run(jar, oneFork, result, out, err));
                if (outcome.ok() && pass == passes) {
                    ForkMerge.merge(results, report);
                }
                if (!outcome.ok() || pass == passes) {
                    return outcome;
                }
            }
        } finally {
            for (Path r : results) {
                Files.deleteIfExists(r);
            }
            Files.deleteIfExists(dir);
        }
    }
}
