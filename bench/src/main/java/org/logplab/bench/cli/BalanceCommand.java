package org.logplab.bench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import org.logplab.balance.BalanceConfig;
import org.logplab.balance.BalanceResult;
import org.logplab.balance.BalanceRun;
import org.logplab.balance.ForkJoinReference;
import org.logplab.balance.Topology;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.UtsWorkload;
import org.logplab.balance.workload.Workload;
import org.logplab.balance.workload.Workloads;
import org.logplab.core.ClockKind;
import org.logplab.core.Machine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code logplab balance}: the load-balancing policies side by side on one workload, one row per
 * load and policy. Under the model clock every number is exact and reproducible; times are model
 * units (or ns under the wall clock). JSON fields: {@code policy}, {@code workload}, {@code load},
 * {@code makespan}, {@code ideal_makespan}, {@code efficiency}, {@code mean_response},
 * {@code p99_response}, {@code messages_per_task}, {@code migrations_per_task}, {@code tasks},
 * {@code tasks_done}, then {@code clock}, {@code nodes}, {@code topology},
 * {@code termination_messages}, {@code share_correlation}, {@code max_avg_load}, {@code work_shares},
 * {@code capacity_shares}. With {@code --reps R} under the model clock the row is the mean of R runs
 * with seeds {@code S..S+R-1} and the task counts are summed over them. Every run of the command
 * (all loads, policies and repetitions have the same node count and clock) is on one machine that
 * stays up, and the fork/join reference's on one pool.
 */
@Command(name = "balance", header = "Compare load-balancing policies on the LogP runtime.")
final class BalanceCommand extends CommandBase {
    private static final long[] SEED_CAPACITIES = {20, 90, 30, 20, 40};

    @Option(names = "--policy", split = ",", defaultValue = "none,light,heavy,bidirectional,stealing",
            description = "Policies: none, light, heavy, bidirectional, stealing, forkjoin (wall clock only).")
    List<String> policies;

    @Option(names = "--workload", defaultValue = "seed", description = "seed, poisson, uts or hotspot (default seed).")
    String workload;

    @Option(names = "--load", split = ",",
            description = "seed: load indices (default 50,100,180); poisson: utilisation percent 10..95 (default 10,30,50,70,90).")
    List<Integer> loads;

    @Option(names = "--nodes", description = "Nodes (default: the capacities given, else 5 for seed, 4 otherwise).")
    Integer nodes;

    @Option(names = "--capacity", split = ",", description = "Capacity per node, work units per time unit (default seed: 20,90,30,20,40; else 10 each).")
    long[] capacities;

    @Option(names = "--topology", defaultValue = "complete", description = "ring, mesh or complete (default complete).")
    String topology;

    @Option(names = "--L", defaultValue = "10", converter = DurationNanosConverter.class,
            description = "Latency: model units, or a duration such as 50us under the wall clock (default 10).")
    long latency;

    @Option(names = "--o", defaultValue = "2", converter = DurationNanosConverter.class, description = "Overhead (default 2).")
    long overhead;

    @Option(names = "--g", defaultValue = "4", converter = DurationNanosConverter.class, description = "Gap (default 4).")
    long gap;

    @Option(names = "--clock", defaultValue = "model", description = "model (exact, default) or wall.")
    String clock;

    @Option(names = "--unit", defaultValue = "1us", converter = DurationNanosConverter.class,
            description = "Wall clock: how long one time unit of work lasts (default 1us).")
    long unitNanos;

    @Option(names = "--tasks", description = "poisson: tasks in all (default 2000); hotspot: tasks (default 400).")
    Integer tasks;

    @Option(names = "--costs", defaultValue = "exponential", description = "poisson: exponential or pareto task costs.")
    String costs;

    @Option(names = "--mean-cost", defaultValue = "1000",
            description = "poisson: mean task cost, work units (default 1000: 100 time units on capacity 10, ten times L).")
    long meanCost;

    @Option(names = "--shape", defaultValue = "binomial", description = "uts: binomial or geometric tree.")
    String shape;

    @Option(names = "--reps", defaultValue = "1", description = "Wall clock: timed repetitions after one untimed warm-up run,"
            + " the median makespan's run shown; model clock: runs with seeds S, S+1, ..., averaged (task counts summed).")
    int reps;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the workload and the policies.")
    long seed;

    @Option(names = "--light-fraction", defaultValue = "0.5", description = "light: a node asks below this fraction of its fair share (default 0.5).")
    double lightFraction;

    @Option(names = "--probe-limit", defaultValue = "0", description = "light: the most members asked per round, 0 for all heavy ones (default 0).")
    int probeLimit;

    @Option(names = "--heavy-fraction", defaultValue = "1.5", description = "heavy: a node pushes above this multiple of its fair share (default 1.5).")
    double heavyFraction;

    @Option(names = "--mk", defaultValue = "2", description = "bidirectional: a node is a sender with more than this many tasks queued (default 2).")
    int mk;

    /** The machine of every LogP run of this command, opened by the first; closed when the command ends. */
    private Machine machine;
    /** The pool of every fork/join run of this command, made by the first. */
    private ForkJoinPool forkJoinPool;

    @Override
    int execute() {
        try {
            return compareAll();
        } finally {
            if (machine != null) {
                machine.close();
                machine = null;
            }
            if (forkJoinPool != null) {
                forkJoinPool.shutdownNow();
                forkJoinPool = null;
            }
        }
    }

    private int compareAll() {
        ClockKind clockKind = switch (clock.toLowerCase(Locale.ROOT)) {
            case "model" -> ClockKind.MODEL;
            case "wall" -> ClockKind.WALL;
            default -> throw new IllegalArgumentException("unknown clock '" + clock + "': use model or wall");
        };
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
        if (reps < 1) {
            throw new IllegalArgumentException("--reps must be at least 1, got " + reps);
        }
        List<Integer> levels = loadLevels(kind);
        if (clockKind == ClockKind.WALL) {
            warnIfOversubscribed(caps.length);
        }
        TextTable table = new TextTable("workload", "load", "policy", "makespan", "ideal", "efficiency", "mean resp", "p99 resp",
                "msgs/task", "migr/task", "tasks", "done", "share corr", "max/avg load");
        Map<Integer, Map<String, BalanceResult>> byLoad = new LinkedHashMap<>();
        for (int level : levels) {
            for (String p : policies) {
                note("balance: " + kind + (level >= 0 ? " load " + level : "") + ", " + p + "...");
                BalanceResult r;
                if (clockKind == ClockKind.WALL) {
                    r = median(config(kind, caps, level, top, p, clockKind, seed), p.equals("forkjoin"), reps);
                } else {
                    // Model runs are exact: repetitions are independent seeds, averaged.
                    List<BalanceResult> runs = new ArrayList<>();
                    for (int i = 0; i < reps; i++) {
                        runs.add(runOnce(config(kind, caps, level, top, p, clockKind, seed + i), false));
                    }
                    r = reps == 1 ? runs.get(0) : BalanceResult.average(runs);
                }
                if (!r.exactlyOnce()) {
                    throw new IllegalStateException(p + " on " + kind + ": " + r.tasksDone() + " of " + r.tasks()
                            + " task executions counted (" + r.missing() + " missing, " + r.duplicated() + " duplicated)");
                }
                byLoad.computeIfAbsent(level, k -> new LinkedHashMap<>()).put(p, r);
                if (json) {
                    printJson(row(kind, level, p, r, clockKind, caps.length, top));
                } else {
                    table.row(kind, level < 0 ? "-" : String.valueOf(level), p, String.format("%,d", r.makespan()),
                            String.format("%,.0f", r.idealMakespan()), String.format("%.3f", r.efficiency()),
                            String.format("%,.1f", r.meanResponse()), String.format("%,.0f", r.p99Response()),
                            String.format("%.2f", r.messagesPerTask()), String.format("%.3f", r.migrationsPerTask()),
                            String.valueOf(r.tasks()), String.valueOf(r.tasksDone()),
                            Double.isNaN(r.shareCorrelation()) ? "-" : String.format("%.3f", r.shareCorrelation()),
                            Double.isNaN(r.maxAvgLoad()) ? "-" : String.format("%.2f", r.maxAvgLoad()));
                }
            }
        }
        if (!json) {
            out().print(table.render());
            out().println("times in " + (clockKind == ClockKind.MODEL ? "model units" : "ns") + "; ideal = total work / total capacity;"
                    + " share corr = correlation of each node's share of the work with its share of the capacity;"
                    + " max/avg load = time average of the largest over the mean queued drain time");
            compare(byLoad);
        }
        return 0;
    }

    /** Against the fork/join reference, and the classic comparison: which of light and heavy has the lower mean response at each load, and where bidirectional stands. */
    private void compare(Map<Integer, Map<String, BalanceResult>> byLoad) {
        for (Map.Entry<Integer, Map<String, BalanceResult>> e : byLoad.entrySet()) {
            BalanceResult forkJoin = e.getValue().get("forkjoin");
            if (forkJoin != null) {
                StringBuilder b = new StringBuilder("makespan / forkjoin's:");
                e.getValue().forEach((name, r) -> {
                    if (!name.equals("forkjoin")) {
                        b.append(String.format(" %s %.3f", name, (double) r.makespan() / forkJoin.makespan()));
                    }
                });
                out().println(b);
            }
            BalanceResult light = e.getValue().get("light");
            BalanceResult heavy = e.getValue().get("heavy");
            BalanceResult both = e.getValue().get("bidirectional");
            if (light == null || heavy == null) {
                continue;
            }
            boolean heavyBetter = heavy.meanResponse() < light.meanResponse();
            double best = Math.min(light.meanResponse(), heavy.meanResponse());
            out().printf("load %d: lower mean response: %s (%.1f vs %.1f)%s%n", e.getKey(), heavyBetter ? "heavy" : "light",
                    best, Math.max(light.meanResponse(), heavy.meanResponse()),
                    both == null ? "" : String.format("; bidirectional %.1f = %.3f x the better", both.meanResponse(), both.meanResponse() / best));
        }
    }

    private Policies.Parameters parameters() {
        return new Policies.Parameters(lightFraction, probeLimit, heavyFraction, mk);
    }

    private BalanceConfig config(String kind, long[] caps, int level, Topology top, String policy, ClockKind clockKind, long runSeed) {
        return new BalanceConfig(workload(kind, caps, level, runSeed), caps, top,
                policy.equals("forkjoin") ? Policies.parse("none") : Policies.parse(policy, parameters()), latency, overhead, gap, clockKind,
                unitNanos, runSeed, Duration.ofMinutes(10));
    }

    private BalanceResult median(BalanceConfig config, boolean forkJoin, int runs) {
        List<BalanceResult> results = new ArrayList<>();
        if (config.clock() == ClockKind.WALL) {
            // One untimed run first: a cold JIT costs a node microseconds per task.
            Object warmUp = runOnce(config, forkJoin);
        }
        for (int i = 0; i < runs; i++) {
            results.add(runOnce(config, forkJoin));
        }
        results.sort((a, b) -> Long.compare(a.makespan(), b.makespan()));
        return results.get(results.size() / 2);
    }

    /**
     * One run of {@code config}, on the command's machine (or, for the reference, its pool): the
     * configurations of one command share the node count and clock, so starting threads for each
     * run would only add their start to every small run.
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

    private Map<String, Object> row(String kind, int level, String policy, BalanceResult r, ClockKind clockKind, int n, Topology top) {
        Map<String, Object> f = fields();
        f.put("policy", policy);
        f.put("workload", kind);
        f.put("load", level < 0 ? null : level);
        f.put("makespan", r.makespan());
        f.put("ideal_makespan", r.idealMakespan());
        f.put("efficiency", r.efficiency());
        f.put("mean_response", r.meanResponse());
        f.put("p99_response", r.p99Response());
        f.put("messages_per_task", r.messagesPerTask());
        f.put("migrations_per_task", r.migrationsPerTask());
        f.put("tasks", r.tasks());
        f.put("tasks_done", r.tasksDone());
        f.put("clock", clockKind.name().toLowerCase(Locale.ROOT));
        f.put("nodes", n);
        f.put("topology", top.toString());
        f.put("termination_messages", r.terminationMessages());
        f.put("share_correlation", Double.isNaN(r.shareCorrelation()) ? null : r.shareCorrelation());
        f.put("max_avg_load", Double.isNaN(r.maxAvgLoad()) ? null : r.maxAvgLoad());
        f.put("work_shares", r.workShares());
        f.put("capacity_shares", r.capacityShares());
        return f;
    }

    private long[] capacities() {
        long[] caps;
        if (capacities != null) {
            caps = capacities;
            if (nodes != null && nodes != caps.length) {
                throw new IllegalArgumentException("--capacity gives " + caps.length + " capacities but --nodes is " + nodes);
            }
        } else if (workload.equalsIgnoreCase("seed") && (nodes == null || nodes == 5)) {
            caps = SEED_CAPACITIES;
        } else {
            int n = nodes == null ? (workload.equalsIgnoreCase("seed") ? 5 : 4) : nodes;
            if (n < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, got " + n);
            }
            caps = new long[n];
            Arrays.fill(caps, 10);
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

    private Workload workload(String kind, long[] caps, int level, long seed) {
        return switch (kind) {
            case "seed" -> Workloads.seed(caps, level, seed);
            case "poisson" -> Workloads.poisson(caps, level, tasks == null ? 2000 : tasks, switch (costs.toLowerCase(Locale.ROOT)) {
                case "exponential", "exp" -> Workloads.Costs.EXPONENTIAL;
                case "pareto" -> Workloads.Costs.PARETO;
                default -> throw new IllegalArgumentException("unknown cost distribution '" + costs + "': use exponential or pareto");
            }, meanCost, seed);
            case "uts" -> switch (shape.toLowerCase(Locale.ROOT)) {
                case "binomial" -> UtsWorkload.binomial(seed);
                case "geometric" -> UtsWorkload.geometric(seed);
                default -> throw new IllegalArgumentException("unknown tree shape '" + shape + "': use binomial or geometric");
            };
            case "hotspot" -> Workloads.hotspot(tasks == null ? 400 : tasks, 100, seed);
            default -> throw new IllegalArgumentException("unknown workload '" + workload + "'");
        };
    }
}
