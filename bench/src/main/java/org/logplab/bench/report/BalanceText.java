package org.logplab.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.balance.workload.Workloads;
import org.logplab.bench.experiment.balance.BalanceRuns;
import org.logplab.bench.experiment.balance.BalanceRuns.Measured;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.TextTable;
import org.logplab.core.ClockKind;

/**
 * The lines for people that {@code logplab balance} prints under its rows: the legend, each
 * policy's own events per task, the comparisons (against the fork/join reference, and light
 * against heavy, judged only where their 95 % intervals tell them apart), and for the sweep one
 * view per message cost (a line per policy, a column per load) with the best policy per load.
 * Stateless; times as the rows have them (model units, or ns on the wall clock).
 */
public final class BalanceText {
    private BalanceText() {
    }

    /**
     * The comparison table's columns: per load and policy the makespan beside the ideal, the
     * efficiency, the mean response (with its interval over the seeds) and p99, messages and
     * migrations per task, the task counts, the share correlation and the max/avg load.
     */
    public static Column[] columns() {
        return new Column[] {Column.of("workload", "workload"),
            Column.of("load", r -> r.get("load") == null ? "n/a" : r.get("load")), Column.of("policy", "policy"),
            Column.of("makespan", "makespan", "%,d"), Column.of("ideal", "ideal_makespan", "%,.0f"),
            Column.of("efficiency", "efficiency", "%.3f"),
            Column.of("mean resp",
                    r -> withInterval(r.getDouble("mean_response"), (Double) r.get("mean_response_ci95"))),
            Column.of("p99 resp", "p99_response", "%,.0f"), Column.of("msgs/task", "messages_per_task", "%.2f"),
            Column.of("migr/task", "migrations_per_task", "%.3f"), Column.of("tasks", "tasks"),
            Column.of("done", "tasks_done"), Column.of("share corr", "share_correlation", "%.3f"),
            Column.of("max/avg load", "max_avg_load", "%.2f")};
    }

    /** The legend under the comparison's table. */
    public static String legend(BalanceRuns.Settings settings) {
        boolean model = settings.clock() == ClockKind.MODEL;
        return "times in " + (model ? "model units" : "ns") + "; ideal = total work / total capacity;"
                + " share corr = correlation of each node's share of the work with its share of the capacity;"
                + " max/avg load = time average of the largest over the mean queued drain time"
                + (settings.runs() > 1 && model ? "; mean resp = mean over " + settings.runs()
                        + " seeds +- the half-width of its 95 % interval" : "")
                + (settings.kind().equals("poisson") ? "; poisson responses leave out the first "
                        + Workloads.WARMUP_PERCENT + " % of the tasks (warm-up)" : "");
    }

    /** The legend under the sweep's views. */
    public static String sweepLegend(BalanceRuns.Settings settings) {
        return "times in model units; " + settings.capacities().length + " nodes, " + settings.topology()
                + "; poisson responses leave out the first " + Workloads.WARMUP_PERCENT + " % of the tasks (warm-up)";
    }

    /**
     * One line per load and policy that counted events of its own (such as bidirectional's
     * switches): each per task.
     */
    public static List<String> policyEvents(Map<Integer, Map<String, Measured>> byLoad) {
        List<String> lines = new ArrayList<>();
        byLoad.forEach((level, rows) -> rows.forEach((p, row) -> {
            if (!row.result().policyEvents().isEmpty()) {
                List<String> each = new ArrayList<>();
                row.result().policyEvents().forEach((event, count) ->
                        each.add(String.format("%s %.3f", event, (double) count / row.result().tasks())));
                lines.add(p + (level < 0 ? "" : " at load " + level) + ", per task: " + String.join(", ", each));
            }
        }));
        return lines;
    }

    /**
     * Per load: each policy's makespan over the fork/join reference's (where it ran), and the
     * classic comparison: which of light and heavy has the lower mean response (only where their
     * 95 % intervals do not overlap), and where bidirectional stands.
     */
    public static List<String> comparisons(Map<Integer, Map<String, Measured>> byLoad) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<Integer, Map<String, Measured>> e : byLoad.entrySet()) {
            Measured forkJoin = e.getValue().get("forkjoin");
            if (forkJoin != null) {
                StringBuilder b = new StringBuilder("makespan / forkjoin's:");
                e.getValue().forEach((name, r) -> {
                    if (!name.equals("forkjoin")) {
                        b.append(String.format(" %s %.3f", name,
                                (double) r.result().makespan() / forkJoin.result().makespan()));
                    }
                });
                lines.add(b.toString());
            }
            Measured light = e.getValue().get("light");
            Measured heavy = e.getValue().get("heavy");
            if (light != null && heavy != null) {
                lines.add(lightAgainstHeavy(loadName(e.getKey()), light, heavy, e.getValue().get("bidirectional")));
            }
        }
        return lines;
    }

    /**
     * The view of one cost setting of the sweep: its title, a table of one line per policy and one
     * column per load (mean response with its interval, and the ratio to the best at that load),
     * the best policy per load, and a blank line.
     *
     * @param runs the seeds each mean is over
     */
    public static List<String> sweepView(BalanceRuns.SweepSetting s, List<String> policies, List<Integer> levels,
                                         int runs) {
        List<String> header = new ArrayList<>(List.of("policy"));
        levels.forEach(level -> header.add(level + " %"));
        TextTable table = new TextTable(header.toArray(String[]::new));
        for (String p : policies) {
            List<Object> cells = new ArrayList<>(List.of(p));
            for (int level : levels) {
                Measured m = s.byLoad().get(level).get(p);
                double halfWidth = m.response().halfWidth();
                cells.add(String.format("%s (%.3f)", withInterval(m.response().mean(),
                        Double.isNaN(halfWidth) ? null : halfWidth), s.ratioToBest(level, p)));
            }
            table.row(cells.toArray());
        }
        List<String> bests = new ArrayList<>();
        s.best().forEach((level, p) -> bests.add(level + " % " + p
                + (s.clearlyBest(level) ? "" : " (tied within the intervals)")));
        return List.of("L/o/g = " + s.name() + ": mean response +- 95 % interval over " + runs
                        + " seeds (ratio to the best at that load)",
                table.render().stripTrailing(), "best: " + String.join(", ", bests), "");
    }

    /** {@code mean +- half-width}, or the mean alone without a half-width (null). */
    private static String withInterval(double mean, Double halfWidth) {
        return halfWidth == null ? String.format("%,.1f", mean) : String.format("%,.1f +- %.1f", mean, halfWidth);
    }

    private static String lightAgainstHeavy(String load, Measured light, Measured heavy, Measured both) {
        double l = light.response().mean();
        double h = heavy.response().mean();
        double best = Math.min(l, h);
        String bidirectional = both == null ? "" : String.format("; bidirectional %.1f = %.3f x the better",
                both.response().mean(), both.response().mean() / best);
        if (Double.isNaN(light.response().halfWidth()) || Double.isNaN(heavy.response().halfWidth())) {
            // One run each: no interval, so no claim that either is better.
            return String.format("load %s: light %.1f, heavy %.1f: one run each, so no interval to tell them apart"
                    + " (--reps 5 gives 95 %% intervals)%s", load, l, h, bidirectional);
        }
        if (light.response().overlaps(heavy.response())) {
            return String.format("load %s: light %.1f and heavy %.1f: no clear difference (their 95 %% intervals"
                    + " overlap)%s", load, l, h, bidirectional);
        }
        return String.format("load %s: lower mean response: %s (%.1f vs %.1f)%s", load, h < l ? "heavy" : "light",
                best, Math.max(l, h), bidirectional);
    }

    /** A load level as the lines say it: {@code n/a} for the workloads that have none (uts, hotspot). */
    private static String loadName(int level) {
        return level < 0 ? "n/a" : Integer.toString(level);
    }
}
