package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.List;
import org.logplab.bench.experiment.collective.GoalOut;
import picocli.CommandLine.Option;

/** The options of {@code logplab summation} that no other command shares. */
final class SummationOptions {

    @Option(names = "--P", required = true, description = "Processors.")
    int processors;

    @Option(names = "--N", required = true, split = ",", description = "Operands, a comma list.")
    List<Long> counts;

    @Option(names = "--root", defaultValue = "0", description = "Rank that ends with the sum (default 0).")
    int root;

    @Option(names = "--goal-out", paramLabel = "FILE", description = GoalOut.HELP + " With several --N, the first"
            + " one's run.")
    Path goalOut;
}
