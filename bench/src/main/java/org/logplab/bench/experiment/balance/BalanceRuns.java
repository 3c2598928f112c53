package org.logplab.bench.experiment.balance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import org.logplab.balance.BalanceConfig;
import org.logplab.balance.BalanceResult;
import org.logplab.balance.BalanceRun;
import org.logplab.balance.ForkJoinReference;
import org.logplab.balance.MeanInterval;
import org.logplab.balance.Topology;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.UtsWorkload;
import org.logplab.balance.workload.Workload;
import org.logplab.balance.workload.Workloads;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.Machine;

/**
 * The runs of one {@code logplab balance} (and of the demo's balancing section): every policy at
 * every load of one workload, each load's runs with seeds {@code seed..seed+runs-1} (the model
 * clock averages them; the wall clock shows the median makespan's run after one untimed warm-up
 * run), all on one machine that stays up (the node count and clock are the same throughout) and
 * the fork/join reference's on one pool. Close it to stop them. Times in model units, or ns on the
 * wall clock. The constants' arrays are shared: read them, never write them.
 */
public final class BalanceRuns implements AutoCloseable {
    /** The policies compared by default. */
    public static final String POLICIES = "none,light,heavy,bidirectional,stealing,adaptive";
    /** The message costs of a sweep (model units, L/o/g): cheap, the defaults, expensive. */
    public static final long[][] SWEEP_COSTS = {{2, 0, 1}, {10, 2, 4}, {50, 10, 20}};
    /** The seed paper's five nodes' capacities, work units per time unit. */
    public static final long[] SEED_CAPACITIES = {20, 90, 30, 20, 40};
    /** A node's capacity in the other workloads, by default, work units per time unit. */
    public static final long CAPACITY = 10;

    /**
     * What every run shares.
     *
     * @param kind seed, poisson, uts or hotspot (lower case)
     * @param tasks poisson and hotspot: the task count, null for the workload's default (20,000 and 400)
     * @param costs poisson: exponential (or exp) or pareto task costs
     * @param meanCost poisson: the mean task cost, work units
     * @param shape uts: binomial or geometric tree
     * @param unitNanos wall clock: how long one unit of work lasts, ns
     * @param runs runs per load and policy
     */
    public record Settings(String kind, long[] capacities, Topology topology, ClockKind clock, List<String> policies,
                           Policies.Parameters parameters, Integer tasks, String costs, long meanCost, String shape,
                           long unitNanos, long seed, int runs) {

        /**
         * The model clock with the command's defaults (every policy of {@link #POLICIES} with the
         * default parameters, exponential costs of mean 1,000, seed 1, a complete network).
         */
        public static Settings model(String kind, long[] capacities, Integer tasks, int runs) {
            return new Settings(kind, capacities, Topology.parse("complete"), ClockKind.MODEL,
                    List.of(POLICIES.split(",")), Policies.Parameters.DEFAULTS, tasks, "exponential", 1000, "binomial",
                    1000, 1, runs);
        }

        /**
         * The seeds a row is over: {@link #runs} on the model clock, whose runs are independent
         * seeds averaged with their task counts summed; 1 on the wall clock, whose row is one
         * run (the median makespan's) of the same seed.
         */
        public int seeds() {
            return clock == ClockKind.MODEL ? runs : 1;
        }

        /**
         * The line above a table whose rows are over several seeds, such as
         * {@code 5 seeds x 2,000 tasks per row: ...}; empty for one seed. {@code tasksPerRow} is a
         * row's summed task count.
         */
        public Optional<String> seedsLine(long tasksPerRow) {
            if (seeds() < 2) {
                return Optional.empty();
            }
            return Optional.of(String.format("%d seeds x %,d tasks per row (seeds %d..%d): tasks and done are summed"
                    + " over the seeds, the other figures are their means", seeds(), tasksPerRow / seeds(), seed,
                    seed + seeds() - 1));
        }
    }

    /** One load and policy's result (the mean over the seeds) and the 95 % interval of its mean response. */
    public record Measured(BalanceResult result, MeanInterval response) { }

    /**
     * One message cost of a sweep: each load's policies, measured, and the policy with the lowest
     * mean response per load.
     */
    public record SweepSetting(long[] cost, Map<Integer, Map<String, Measured>> byLoad, Map<Integer, String> best) {
        /** {@code L/o/g}, e.g. {@code 2/0/1}. */
        public String name() {
            return cost[0] + "/" + cost[1] + "/" + cost[2];
        }

        /** A policy's mean response at a load over the best policy's there. */
        public double ratioToBest(int level, String policy) {
            Map<String, Measured> byPolicy = byLoad.get(level);
            return byPolicy.get(policy).response().mean() / byPolicy.get(best.get(level)).response().mean();
        }

        /** Whether the best policy's interval at a load overlaps no other policy's there. */
        public boolean clearlyBest(int level) {
            Map<String, Measured> rows = byLoad.get(level);
            String b = best.get(level);
            MeanInterval interval = rows.get(b).response();
            return rows.entrySet().stream()
                    .noneMatch(e -> !e.getKey().equals(b) && e.getValue().response().overlaps(interval));
        }
    }

    private final Settings settings;
    private Machine machine;
    private ForkJoinPool forkJoinPool;

    /** Runs with these settings; nothing starts before the first run. */
    public BalanceRuns(Settings settings) {
        this.settings = settings;
    }

    /**
     * Every policy at every load (-1 for the workloads without one) under {@code L, o, g},
     * announcing each to {@code steps}; {@code sweep} adds the costs to what it announces.
     *
     * @throws IllegalStateException if a run executed a task other than exactly once
     */
    public Map<Integer, Map<String, Measured>> measure(List<Integer> levels, long l, long o, long g, Progress steps,
                                                       boolean sweep) {
        Map<Integer, Map<String, Measured>> byLoad = new LinkedHashMap<>();
        for (int level : levels) {
            for (String p : settings.policies()) {
                steps.step(settings.kind() + (level >= 0 ? " load " + level : "") + ", " + p
                        + (sweep ? " (L " + l + ", o " + o + ", g " + g + ")" : ""));
                Measured row;
                if (settings.clock() == ClockKind.WALL) {
                    BalanceResult r = median(config(level, p, settings.seed(), l, o, g), p.equals("forkjoin"));
                    row = new Measured(r, MeanInterval.of(r.meanResponse()));
                } else {
                    // Model runs are exact: repetitions are independent seeds, averaged.
                    List<BalanceResult> results = new ArrayList<>();
                    for (int i = 0; i < settings.runs(); i++) {
                        results.add(runOnce(config(level, p, settings.seed() + i, l, o, g), false));
                    }
                    row = new Measured(settings.runs() == 1 ? results.get(0) : BalanceResult.average(results),
                            MeanInterval.of(results.stream().mapToDouble(BalanceResult::meanResponse).toArray()));
                }
                BalanceResult r = row.result();
                if (!r.exactlyOnce()) {
                    throw new IllegalStateException(p + " on " + settings.kind() + ": " + r.tasksDone() + " of "
                            + r.tasks() + " task executions counted (" + r.missing() + " missing, " + r.duplicated()
                            + " duplicated)");
                }
                byLoad.computeIfAbsent(level, k -> new LinkedHashMap<>()).put(p, row);
            }
        }
        return byLoad;
    }

    /**
     * One setting of the sweep (model clock): under {@code cost} (L, o, g), every policy at every
     * load, and the best per load.
     */
    public SweepSetting sweep(long[] cost, List<Integer> levels, Progress steps) {
        Map<Integer, Map<String, Measured>> byLoad = measure(levels, cost[0], cost[1], cost[2], steps, true);
        Map<Integer, String> best = new LinkedHashMap<>();
        byLoad.forEach((level, rows) -> best.put(level, bestPolicy(rows)));
        return new SweepSetting(cost, byLoad, best);
    }

    /**
     * The rows of one sweep setting: per policy and load, {@link #row} with {@code cost_setting},
     * {@code L}, {@code o}, {@code g}, {@code best_policy} and {@code ratio_to_best}.
     */
    public List<Row> sweepRows(SweepSetting s) {
        List<Row> rows = new ArrayList<>();
        for (String p : settings.policies()) {
            s.byLoad().forEach((level, byPolicy) -> rows.add(row(level, p, byPolicy.get(p))
                    .put("cost_setting", s.name()).put("L", s.cost()[0]).put("o", s.cost()[1]).put("g", s.cost()[2])
                    .put("best_policy", s.best().get(level)).put("ratio_to_best", s.ratioToBest(level, p))));
        }
        return rows;
    }

    /**
     * The row of one load and policy: the fields {@code logplab balance} lists ({@code clock} as
     * {@code --clock} names it: model or wall).
     */
    public Row row(int level, String policy, Measured row) {
        BalanceResult r = row.result();
        return new Row().put("policy", policy).put("workload", settings.kind()).put("load", level < 0 ? null : level)
                .put("makespan", r.makespan()).put("ideal_makespan", r.idealMakespan())
                .put("efficiency", r.efficiency()).put("mean_response", r.meanResponse())
                .put("p99_response", r.p99Response()).put("messages_per_task", r.messagesPerTask())
                .put("migrations_per_task", r.migrationsPerTask()).put("tasks", r.tasks())
                .put("tasks_done", r.tasksDone()).put("seeds", settings.seeds())
                .put("clock", settings.clock().name().toLowerCase(Locale.ROOT))
                .put("nodes", settings.capacities().length)
                .put("topology", settings.topology().toString()).put("termination_messages", r.terminationMessages())
                .put("share_correlation", Double.isNaN(r.shareCorrelation()) ? null : r.shareCorrelation())
                .put("max_avg_load", Double.isNaN(r.maxAvgLoad()) ? null : r.maxAvgLoad())
                .put("work_shares", r.workShares())
                .put("capacity_shares", r.capacityShares())
                .put("mean_response_ci95", Double.isNaN(row.response().halfWidth()) ? null : row.response().halfWidth())
                .put("policy_events", r.policyEvents());
    }

    /** The policy with the lowest mean response. */
    private static String bestPolicy(Map<String, Measured> rows) {
        String best = null;
        for (Map.Entry<String, Measured> e : rows.entrySet()) {
            if (best == null || e.getValue().response().mean() < rows.get(best).response().mean()) {
                best = e.getKey();
            }
        }
        return best;
    }

    @Override
    public void close() {
        if (machine != null) {
            machine.close();
            machine = null;
        }
        if (forkJoinPool != null) {
            forkJoinPool.shutdownNow();
            forkJoinPool = null;
        }
    }

    private BalanceConfig config(int level, String policy, long runSeed, long l, long o, long g) {
        return new BalanceConfig(workload(level, runSeed), settings.capacities(), settings.topology(),
                policy.equals("forkjoin") ? Policies.parse("none") : Policies.parse(policy, settings.parameters()),
                l, o, g, settings.clock(), settings.unitNanos(), runSeed, Duration.ofMinutes(10));
    }

    private BalanceResult median(BalanceConfig config, boolean forkJoin) {
        List<BalanceResult> results = new ArrayList<>();
        // One untimed run first: a cold JIT costs a node microseconds per task.
        runOnce(config, forkJoin);
        for (int i = 0; i < settings.runs(); i++) {
            results.add(runOnce(config, forkJoin));
        }
        results.sort((a, b) -> Long.compare(a.makespan(), b.makespan()));
        return results.get(results.size() / 2);
    }

    /**
     * One run of {@code config}, on the machine (or, for the reference, the pool): the
     * configurations share the node count and clock, so starting threads for each run would only
     * add their start to every small run.
     */
    private BalanceResult runOnce(BalanceConfig config, boolean forkJoin) {
        if (forkJoin) {
            if (forkJoinPool == null) {
                forkJoinPool = new ForkJoinPool(config.nodes());
            }
            return ForkJoinReference.run(forkJoinPool, config);
        }
        if (machine == null) {
            machine = Machine.open(BalanceRun.runConfig(config));
        }
        return BalanceRun.run(machine, config);
    }

    private Workload workload(int level, long seed) {
        long[] caps = settings.capacities();
        Integer tasks = settings.tasks();
        return switch (settings.kind()) {
            case "seed" -> Workloads.seed(caps, level, seed);
            case "poisson" -> Workloads.poisson(caps, level, tasks == null ? 20_000 : tasks,
                    switch (settings.costs().toLowerCase(Locale.ROOT)) {
                        case "exponential", "exp" -> Workloads.Costs.EXPONENTIAL;
                        case "pareto" -> Workloads.Costs.PARETO;
                        default -> throw new IllegalArgumentException("unknown cost distribution '" + settings.costs()
                                + "': use exponential or pareto");
                    }, settings.meanCost(), seed);
            case "uts" -> switch (settings.shape().toLowerCase(Locale.ROOT)) {
                case "binomial" -> UtsWorkload.binomial(seed);
                case "geometric" -> UtsWorkload.geometric(seed);
                default -> throw new IllegalArgumentException("unknown tree shape '" + settings.shape()
                        + "': use binomial or geometric");
            };
            case "hotspot" -> Workloads.hotspot(tasks == null ? 400 : tasks, 100, seed);
            default -> throw new IllegalArgumentException("unknown workload '" + settings.kind() + "'");
        };
    }
}
