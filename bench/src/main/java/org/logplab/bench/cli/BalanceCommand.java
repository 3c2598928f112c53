package org.logplab.bench.cli;

import java.util.List;
import java.util.Map;
import org.logplab.balance.Topology;
import org.logplab.bench.experiment.balance.BalanceCost;
import org.logplab.bench.experiment.balance.BalanceRuns;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.report.BalanceText;
import org.logplab.core.ClockKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab balance}: the load-balancing policies side by side on one workload, one row per
 * load and policy. Under the model clock every number is exact and reproducible; times are model
 * units (or ns under the wall clock). JSON fields: {@code policy}, {@code workload}, {@code load},
 * {@code makespan}, {@code ideal_makespan}, {@code efficiency}, {@code mean_response},
 * {@code p99_response}, {@code messages_per_task}, {@code migrations_per_task}, {@code tasks},
 * {@code tasks_done}, {@code seeds} (the runs a row is over), then {@code clock}, {@code nodes}, {@code topology},
 * {@code termination_messages}, {@code share_correlation}, {@code max_avg_load}, {@code work_shares},
 * {@code capacity_shares}, {@code mean_response_ci95} (the half-width of the 95 % interval of the
 * mean response over the seeds, null with one run), {@code policy_events} (a policy's own events,
 * such as bidirectional's switches of mode, counted over the runs). With {@code --reps R} under the
 * model clock the row is the mean of R runs with seeds {@code S..S+R-1} and the task counts are
 * summed over them, as a line above the table says ({@code 5 seeds x 2,000 tasks per row}).
 * Poisson runs are steady-state figures: 20,000 tasks by default, the responses of the first
 * 10 % left out as the warm-up, 5 seeds by default. With {@code --sweep} (Poisson, model clock)
 * the policies run at every load under three message-cost settings and each row also carries
 * {@code cost_setting}, {@code best_policy} and {@code ratio_to_best}. Every run of the command
 * (all loads, policies and repetitions have the same node count and clock) is on one machine that
 * stays up, and the fork/join reference's on one pool.
 */
@Command(name = "balance", header = "Compare load-balancing policies on the LogP runtime.")
final class BalanceCommand extends RowsCommand {

    @Mixin
    BalanceOptions options;

    @Mixin
    LogPClockOptions logp = new LogPClockOptions(10, 2, 4, ClockKind.MODEL);

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() {
        ClockKind clockKind = logp.clockKind();
        long[] caps = options.capacities();
        Topology network = options.parseTopology();
        options.checkPolicies(clockKind);
        int runs = options.runs(clockKind);
        List<Integer> levels = options.levels();
        options.checkWork(clockKind, levels);
        BalanceRuns.Settings settings = options.settings(clockKind, caps, network, runs);
        BalanceCost cost = new BalanceCost(settings, levels, options.sweep);
        cost.refuseBeyondHeap();
        timeLimit.check(cost.nanos(), cost.basis());
        if (clockKind == ClockKind.WALL) {
            warnIfOversubscribed(caps.length);
        }
        options.checkSweep(clockKind);
        long total = (options.sweep ? BalanceRuns.SWEEP_COSTS.length : 1) * (long) levels.size()
                * options.policies.size();
        try (BalanceRuns balance = new BalanceRuns(settings); Progress steps = progress("balance", total)) {
            if (options.sweep) {
                for (long[] messageCost : BalanceRuns.SWEEP_COSTS) {
                    BalanceRuns.SweepSetting s = balance.sweep(messageCost, levels, steps);
                    balance.sweepRows(s).forEach(output()::record);
                    BalanceText.sweepView(s, options.policies, levels, runs).forEach(output()::line);
                }
                output().line(BalanceText.sweepLegend(settings));
            } else {
                showComparison(balance, balance.measure(levels, logp.latency, logp.overhead, logp.gap, steps, false),
                        settings);
            }
        }
        return 0;
    }

    /** The rows of every load and policy, the legend, each policy's own events, and the comparisons. */
    private void showComparison(BalanceRuns balance, Map<Integer, Map<String, BalanceRuns.Measured>> byLoad,
                                BalanceRuns.Settings settings) {
        byLoad.values().stream().flatMap(rows -> rows.values().stream()).findFirst()
                .flatMap(first -> settings.seedsLine(first.result().tasks())).ifPresent(output()::line);
        Output.Table table = output().table(BalanceText.columns());
        byLoad.forEach((level, rows) -> rows.forEach((p, row) -> table.add(balance.row(level, p, row))));
        output().line(BalanceText.legend(settings));
        BalanceText.policyEvents(byLoad).forEach(output()::line);
        BalanceText.comparisons(byLoad).forEach(output()::line);
    }
}
