package org.logplab.bench.experiment.balance;

import java.util.Arrays;
import java.util.List;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.core.ClockKind;

/**
 * What the runs of one {@code logplab balance} need before the first starts, from their settings
 * alone: heap for the nodes (each a LogP processor receiving from its domain, {@link ProcessorHeap})
 * and the most tasks of a run, and time: each run at least a floor per task and per pair of nodes
 * (the {@link #basis() basis} names them) and, on the wall clock, its ideal makespan (total work
 * over total capacity) at the settings' unit. The loads are those the workload takes (the caller
 * checks them). Times in ns.
 */
public final class BalanceCost {
    /**
     * What one task costs a run at the least, ns: a floor well below what runs take, so that no run
     * that fits the limit is refused.
     */
    private static final double NANOS_PER_TASK = 10_000;
    /** What a run costs per pair of nodes, ns (termination and balancing rounds): a floor, as above. */
    private static final double NANOS_PER_NODE_PAIR = 20;
    /** Heap a task takes: the task, its place in the queues and its response in the result. */
    private static final long BYTES_PER_TASK = 256;
    /** The uts trees' size, tasks: about 2,900 with the default seed (binomial). */
    private static final int UTS_TASKS = 3_000;

    private final int nodes;
    private final boolean wall;
    private final double runs;
    private final long mostTasks;
    private final double nanos;

    /**
     * The cost of every policy at every load of {@code levels} (-1 for the workloads without one),
     * with the settings' runs per load (one more, the warm-up, on the wall clock), under each of
     * the {@link BalanceRuns#SWEEP_COSTS} when {@code sweep}.
     */
    public BalanceCost(BalanceRuns.Settings settings, List<Integer> levels, boolean sweep) {
        long[] caps = settings.capacities();
        nodes = caps.length;
        wall = settings.clock() == ClockKind.WALL;
        long capacity = Arrays.stream(caps).sum();
        double perLevelRuns = (sweep ? BalanceRuns.SWEEP_COSTS.length : 1) * settings.policies().size()
                * (wall ? settings.runs() + 1 : settings.runs());
        Integer tasks = settings.tasks();
        double total = 0;
        long most = 0;
        for (int level : levels) {
            long count;
            double idealUnits;
            switch (settings.kind()) {
                case "seed" -> {
                    count = Math.max(nodes, 4L * level * nodes / 5);
                    idealUnits = 10.0 * level;
                }
                case "poisson" -> {
                    count = tasks == null ? 20_000 : tasks;
                    idealUnits = count * (double) settings.meanCost() / (level / 100.0 * capacity);
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
            most = Math.max(most, count);
            double run = count * NANOS_PER_TASK + (double) nodes * nodes * NANOS_PER_NODE_PAIR
                    + (wall ? idealUnits * settings.unitNanos() : 0);
            total += perLevelRuns * run;
        }
        runs = perLevelRuns * levels.size();
        mostTasks = most;
        nanos = total;
    }

    /** Refuses ({@link Limits#heap}) nodes and tasks that do not fit the heap. */
    public void refuseBeyondHeap() {
        Limits.heap(ProcessorHeap.needed(ProcessorHeap.Channels.LOG_P, nodes) + BYTES_PER_TASK * mostTasks,
                String.format("balance on %,d nodes (%,d bytes each as logplab scale measures, with room for the"
                        + " collector) with %,d tasks", nodes,
                        ProcessorHeap.bytesPerProcessor(ProcessorHeap.Channels.LOG_P, nodes), mostTasks));
    }

    /** The least time the runs take, ns. */
    public double nanos() {
        return nanos;
    }

    /** How {@link #nanos()} was estimated, for the refusal's message. */
    public String basis() {
        return String.format("%,.0f runs of %,d nodes and up to %,d tasks, each at least %.0f us a task and %.0f ns"
                + " a pair of nodes%s", runs, nodes, mostTasks, NANOS_PER_TASK / 1e3, NANOS_PER_NODE_PAIR,
                wall ? ", and its ideal makespan at --unit" : "");
    }
}
