package org.logplab.bench.cli;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.OptimalSummation;
import org.logplab.core.collective.SummationPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code logplab summation}: optimal summation of {@code N} operands on {@code P} processors
 * (seed 003 §3), run under the model clock with the operands {@code 1..N}, beside its plan and
 * the seed's Theorem 6.
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
final class SummationCommand extends CommandBase {

    @Option(names = "--P", required = true, description = "Processors.")
    int processors;

    @Option(names = "--N", required = true, split = ",", description = "Operands, a comma list.")
    List<Long> counts;

    @Option(names = "--root", defaultValue = "0", description = "Rank that ends with the sum (default 0).")
    int root;

    @Option(names = "--L", defaultValue = "5", description = "Latency, model units (default 5).")
    long latency;

    @Option(names = "--o", defaultValue = "2", description = "Overhead, model units (default 2).")
    long overhead;

    @Option(names = "--g", defaultValue = "4", description = "Gap, model units (default 4).")
    long gap;

    @Override
    int execute() {
        LogP params = LogP.of(latency, overhead, gap, processors);
        Group group = Group.all(processors, root);
        TextTable table = new TextTable("P", "N", "time", "predicted", "used", "T*", "capacity", "seed N_S", "seed Thm 6", "ok");
        for (long n : counts) {
            SummationPlan plan = SummationPlan.of(params, processors, n);
            long[] total = new long[1];
            RunResult r = Machine.run(params, ClockKind.MODEL, p -> {
                OptionalLong got = new OptimalSummation().sum(p, group, plan, j -> j + 1, Long::sum);
                got.ifPresent(t -> total[0] = t);
            });
            boolean ok = check(total[0] == expectedSum(n) && r.makespan() == plan.time(), "P = " + processors + ", N = " + n
                    + ": sum " + total[0] + " vs " + expectedSum(n) + ", time " + r.makespan() + " vs " + plan.time());
            long seedTime = plan.seedTime();
            if (json) {
                Map<String, Object> f = fields();
                f.put("algo", "optimal-summation");
                f.put("P", processors);
                f.put("N", n);
                f.put("root", root);
                f.put("L", latency);
                f.put("o", overhead);
                f.put("g", gap);
                f.put("clock", "model");
                f.put("time", r.makespan());
                f.put("predicted", plan.time());
                f.put("processors_used", plan.processors());
                f.put("tree_time", plan.treeTime());
                f.put("capacity", plan.capacity());
                f.put("seed_capacity", plan.seedCapacity());
                f.put("seed_time", seedTime < 0 ? null : seedTime);
                f.put("ok", ok);
                printJson(f);
            } else {
                table.row(processors, n, r.makespan(), plan.time(), plan.processors(), plan.treeTime(), plan.capacity(),
                        plan.seedCapacity(), seedTime < 0 ? "n/a (N < N_S)" : seedTime, ok ? "yes" : "NO");
            }
        }
        if (!json) {
            out().print(table.render());
        }
        return 0;
    }

    /** {@code 1 + 2 + ... + n}, wrapping like the run's long additions. */
    private static long expectedSum(long n) {
        return n % 2 == 0 ? (n / 2) * (n + 1) : n * ((n + 1) / 2);
    }
}
