package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.collective.CollectiveRuns;
import org.logplab.bench.experiment.collective.GoalOut;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.core.collective.Group;
import picocli.CommandLine.Option;

/** The options of {@code logplab collective} that no other command shares. */
final class CollectiveOptions {

    @Option(names = "--algo", split = ",", required = true, description = "Comma list of algorithms.")
    List<String> algos;

    @Option(names = "--P", required = true, description = "Processors.")
    int processors;

    @Option(names = "--dest", split = ",", description = "Ordered member ranks of a multicast (default: all).")
    int[] dest;

    @Option(names = "--root", defaultValue = "0", description = "Source (root) rank (default 0).")
    int root;

    @Option(names = "--combine", defaultValue = "1", converter = DurationNanosConverter.Delay.class,
            description = "Cost of one combine in an all-reduce (default 1).")
    long combineCost;

    @Option(names = "--reps", defaultValue = "200",
            description = "Wall clock: measured repetitions, after as many unmeasured (default 200).")
    int reps;

    @Option(names = "--trace",
            description = "Write a Chrome/Perfetto trace of one model-clock run of the first algorithm.")
    Path trace;

    @Option(names = "--goal-out", paramLabel = "FILE", description = "Model clock: " + GoalOut.HELP
            + " With several algorithms, the first one's run.")
    Path goalOut;

    @Option(names = "--sweep-g", split = ",",
            description = "Also print Fibonacci vs binomial predictions over these gaps.")
    long[] sweep;

    /** The members and the source: every rank, or the {@code --dest} ranks; a rank beyond {@code --P} is refused. */
    Group group() {
        Group group = dest == null ? Group.all(processors, root) : Group.of(dest, root);
        for (int i = 0; i < group.size(); i++) {
            if (group.rank(i) >= processors) {
                throw new IllegalArgumentException("--dest rank " + group.rank(i) + " is outside 0.."
                        + (processors - 1));
            }
        }
        return group;
    }

    /** The algorithms {@code --algo} names, in order; an all-reduce with {@code --dest} is refused. */
    List<CollectiveRuns.Chosen> chosen(CollectiveRuns runs) {
        List<CollectiveRuns.Chosen> chosen = new ArrayList<>();
        for (String name : algos) {
            CollectiveRuns.Chosen c = runs.choose(name);
            if (c.allReduce() && dest != null) {
                throw new IllegalArgumentException(name
                        + " is an all-reduce over all P processors; --dest is for multicasts");
            }
            chosen.add(c);
        }
        return chosen;
    }

    /**
     * Refuses, before anything runs, a wall-clock {@code --reps} below 1, a {@code --trace} or
     * {@code --goal-out} that cannot be written, and {@code --goal-out} on the wall clock.
     */
    void checkPaths(boolean wall) {
        if (wall && reps < 1) {
            throw new IllegalArgumentException("--reps must be at least 1, got " + reps);
        }
        if (trace != null) {
            OutputPaths.checkWritableFile("--trace", trace);
        }
        if (goalOut != null) {
            if (wall) {
                throw new IllegalArgumentException("--goal-out writes the schedule of a model-clock run; it cannot be"
                        + " used with --clock wall");
            }
            OutputPaths.checkWritableFile("--goal-out", goalOut);
            if (trace != null && trace.toAbsolutePath().normalize().equals(goalOut.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("--trace and --goal-out name the same file " + goalOut);
            }
        }
    }
}
