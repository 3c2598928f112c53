package org.logplab.bench.demo;

import static org.logplab.bench.demo.Tables.column;
import static org.logplab.bench.demo.Tables.where;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.balance.BalanceRuns;
import org.logplab.bench.output.Progress;
import org.logplab.bench.report.LineChart;

/**
 * The tour's load balancing, with the runs of {@code logplab balance}: every policy on Poisson load
 * under three message costs, and the seed paper's scenario.
 */
final class BalanceStep {
    private BalanceStep() {
    }

    static void run(TourContext ctx) throws IOException {
        List<Integer> loads = ctx.quick ? List.of(10, 50, 90) : List.of(10, 30, 50, 70, 90);
        // The sweep: every policy at every load under three message costs, short runs (the
        // README's figures come from the full sweep: 20,000 tasks, 5 seeds).
        List<Map<String, Object>> balanceSweep = new ArrayList<>();
        long[] equalNodes = new long[8];
        Arrays.fill(equalNodes, BalanceRuns.CAPACITY);
        try (BalanceRuns sweepRuns = new BalanceRuns(BalanceRuns.Settings.model("poisson", equalNodes,
                ctx.quick ? 2000 : 5000, ctx.quick ? 3 : 4))) {
            for (long[] cost : BalanceRuns.SWEEP_COSTS) {
                balanceSweep.addAll(Tables.maps(sweepRuns.sweepRows(sweepRuns.sweep(cost, loads, Progress.silent()))));
            }
        }
        ctx.report().section(DemoFindings.BALANCE,
                "Every node a LogP processor; Poisson arrivals on 8 equal nodes at 10-90 % utilisation under three"
                + " message costs (L/o/g = 2/0/1, 10/2/4, 50/10/20: mean response with its 95 % interval over the"
                + " seeds, the first 10 % of the tasks left out as the warm-up), and the seed's 5 nodes of capacities"
                + " 20, 90, 30, 20, 40 at load index 100.");
        List<String> settings = balanceSweep.stream().map(r -> String.valueOf(r.get("cost_setting"))).distinct()
                .toList();
        for (String setting : settings) {
            List<Map<String, Object>> rowsOfSetting = where(balanceSweep, "cost_setting", setting);
            LineChart chart = new LineChart("Mean response on Poisson load, 8 nodes, L/o/g = " + setting,
                    "utilisation (%)",
                    "mean response (model units)");
            for (String policy : rowsOfSetting.stream().map(r -> String.valueOf(r.get("policy"))).distinct().toList()) {
                List<Map<String, Object>> rows = where(rowsOfSetting, "policy", policy);
                chart.line(policy, column(rows, "load"), column(rows, "mean_response"),
                        column(rows, "mean_response_ci95"));
            }
            String file = setting.equals("2/0/1") ? "balance-response.png"
                    : "balance-response-" + setting.replace('/', '-') + ".png";
            ctx.report().plot(file, chart, "Mean response against utilisation per policy, L/o/g = " + setting
                    + ", with 95 % intervals");
        }
        ctx.report().table("balance-sweep.json", balanceSweep, "Per message cost, utilisation and policy: the mean"
                + " response, its 95 % interval, the best policy at that load and each policy's ratio to it");
        List<Map<String, Object>> poisson = where(balanceSweep, "cost_setting", "2/0/1");
        ctx.report().table("balance-poisson.json", poisson, "Per utilisation and policy at L/o/g = 2/0/1: response"
                + " times, messages and migrations per task");
        List<Map<String, Object>> seedRun = seedScenario();
        ctx.report().table("balance-seed.json", seedRun,
                "The seed's scenario at load index 100: makespan against the ideal (total work / total capacity)");
        LineChart shares = new LineChart("Work share against capacity share, seed scenario", "capacity share",
                "work share");
        for (Map<String, Object> r : seedRun) {
            shares.points(String.valueOf(r.get("policy")), Tables.toDoubles(r.get("capacity_shares")),
                    Tables.toDoubles(r.get("work_shares")));
        }
        shares.curve("work share = capacity share", new double[] {0, 0.5}, new double[] {0, 0.5});
        ctx.report().plot("balance-shares.png", shares,
                "Each node's share of the work against its share of the capacity: balanced policies lie on the"
                + " diagonal, the static split (none) flat at 0.2");
        ctx.headlines.add(DemoFindings.balance(balanceSweep, seedRun));
    }

    /** Every policy once on the seed's scenario at load index 100. */
    private static List<Map<String, Object>> seedScenario() {
        List<Map<String, Object>> seedRun = new ArrayList<>();
        try (BalanceRuns seedRuns = new BalanceRuns(BalanceRuns.Settings.model("seed", BalanceRuns.SEED_CAPACITIES,
                null, 1))) {
            seedRuns.measure(List.of(100), 2, 0, 1, Progress.silent(), false).get(100)
                    .forEach((policy, m) -> seedRun.add(new LinkedHashMap<>(seedRuns.row(100, policy, m).fields())));
        }
        return seedRun;
    }
}
