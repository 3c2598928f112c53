package org.logplab.bench.cli;

import java.io.IOException;
import org.logplab.bench.experiment.collective.SummationRuns;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.LogP;
import org.logplab.core.collective.Group;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab summation}: optimal summation of {@code N} operands on {@code P} processors (Shou
 * and Chen (1997), §3; docs/algorithms.md §5), run under the model clock with the operands
 * {@code 1..N}, beside its plan and the seed's Theorem 6.
 *
 * <p>JSON Lines, one object per {@code N}: {@code algo} ({@code optimal-summation}), {@code P},
 * {@code N}, {@code root}, {@code L}, {@code o}, {@code g}, {@code clock} ({@code model}),
 * {@code time} (model units, the run's makespan), {@code predicted} (the plan's time),
 * {@code processors_used}, {@code tree_time} ({@code T*} of the members used), {@code capacity}
 * (operands they can add by {@code time}), {@code seed_capacity} (Theorem 5's {@code N_S} on all
 * {@code P}), {@code seed_time} (Theorem 6 with the remainder distributed, {@code null} when
 * {@code N < N_S}), {@code ok} (the run's total equals {@code N(N+1)/2}).
 */
@Command(name = "summation", header = "Optimal summation of N operands on P processors (LogP, one addition = 1 unit).",
        description = "Runs under the model clock and prints the time beside the plan and the seed's Theorem 6.")
final class SummationCommand extends RowsCommand {

    @Mixin
    SummationOptions options;

    @Mixin
    LogPOptions logp = new LogPOptions(5, 2, 4);

    @Mixin
    TimeLimitOptions timeLimit;

    /**
     * What one operand costs a processor, ns: fetching it ({@code j + 1}) and adding it; about half
     * of what it takes on a 2-core host, so that only runs clearly too long are refused.
     */
    private static final double NANOS_PER_OPERAND = 2;

    @Override
    int execute() throws IOException {
        LogP params = logp.params(options.processors);
        Group.all(options.processors, options.root); // refuses a root outside 0..P-1 before any work
        ProcessorHeap.check(ProcessorHeap.Channels.ONE, options.processors, "summation");
        long fewest = options.counts.stream().mapToLong(Long::longValue).min().orElse(1);
        if (fewest < 1) {
            throw new IllegalArgumentException("--N values must be at least 1, got " + fewest);
        }
        double operands = options.counts.stream().mapToDouble(Long::doubleValue).sum();
        int working = Math.min(options.processors, Runtime.getRuntime().availableProcessors());
        timeLimit.check(operands * NANOS_PER_OPERAND / working,
                String.format("%,.0f operands in all at %.0f ns each on %d core%s", operands, NANOS_PER_OPERAND,
                working, working == 1 ? "" : "s"));

        Output.Table table = output().table(Column.of("P", "P"), Column.of("N", "N"), Column.of("time", "time"),
                Column.of("predicted", "predicted"), Column.of("used", "processors_used"), Column.of("T*", "tree_time"),
                Column.of("capacity", "capacity"), Column.of("seed N_S", "seed_capacity"),
                Column.of("seed Thm 6", r -> r.get("seed_time") == null ? "n/a (N < N_S)" : r.get("seed_time")),
                Column.yesNo("ok", "ok"));
        if (options.goalOut != null) {
            OutputPaths.checkWritableFile("--goal-out", options.goalOut);
        }
        boolean first = true;
        for (long n : options.counts) {
            Row row = first && options.goalOut != null ? SummationRuns.row(params, options.root, n, options.goalOut)
                    : SummationRuns.row(params, options.root, n);
            first = false;
            if (row.get("goal_out") != null) {
                note((String) row.get("goal_out"));
            }
            check(row.getBoolean("ok"), "P = " + options.processors + ", N = " + n + ": sum " + row.get("sum") + " vs "
                    + SummationRuns.expectedSum(n)
                    + ", time " + row.get("time") + " vs " + row.get("predicted"));
            table.add(row);
        }
        return 0;
    }
}
