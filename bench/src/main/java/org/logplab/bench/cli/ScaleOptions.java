package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.experiment.collective.ScaleSweep;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Cells;
import picocli.CommandLine.Option;

/** The options of {@code logplab scale}: the time budget of a run, the processor counts and the collective. */
final class ScaleOptions {

    @Option(names = "--seconds", defaultValue = "30", description = "Time budget per run in seconds (default 30):"
            + " a run still going then is stopped, and the sweep ends.")
    double seconds;

    @Option(names = "--P", split = ",", description = "Processor counts to run instead of doubling from 1024.")
    List<Integer> processors;

    @Option(names = "--max-P", defaultValue = "16777216",
            description = "Largest P to try when doubling (default 2^24).")
    int maxProcessors;

    @Option(names = "--algo", defaultValue = "tree",
            description = "tree (binary-tree broadcast), optimal (optimal broadcast) or butterfly (all-reduce);"
                    + " default tree.")
    String algo;

    /**
     * Refuses a budget that is not positive or lets a run take longer than {@code maxNanos}
     * ({@code --max-time}), an unknown collective, and processor counts below one or beyond the heap.
     */
    void check(long maxNanos) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("--seconds must be positive, got " + seconds);
        }
        if (seconds * 1e9 > maxNanos) {
            throw new IllegalArgumentException(String.format("--seconds %s lets one run take %s, more than"
                    + " --max-time %s: give a smaller budget, or --max-time %s", seconds, Cells.duration(seconds * 1e9),
                    Cells.duration(maxNanos), Limits.timeSuggestion(seconds * 1e9)));
        }
        if (!List.of("tree", "optimal", "butterfly").contains(algo)) {
            throw new IllegalArgumentException("--algo must be tree, optimal or butterfly, got '" + algo + "'");
        }
        if (processors != null) {
            for (int n : processors) {
                if (n < 1) {
                    throw new IllegalArgumentException("--P values must be at least 1, got " + n);
                }
                String problem = ScaleSweep.heapProblem(algo, n);
                if (problem != null) {
                    throw new IllegalArgumentException(problem);
                }
            }
        }
    }
}
