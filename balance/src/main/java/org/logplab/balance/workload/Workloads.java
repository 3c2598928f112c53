package org.logplab.balance.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The workloads of issue 5 (all deterministic in their seed; times in time units, work in work units).
 * <ul>
 *   <li>{@link #seed}: the seed paper's scenario. <b>Load index</b> {@code X}: the total work is
 *       {@code W = 10 X sum(c)} work units, so the ideal makespan {@code W / sum(c)} is {@code 10 X}
 *       time units (50 light: 500; 100 normal: 1,000; 180 heavy: 1,800); it comes as
 *       {@code K = max(nodes, 4 X nodes / 5)} tasks (the seed's {@code 4 X} on its 5 nodes, as
 *       many per node on any other count) of uniform random cost summing exactly to {@code W},
 *       dealt round-robin (the equal initial split), all at time 0.</li>
 *   <li>{@link #poisson}: Poisson arrivals at <b>utilisation</b> {@code U} percent: every node gets
 *       arrivals at the same rate {@code lambda}, with {@code lambda nodes M = U/100 sum(c)} (the
 *       offered work rate is U % of the total capacity), {@code K} tasks in all, costs exponential or
 *       Pareto (shape 2.5, same mean {@code M}), rounded up to whole work units. The first
 *       {@value #WARMUP_PERCENT} % of the tasks are its warm-up ({@link Workload#steadyFrom()}):
 *       the queues start empty, and a mean over the first arrivals would be the transient.</li>
 *   <li>{@link UtsWorkload}: a tree of tasks that spawn tasks.</li>
 *   <li>{@link #hotspot}: {@code K} tasks of uniform cost (mean {@code m}) all on node 0 at time 0.</li>
 * </ul>
 */
public final class Workloads {
    /** Task cost distributions of the Poisson workload. */
    public enum Costs { EXPONENTIAL, PARETO }

    /** The share of a Poisson workload's tasks, in percent, whose responses are left out as its warm-up. */
    public static final int WARMUP_PERCENT = 10;

    /** The Pareto shape: a heavy tail with a finite variance. */
    public static final double PARETO_SHAPE = 2.5;

    private Workloads() {
    }

    /** The seed paper's scenario at load index {@code loadIndex} on nodes of the given capacities. */
    public static Workload seed(long[] capacities, int loadIndex, long seed) {
        if (loadIndex <= 0) {
            throw new IllegalArgumentException("load index must be positive, got " + loadIndex);
        }
        int nodes = capacities.length;
        long total = 10L * loadIndex * Arrays.stream(capacities).sum();
        // 4X tasks on the seed's 5 nodes; as many per node on more (or fewer) nodes.
        int count = (int) Math.max(nodes, Math.min(Integer.MAX_VALUE, 4L * loadIndex * nodes / 5));
        long[] costs = UniformCosts.summingTo(count, total, new SplittableRandom(seed));
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new Task(i, costs[i], 0, i % nodes, 0));
        }
        return new StaticWorkload("seed", tasks);
    }

    /** Poisson arrivals at {@code utilisation} percent (10..95), {@code count} tasks of mean cost {@code meanCost}. */
    public static Workload poisson(long[] capacities, int utilisation, int count, Costs costs, long meanCost,
            long seed) {
        if (utilisation < 10 || utilisation > 95) {
            throw new IllegalArgumentException("utilisation must be 10..95 percent, got " + utilisation);
        }
        if (count < 1 || meanCost < 1) {
            throw new IllegalArgumentException("need at least one task of mean cost >= 1, got " + count
                    + " tasks of mean " + meanCost);
        }
        int nodes = capacities.length;
        double totalRate = utilisation / 100.0 * Arrays.stream(capacities).sum() / meanCost;
        SplittableRandom r = new SplittableRandom(seed);
        List<Task> tasks = new ArrayList<>();
        double t = 0;
        double scale = meanCost * (PARETO_SHAPE - 1) / PARETO_SHAPE;
        for (int i = 0; i < count; i++) {
            t += -Math.log(1 - r.nextDouble()) / totalRate;
            double cost = costs == Costs.EXPONENTIAL ? -Math.log(1 - r.nextDouble()) * meanCost
                    : scale / Math.pow(1 - r.nextDouble(), 1 / PARETO_SHAPE);
            tasks.add(new Task(i, Math.max(1, (long) Math.ceil(cost)), (long) t, r.nextInt(nodes), 0));
        }
        return new StaticWorkload("poisson", tasks, tasks.get(count * WARMUP_PERCENT / 100).release());
    }

    /** {@code count} tasks of uniform cost with mean {@code meanCost}, all on node 0 at time 0. */
    public static Workload hotspot(int count, long meanCost, long seed) {
        if (count < 1 || meanCost < 1) {
            throw new IllegalArgumentException("need at least one task of mean cost >= 1, got " + count
                    + " tasks of mean " + meanCost);
        }
        long[] costs = UniformCosts.summingTo(count, count * meanCost, new SplittableRandom(seed));
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new Task(i, costs[i], 0, 0, 0));
        }
        return new StaticWorkload("hotspot", tasks);
    }
}
