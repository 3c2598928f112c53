package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.logplab.balance.MeanInterval;
import org.logplab.balance.Topology;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.Workloads;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.TextTable;
import org.logplab.core.ClockKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab balance}: the load-balancing policies side by side on one workload, one row per
 * load and policy. Under the model clock every number is exact and reproducible; times are model
 * units (or ns under the wall clock). JSON fields: {@code policy}, {@code workload}, {@code load},
 * {@code makespan}, {@code ideal_makespan}, {@code efficiency}, {@code mean_response},
 * {@code p99_response}, {@code messages_per_task}, {@code migrations_per_task}, {@code tasks},
 * {@code tasks_done}, then {@code clock}, {@code nodes}, {@code topology},
 * {@code termination_messages}, {@code share_correlation}, {@code max_avg_load}, {@code work_shares},
 * {@code capacity_shares}, {@code mean_response_ci95} (the half-width of the 95 % interval of the
 * mean response over the seeds, null with one run), {@code policy_events} (a policy's own events,
 * such as bidirectional's switches of mode, counted over the runs). With {@code --reps R} under the model clock
 * the row is the mean of R runs with seeds {@code S..S+R-1} and the task counts are summed over
 * them. Poisson runs are steady-state figures: 20,000 tasks by default, the responses of the first
 * 10 % left out as the warm-up, 5 seeds by default. With {@code --sweep} (Poisson, model clock)
 * the policies run at every load under three message-cost settings and each row also carries
 * {@code cost_setting}, {@code best_policy} and {@code ratio_to_best}. Every run of the command
 * (all loads, policies and repetitions have the same node count and clock) is on one machine that
 * stays up, and the fork/join reference's on one pool.
 */
@Command(name = "balance", header = "Compare load-balancing policies on the LogP runtime.")
final class BalanceCommand extends RowsCommand {
    /** The seed paper's five nodes' capacities, work units per time unit. */
    static final long[] SEED_CAPACITIES = {20, 90, 30, 20, 40};
    /** A node's capacity in the other workloads, by default. */
    static final long CAPACITY = 10;

    @Option(names = "--policy", split = ",", defaultValue = BalanceRuns.POLICIES,
            description = "Policies: none, light, heavy, bidirectional, stealing, adaptive, forkjoin (wall clock only).")
    List<String> policies;

    @Option(names = "--sweep", description = "Poisson load on the model clock: every policy at every load (default "
            + "10,30,50,70,90) under three message costs (L/o/g = 2/0/1, 10/2/4, 50/10/20); the best policy per load "
            + "and every policy's ratio to it, with 95 %% intervals.")
    boolean sweep;

    @Option(names = "--workload", defaultValue = "seed", description = "seed, poisson, uts or hotspot (default seed).")
    String workload;

    @Option(names = "--load", split = ",",
            description = "seed: load indices (default 50,100,180); poisson: utilisation percent 10..95 (default 10,30,50,70,90).")
    List<Integer> loads;

    @Option(names = "--nodes", description = "Nodes (default: the capacities given, else 5 for seed, 4 otherwise).")
    Integer nodes;

    @Option(names = "--capacity", split = ",", description = "Capacity per node, work units per time unit (default seed: 20,90,30,20,40, repeated over --nodes; else 10 each).")
    long[] capacities;

    @Option(names = "--topology", defaultValue = "complete", description = "ring, mesh or complete (default complete; on more than 17 nodes a complete network's domains are the members at power-of-two distances, 2 log2(n) - 1 of them).")
    String topology;

    @Mixin
    LogPClockOptions logp = new LogPClockOptions(10, 2, 4, ClockKind.MODEL);

    @Option(names = "--unit", defaultValue = "1us", converter = DurationNanosConverter.class,
            description = "Wall clock: how long one time unit of work lasts (default 1us).")
    long unitNanos;

    @Option(names = "--tasks", description = "poisson: tasks per run (default 20000, the first 10 %% a warm-up left out "
            + "of the responses); hotspot: tasks (default 400).")
    Integer tasks;

    @Option(names = "--costs", defaultValue = "exponential", description = "poisson: exponential or pareto task costs.")
    String costs;

    @Option(names = "--mean-cost", defaultValue = "1000",
            description = "poisson: mean task cost, work units (default 1000: 100 time units on capacity 10, ten times L).")
    long meanCost;

    @Option(names = "--shape", defaultValue = "binomial", description = "uts: binomial or geometric tree.")
    String shape;

    @Option(names = "--reps", description = "Wall clock: timed repetitions after one untimed warm-up run,"
            + " the median makespan's run shown; model clock: runs with seeds S, S+1, ..., averaged (task counts summed),"
            + " with a 95 %% interval of the mean response (default 5 for poisson on the model clock, else 1).")
    Integer reps;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the workload and the policies.")
    long seed;

    @Option(names = "--light-fraction", defaultValue = "0.5", description = "light: a node asks below this fraction of its fair share (default 0.5).")
    double lightFraction;

    @Option(names = "--probe-limit", defaultValue = "0", description = "light: the most members asked per round, 0 for all heavy ones (default 0).")
    int probeLimit;

    @Option(names = "--heavy-fraction", defaultValue = "1.5", description = "heavy: a node pushes above this multiple of its fair share (default 1.5).")
    double heavyFraction;

    @Mixin
    TimeLimitOptions timeLimit;

    @Option(names = "--mk", defaultValue = "2", description = "bidirectional: a node is a sender with more than this many tasks queued (default 2).")
    int mk;

    @Override
    int execute() {
        ClockKind clockKind = logp.clockKind();
        String kind = workload.toLowerCase(Locale.ROOT);
        long[] caps = capacities();
        Topology top = Topology.parse(topology);
        for (String p : policies) {
            if (!p.equals("forkjoin")) {
                Policies.parse(p, parameters());
            } else if (clockKind == ClockKind.MODEL) {
                throw new IllegalArgumentException("forkjoin runs only under the wall clock (--clock wall): it has no model time");
            }
        }
        int runs = reps == null ? (kind.equals("poisson") && clockKind == ClockKind.MODEL ? 5 : 1) : reps;
        if (runs < 1) {
            throw new IllegalArgumentException("--reps must be at least 1, got " + runs);
        }
        List<Integer> levels = loadLevels(kind);
        refuseWhatCannotRun(kind, caps, levels, clockKind, runs);
        if (clockKind == ClockKind.WALL) {
            warnIfOversubscribed(caps.length);
        }
        if (sweep && (!kind.equals("poisson") || clockKind != ClockKind.MODEL)) {
            throw new IllegalArgumentException("--sweep runs the poisson workload on the model clock: give --workload poisson "
                    + "and leave --clock at model");
        }
        BalanceRuns.Settings settings = new BalanceRuns.Settings(kind, caps, top, clockKind, policies, parameters(), tasks, costs,
                meanCost, shape, unitNanos, seed, runs);
        try (BalanceRuns balance = new BalanceRuns(settings);
             Progress steps = progress("balance", (sweep ? BalanceRuns.SWEEP_COSTS.length : 1) * (long) levels.size() * policies.size())) {
            if (sweep) {
                for (long[] cost : BalanceRuns.SWEEP_COSTS) {
                    showSweep(balance, balance.sweep(cost, levels, steps), levels, settings);
                }
                output().line("times in model units; " + caps.length + " nodes, " + top + "; poisson responses leave out the first "
                        + Workloads.WARMUP_PERCENT + " % of the tasks (warm-up)");
            } else {
                showComparison(balance, balance.measure(levels, logp.latency, logp.overhead, logp.gap, steps, false), settings);
            }
        }
        return 0;
    }

    /** The rows of every load and policy, the legend, each policy's own events, and the comparisons. */
    private void showComparison(BalanceRuns balance, Map<Integer, Map<String, BalanceRuns.Measured>> byLoad, BalanceRuns.Settings settings) {
        ClockKind clockKind = settings.clock();
        String kind = settings.kind();
        int runs = settings.runs();
        Output.Table table = output().table(Column.of("workload", "workload"), Column.of("load", r -> r.get("load") == null ? "n/a" : r.get("load")), Column.of("policy", "policy"),
                Column.of("makespan", "makespan", "%,d"), Column.of("ideal", "ideal_makespan", "%,.0f"),
                Column.of("efficiency", "efficiency", "%.3f"),
                Column.of("mean resp", r -> withInterval(r.getDouble("mean_response"), (Double) r.get("mean_response_ci95"))),
                Column.of("p99 resp", "p99_response", "%,.0f"), Column.of("msgs/task", "messages_per_task", "%.2f"),
                Column.of("migr/task", "migrations_per_task", "%.3f"), Column.of("tasks", "tasks"), Column.of("done", "tasks_done"),
                Column.of("share corr", "share_correlation", "%.3f"), Column.of("max/avg load", "max_avg_load", "%.2f"));
        byLoad.forEach((level, rows) -> rows.forEach((p, row) -> table.add(balance.row(level, p, row))));
        Output output = output();
        output.line("times in " + (clockKind == ClockKind.MODEL ? "model units" : "ns") + "; ideal = total work / total capacity;"
                + " share corr = correlation of each node's share of the work with its share of the capacity;"
                + " max/avg load = time average of the largest over the mean queued drain time"
                + (runs > 1 && clockKind == ClockKind.MODEL ? "; mean resp = mean over " + runs + " seeds +- the half-width of its 95 % interval" : "")
                + (kind.equals("poisson") ? "; poisson responses leave out the first " + Workloads.WARMUP_PERCENT + " % of the tasks (warm-up)" : ""));
        byLoad.forEach((level, rows) -> rows.forEach((p, row) -> {
            if (!row.result().policyEvents().isEmpty()) {
                List<String> each = new ArrayList<>();
                row.result().policyEvents().forEach((event, count) ->
                        each.add(String.format("%s %.3f", event, (double) count / row.result().tasks())));
                output.line(p + (level < 0 ? "" : " at load " + level) + ", per task: " + String.join(", ", each));
            }
        }));
        compare(byLoad);
    }

    /** What one task costs a run at the least, ns: measured here at about 35 us (200,000 poisson tasks on 4 nodes in 7 s). */
    private static final double NANOS_PER_TASK = 10_000;
    /** What a run costs per pair of nodes, ns: termination and balancing rounds; about 45 here (1,024 nodes, 48 s a run). */
    private static final double NANOS_PER_NODE_PAIR = 20;
    /** Heap a task takes: the task, its place in the queues and its response in the result. */
    private static final long BYTES_PER_TASK = 256;
    /** The uts trees' size, tasks: about 2,900 with the default seed (binomial). */
    private static final int UTS_TASKS = 3_000;

    /**
     * Refuses, before the first run, a load a workload does not take, nodes and tasks that do not
     * fit the heap (a node is a LogP processor receiving from its domain, {@link ProcessorHeap}),
     * and runs estimated beyond the time limit: each run at least {@link #NANOS_PER_TASK} a task,
     * {@link #NANOS_PER_NODE_PAIR} a pair of nodes and, on the wall clock, its ideal makespan.
     */
    private void refuseWhatCannotRun(String kind, long[] caps, List<Integer> levels, ClockKind clockKind, int runs) {
        int nodes = caps.length;
        long capacity = Arrays.stream(caps).sum();
        if (meanCost < 1) {
            throw new IllegalArgumentException("--mean-cost must be at least 1, got " + meanCost);
        }
        if (tasks != null && tasks < 1) {
            throw new IllegalArgumentException("--tasks must be at least 1, got " + tasks);
        }
        if (clockKind == ClockKind.WALL && unitNanos < 1) {
            throw new IllegalArgumentException("--unit must be at least 1 ns under the wall clock, got " + unitNanos);
        }
        double perLevelRuns = (sweep ? BalanceRuns.SWEEP_COSTS.length : 1) * policies.size() * (clockKind == ClockKind.WALL ? runs + 1 : runs);
        double total = 0;
        long mostTasks = 0;
        for (int level : levels) {
            long count;
            double idealUnits;
            switch (kind) {
                case "seed" -> {
                    if (level < 1) {
                        throw new IllegalArgumentException("--load for the seed workload is a load index of at least 1, got " + level);
                    }
                    count = Math.max(nodes, 4L * level * nodes / 5);
                    idealUnits = 10.0 * level;
                }
                case "poisson" -> {
                    if (level < 10 || level > 95) {
                        throw new IllegalArgumentException("--load for the poisson workload is a utilisation of 10..95 percent, got " + level);
                    }
                    count = tasks == null ? 20_000 : tasks;
                    idealUnits = count * (double) meanCost / (level / 100.0 * capacity);
                }
                case "hotspot" -> {
                    count = tasks == null ? 400 : tasks;
                    idealUnits = count * 100.0 / capacity;
                }
                default -> {
                    count = UTS_TASKS;
                    idealUnits = 0;
                }
            }
            mostTasks = Math.max(mostTasks, count);
            double run = count * NANOS_PER_TASK + (double) nodes * nodes * NANOS_PER_NODE_PAIR
                    + (clockKind == ClockKind.WALL ? idealUnits * unitNanos : 0);
            total += perLevelRuns * run;
        }
        Limits.heap(ProcessorHeap.needed(ProcessorHeap.Channels.LOG_P, nodes) + BYTES_PER_TASK * mostTasks,
                String.format("balance on %,d nodes (%,d bytes each as logplab scale measures, with room for the collector)"
                        + " with %,d tasks", nodes, ProcessorHeap.bytesPerProcessor(ProcessorHeap.Channels.LOG_P, nodes), mostTasks));
        timeLimit.check(total, String.format("%,.0f runs of %,d nodes and up to %,d tasks, each at least %.0f us a task and %.0f ns"
                + " a pair of nodes%s", perLevelRuns * levels.size(), nodes, mostTasks, NANOS_PER_TASK / 1e3, NANOS_PER_NODE_PAIR,
                clockKind == ClockKind.WALL ? ", and its ideal makespan at --unit" : ""));
    }

    /** One cost setting of the sweep: its rows, then a table of one line per policy and one column per load, and the best per load. */
    private void showSweep(BalanceRuns balance, BalanceRuns.SweepSetting s, List<Integer> levels, BalanceRuns.Settings settings) {
        balance.sweepRows(s).forEach(output()::record);
        List<String> header = new ArrayList<>(List.of("policy"));
        levels.forEach(level -> header.add(level + " %"));
        TextTable table = new TextTable(header.toArray(String[]::new));
        for (String p : policies) {
            List<Object> cells = new ArrayList<>(List.of(p));
            for (int level : levels) {
                cells.add(String.format("%s (%.3f)", withInterval(s.byLoad().get(level).get(p).response()),
                        BalanceRuns.ratioToBest(s, level, p)));
            }
            table.row(cells.toArray());
        }
        // The view of the rows above: one line per policy, one column per load.
        output().line("L/o/g = " + s.name() + ": mean response +- 95 % interval over " + settings.runs()
                + " seeds (ratio to the best at that load)");
        output().line(table.render().stripTrailing());
        List<String> bests = new ArrayList<>();
        s.best().forEach((level, p) -> bests.add(level + " % " + p
                + (clearlyBest(s.byLoad().get(level), p) ? "" : " (tied within the intervals)")));
        output().line("best: " + String.join(", ", bests));
        output().line("");
    }

    /** Whether {@code best}'s interval overlaps no other policy's. */
    private static boolean clearlyBest(Map<String, BalanceRuns.Measured> rows, String best) {
        MeanInterval b = rows.get(best).response();
        return rows.entrySet().stream().noneMatch(e -> !e.getKey().equals(best) && e.getValue().response().overlaps(b));
    }

    /** {@code mean +- half-width}, or the mean alone for one run. */
    private static String withInterval(MeanInterval m) {
        return withInterval(m.mean(), Double.isNaN(m.halfWidth()) ? null : m.halfWidth());
    }

    /** {@code mean +- half-width}, or the mean alone without a half-width (null). */
    private static String withInterval(double mean, Double halfWidth) {
        return halfWidth == null ? String.format("%,.1f", mean) : String.format("%,.1f +- %.1f", mean, halfWidth);
    }

    /**
     * Against the fork/join reference, and the classic comparison: which of light and heavy has the
     * lower mean response at each load (only where their 95 % intervals do not overlap), and where
     * bidirectional stands.
     */
    private void compare(Map<Integer, Map<String, BalanceRuns.Measured>> byLoad) {
        for (Map.Entry<Integer, Map<String, BalanceRuns.Measured>> e : byLoad.entrySet()) {
            BalanceRuns.Measured forkJoin = e.getValue().get("forkjoin");
            if (forkJoin != null) {
                StringBuilder b = new StringBuilder("makespan / forkjoin's:");
                e.getValue().forEach((name, r) -> {
                    if (!name.equals("forkjoin")) {
                        b.append(String.format(" %s %.3f", name, (double) r.result().makespan() / forkJoin.result().makespan()));
                    }
                });
                output().line(b.toString());
            }
            BalanceRuns.Measured light = e.getValue().get("light");
            BalanceRuns.Measured heavy = e.getValue().get("heavy");
            BalanceRuns.Measured both = e.getValue().get("bidirectional");
            if (light == null || heavy == null) {
                continue;
            }
            double l = light.response().mean();
            double h = heavy.response().mean();
            double best = Math.min(l, h);
            String bidirectional = both == null ? ""
                    : String.format("; bidirectional %.1f = %.3f x the better", both.response().mean(), both.response().mean() / best);
            if (Double.isNaN(light.response().halfWidth()) || Double.isNaN(heavy.response().halfWidth())) {
                // One run each: no interval, so no claim that either is better.
                output().line(String.format("load %s: light %.1f, heavy %.1f: one run each, so no interval to tell them apart"
                        + " (--reps 5 gives 95 %% intervals)%s", loadName(e.getKey()), l, h, bidirectional));
            } else if (light.response().overlaps(heavy.response())) {
                output().line(String.format("load %s: light %.1f and heavy %.1f: no clear difference (their 95 %% intervals overlap)%s",
                        loadName(e.getKey()), l, h, bidirectional));
            } else {
                output().line(String.format("load %s: lower mean response: %s (%.1f vs %.1f)%s", loadName(e.getKey()), h < l ? "heavy" : "light",
                        best, Math.max(l, h), bidirectional));
            }
        }
    }

    /** A load level as the lines say it: {@code n/a} for the workloads that have none (uts, hotspot). */
    private static String loadName(int level) {
        return level < 0 ? "n/a" : Integer.toString(level);
    }

    private Policies.Parameters parameters() {
        return new Policies.Parameters(lightFraction, probeLimit, heavyFraction, mk);
    }

    private long[] capacities() {
        long[] caps;
        if (capacities != null) {
            caps = capacities;
            if (nodes != null && nodes != caps.length) {
                throw new IllegalArgumentException("--capacity gives " + caps.length + " capacities but --nodes is " + nodes);
            }
        } else if (workload.equalsIgnoreCase("seed")) {
            // The seed's five capacities, repeated over as many nodes as asked for.
            int n = nodes == null ? SEED_CAPACITIES.length : nodes;
            if (n < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, got " + n);
            }
            caps = new long[n];
            for (int i = 0; i < n; i++) {
                caps[i] = SEED_CAPACITIES[i % SEED_CAPACITIES.length];
            }
        } else {
            int n = nodes == null ? (workload.equalsIgnoreCase("seed") ? 5 : 4) : nodes;
            if (n < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, got " + n);
            }
            caps = new long[n];
            Arrays.fill(caps, CAPACITY);
        }
        for (int i = 0; i < caps.length; i++) {
            if (caps[i] <= 0) {
                throw new IllegalArgumentException("capacity of node " + i + " must be positive, got " + caps[i]);
            }
        }
        return caps;
    }

    private List<Integer> loadLevels(String kind) {
        return switch (kind) {
            case "seed" -> loads == null ? List.of(50, 100, 180) : loads;
            case "poisson" -> loads == null ? List.of(10, 30, 50, 70, 90) : loads;
            case "uts", "hotspot" -> {
                if (loads != null) {
                    throw new IllegalArgumentException("--load applies to the seed and poisson workloads, not " + kind);
                }
                yield List.of(-1);
            }
            default -> throw new IllegalArgumentException("unknown workload '" + workload + "': use seed, poisson, uts or hotspot");
        };
    }
}
