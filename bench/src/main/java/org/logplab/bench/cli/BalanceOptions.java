package org.logplab.bench.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.logplab.balance.Topology;
import org.logplab.balance.policy.Policies;
import org.logplab.bench.experiment.balance.BalanceRuns;
import org.logplab.core.ClockKind;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab balance} beside the clock's and the time limit's: the policies and
 * their parameters, the workload, loads, nodes and capacities, the topology, repetitions and seed;
 * and their checks, each refusing bad input with an {@link IllegalArgumentException} that names
 * the option. Capacities are work units per time unit; {@code --unit} is ns.
 */
final class BalanceOptions {

    @Option(names = "--policy", split = ",", defaultValue = BalanceRuns.POLICIES,
            description = "Policies: none, light, heavy, bidirectional, stealing, adaptive, forkjoin "
                    + "(wall clock only).")
    List<String> policies;

    @Option(names = "--sweep", description = "Poisson load on the model clock: every policy at every load (default "
            + "10,30,50,70,90) under three message costs (L/o/g = 2/0/1, 10/2/4, 50/10/20); the best policy per load "
            + "and every policy's ratio to it, with 95 %% intervals.")
    boolean sweep;

    @Option(names = "--workload", defaultValue = "seed", description = "seed, poisson, uts or hotspot (default seed).")
    String workload;

    @Option(names = "--load", split = ",", description = "seed: load indices (default 50,100,180); poisson: "
            + "utilisation percent 10..95 (default 10,30,50,70,90).")
    List<Integer> loads;

    @Option(names = "--nodes", description = "Nodes (default: the capacities given, else 5 for seed, 4 otherwise).")
    Integer nodes;

    @Option(names = "--capacity", split = ",", description = "Capacity per node, work units per time unit (default "
            + "seed: 20,90,30,20,40, repeated over --nodes; else 10 each).")
    long[] capacities;

    @Option(names = "--topology", defaultValue = "complete", description = "ring, mesh or complete (default complete; "
            + "on more than 17 nodes a complete network's domains are the members at power-of-two distances, "
            + "2 log2(n) - 1 of them).")
    String topology;

    @Option(names = "--unit", defaultValue = "1us", converter = DurationNanosConverter.class,
            description = "Wall clock: how long one time unit of work lasts (default 1us).")
    long unitNanos;

    @Option(names = "--tasks", description = "poisson: tasks per run (default 20000, the first 10 %% a warm-up left "
            + "out of the responses); hotspot: tasks (default 400).")
    Integer tasks;

    @Option(names = "--costs", defaultValue = "exponential", description = "poisson: exponential or pareto task costs.")
    String costs;

    @Option(names = "--mean-cost", defaultValue = "1000",
            description = "poisson: mean task cost, work units (default 1000: 100 time units on capacity 10, "
                    + "ten times L).")
    long meanCost;

    @Option(names = "--shape", defaultValue = "binomial", description = "uts: binomial or geometric tree.")
    String shape;

    @Option(names = "--reps", description = "Wall clock: timed repetitions after one untimed warm-up run,"
            + " the median makespan's run shown; model clock: runs with seeds S, S+1, ..., averaged (task counts"
            + " summed), with a 95 %% interval of the mean response (default 5 for poisson on the model clock,"
            + " else 1).")
    Integer reps;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the workload and the policies.")
    long seed;

    @Option(names = "--light-fraction", defaultValue = "0.5",
            description = "light: a node asks below this fraction of its fair share (default 0.5).")
    double lightFraction;

    @Option(names = "--probe-limit", defaultValue = "0",
            description = "light: the most members asked per round, 0 for all heavy ones (default 0).")
    int probeLimit;

    @Option(names = "--heavy-fraction", defaultValue = "1.5",
            description = "heavy: a node pushes above this multiple of its fair share (default 1.5).")
    double heavyFraction;

    @Option(names = "--mk", defaultValue = "2",
            description = "bidirectional: a node is a sender with more than this many tasks queued (default 2).")
    int mk;

    /** The workload, lower case. */
    String kind() {
        return workload.toLowerCase(Locale.ROOT);
    }

    /** The policies' parameters. */
    Policies.Parameters parameters() {
        return new Policies.Parameters(lightFraction, probeLimit, heavyFraction, mk);
    }

    /**
     * The nodes' capacities: those given, else the seed's five repeated over {@code --nodes}, else
     * {@link BalanceRuns#CAPACITY} each; every one positive.
     */
    long[] capacities() {
        long[] caps;
        if (capacities != null) {
            caps = capacities;
            if (nodes != null && nodes != caps.length) {
                throw new IllegalArgumentException("--capacity gives " + caps.length + " capacities but --nodes is "
                        + nodes);
            }
        } else if (workload.equalsIgnoreCase("seed")) {
            // The seed's five capacities, repeated over as many nodes as asked for.
            long[] seedCapacities = BalanceRuns.SEED_CAPACITIES;
            int n = nodes == null ? seedCapacities.length : nodes;
            if (n < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, got " + n);
            }
            caps = new long[n];
            for (int i = 0; i < n; i++) {
                caps[i] = seedCapacities[i % seedCapacities.length];
            }
        } else {
            int n = nodes == null ? (workload.equalsIgnoreCase("seed") ? 5 : 4) : nodes;
            if (n < 1) {
                throw new IllegalArgumentException("--nodes must be at least 1, got " + n);
            }
            caps = new long[n];
            Arrays.fill(caps, BalanceRuns.CAPACITY);
        }
        for (int i = 0; i < caps.length; i++) {
            if (caps[i] <= 0) {
                throw new IllegalArgumentException("capacity of node " + i + " must be positive, got " + caps[i]);
            }
        }
        return caps;
    }

    /** Refuses an unknown policy, and the fork/join reference on the model clock. */
    void checkPolicies(ClockKind clock) {
        for (String p : policies) {
            if (!p.equals("forkjoin")) {
                Policies.parse(p, parameters());
            } else if (clock == ClockKind.MODEL) {
                throw new IllegalArgumentException("forkjoin runs only under the wall clock (--clock wall): it has no"
                        + " model time");
            }
        }
    }

    /** Runs per load and policy: {@code --reps}, by default 5 for poisson on the model clock and else 1. */
    int runs(ClockKind clock) {
        int runs = reps == null ? (kind().equals("poisson") && clock == ClockKind.MODEL ? 5 : 1) : reps;
        if (runs < 1) {
            throw new IllegalArgumentException("--reps must be at least 1, got " + runs);
        }
        return runs;
    }

    /** The loads of the workload: those given or its defaults; -1 alone for uts and hotspot, which have none. */
    List<Integer> levels() {
        String kind = kind();
        return switch (kind) {
            case "seed" -> loads == null ? List.of(50, 100, 180) : loads;
            case "poisson" -> loads == null ? List.of(10, 30, 50, 70, 90) : loads;
            case "uts", "hotspot" -> {
                if (loads != null) {
                    throw new IllegalArgumentException("--load applies to the seed and poisson workloads, not " + kind);
                }
                yield List.of(-1);
            }
            default -> throw new IllegalArgumentException("unknown workload '" + workload
                    + "': use seed, poisson, uts or hotspot");
        };
    }

    /**
     * Refuses a mean cost or task count below 1, a wall-clock unit below 1 ns, then the first of
     * {@code levels} the workload does not take.
     */
    void checkWork(ClockKind clock, List<Integer> levels) {
        if (meanCost < 1) {
            throw new IllegalArgumentException("--mean-cost must be at least 1, got " + meanCost);
        }
        if (tasks != null && tasks < 1) {
            throw new IllegalArgumentException("--tasks must be at least 1, got " + tasks);
        }
        if (clock == ClockKind.WALL && unitNanos < 1) {
            throw new IllegalArgumentException("--unit must be at least 1 ns under the wall clock, got " + unitNanos);
        }
        String kind = kind();
        for (int level : levels) {
            if (kind.equals("seed") && level < 1) {
                throw new IllegalArgumentException("--load for the seed workload is a load index of at least 1, got "
                        + level);
            }
            if (kind.equals("poisson") && (level < 10 || level > 95)) {
                throw new IllegalArgumentException("--load for the poisson workload is a utilisation of 10..95"
                        + " percent, got " + level);
            }
        }
    }

    /** Refuses {@code --sweep} but for the poisson workload on the model clock. */
    void checkSweep(ClockKind clock) {
        if (sweep && (!kind().equals("poisson") || clock != ClockKind.MODEL)) {
            throw new IllegalArgumentException("--sweep runs the poisson workload on the model clock: give --workload"
                    + " poisson and leave --clock at model");
        }
    }

    /** The network {@code --topology} names. */
    Topology parseTopology() {
        return Topology.parse(topology);
    }

    /** What every run shares, on {@code clock} with these nodes and {@code runs} runs per load and policy. */
    BalanceRuns.Settings settings(ClockKind clock, long[] caps, Topology network, int runs) {
        return new BalanceRuns.Settings(kind(), caps, network, clock, policies, parameters(), tasks, costs, meanCost,
                shape, unitNanos, seed, runs);
    }
}
