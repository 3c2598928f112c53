package org.logplab.bench.cli;

import java.util.List;
import java.util.OptionalLong;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.summation.OptimalSummation;
import org.logplab.core.collective.summation.SummationPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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

    @Option(names = "--P", required = true, description = "Processors.")
    int processors;

    @Option(names = "--N", required = true, split = ",", description = "Operands, a comma list.")
    List<Long> counts;

    @Option(names = "--root", defaultValue = "0", description = "Rank that ends with the sum (default 0).")
    int root;

    @Mixin
    LogPOptions logp = new LogPOptions(5, 2, 4);

    @Mixin
    TimeLimit timeLimit;

    /**
     * What one operand costs a processor, ns: fetching it ({@code j + 1}) and adding it. Measured
     * here: N = 10^9 on P = 4 (2 cores) in 2.0 s, 4 ns per operand per core; half of that, so
     * that only runs clearly too long are refused.
     */
    private static final double NANOS_PER_OPERAND = 2;

    @Override
    int execute() {
        LogP params = logp.params(processors);
        Group.all(processors, root); // refuses a root outside 0..P-1 before any work
        ProcessorHeap.check(ProcessorHeap.Channels.ONE, processors, "summation");
        long fewest = counts.stream().mapToLong(Long::longValue).min().orElse(1);
        if (fewest < 1) {
            throw new IllegalArgumentException("--N values must be at least 1, got " + fewest);
        }
        double operands = counts.stream().mapToDouble(Long::doubleValue).sum();
        int working = Math.min(processors, Runtime.getRuntime().availableProcessors());
        timeLimit.check(operands * NANOS_PER_OPERAND / working, String.format("%,.0f operands in all at %.0f ns each on %d"
                + " core%s", operands, NANOS_PER_OPERAND, working, working == 1 ? "" : "s"));

        Output.Table table = output().table(Column.of("P", "P"), Column.of("N", "N"), Column.of("time", "time"),
                Column.of("predicted", "predicted"), Column.of("used", "processors_used"), Column.of("T*", "tree_time"),
                Column.of("capacity", "capacity"), Column.of("seed N_S", "seed_capacity"),
                Column.of("seed Thm 6", r -> r.get("seed_time") == null ? "n/a (N < N_S)" : r.get("seed_time")),
                Column.yesNo("ok", "ok"));
        for (long n : counts) {
            Row row = row(params, root, n);
            check(row.getBoolean("ok"), "P = " + processors + ", N = " + n + ": sum " + row.get("sum") + " vs " + expectedSum(n)
                    + ", time " + row.get("time") + " vs " + row.get("predicted"));
            table.add(row);
        }
        return 0;
    }

    /**
     * One run under the model clock (the demo's too): the sum of {@code 1..n} on {@code params.P()}
     * processors, ending at {@code root}; its row's {@code ok} says whether the sum is right and the
     * time is exactly the plan's.
     */
    static Row row(LogP params, int root, long n) {
        Group group = Group.all(params.P(), root);
        SummationPlan plan = SummationPlan.of(params, params.P(), n);
        long[] total = new long[1];
        RunResult r = Machine.run(params, ClockKind.MODEL, p -> {
            OptionalLong got = new OptimalSummation().sum(p, group, plan, j -> j + 1, Long::sum);
            got.ifPresent(t -> total[0] = t);
        });
        long seedTime = plan.seedTime();
        return new Row().put("algo", "optimal-summation").put("P", params.P()).put("N", n).put("root", root)
                .put("L", params.L()).put("o", params.o()).put("g", params.g()).put("clock", "model")
                .put("time", r.makespan()).put("predicted", plan.time()).put("processors_used", plan.processors())
                .put("tree_time", plan.treeTime()).put("capacity", plan.capacity()).put("seed_capacity", plan.seedCapacity())
                .put("seed_time", seedTime < 0 ? null : seedTime).put("ok", total[0] == expectedSum(n) && r.makespan() == plan.time())
                .show("sum", total[0]);
    }

    /** {@code 1 + 2 + ... + n}, wrapping like the run's long additions. */
    private static long expectedSum(long n) {
        return n % 2 == 0 ? (n / 2) * (n + 1) : n * ((n + 1) / 2);
    }
}
