package org.logplab.balance;

import java.util.ArrayList;
import java.util.List;
import org.logplab.balance.worker.Worker;
import org.logplab.balance.worker.WorkerRecord;
import org.logplab.balance.workload.Task;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;

/**
 * Runs a balancing configuration on the LogP runtime: one processor per node, each running a
 * {@link Worker} with its own instance of the policy, and returns the {@link BalanceResult}. Under
 * the model clock the result depends on the configuration alone (same seed, same numbers), on a
 * new machine or on one that stays up.
 *
 * <pre>{@code
 * BalanceResult r = BalanceRun.run(new BalanceConfig(Workloads.seed(...), new long[] {20, 90, 30, 20, 40},
 *         Topology.COMPLETE, new BidirectionalPolicy(), 5, 1, 2, ClockKind.MODEL, 1, 42, Duration.ofMinutes(1)));
 *
 * // Many runs of one node count and clock: keep the machine (and its threads) up between them.
 * try (Machine machine = Machine.open(BalanceRun.runConfig(first))) {
 *     for (BalanceConfig c : configs) {
 *         BalanceResult each = BalanceRun.run(machine, c);
 *     }
 * }
 * }</pre>
 */
public final class BalanceRun {
    private BalanceRun() {
    }

    /** Runs {@code config} on a new machine; throws if the run fails (a node's exception, a deadlock, the timeout). */
    public static BalanceResult run(BalanceConfig config) {
        WorkerRecord[] records = new WorkerRecord[config.nodes()];
        Machine.run(runConfig(config), program(config, records));
        return BalanceResult.of(config, records);
    }

    /**
     * Runs {@code config} on {@code machine}, which stays up for the next run: no thread starts per
     * run. The machine must have one processor per node and {@code config}'s clock (open it with
     * {@link #runConfig} of any configuration of that node count and clock); {@code config}'s
     * {@code L}, {@code o}, {@code g} may differ from run to run. The machine's own timeout, not
     * {@code config.timeout()}, bounds the run. The result is the one-shot {@link #run(BalanceConfig)}'s.
     *
     * @throws IllegalArgumentException if the machine's processor count or clock differs from {@code config}'s
     * @throws org.logplab.core.RunFailedException if the run fails (a node's exception, a deadlock, the timeout)
     * @throws IllegalStateException if the machine is closed or already running a program
     */
    public static BalanceResult run(Machine machine, BalanceConfig config) {
        RunConfig opened = machine.config();
        if (opened.params().P() != config.nodes() || opened.clock() != config.clock()) {
            throw new IllegalArgumentException("this machine has P = " + opened.params().P() + " processors on the "
                    + clockName(opened.clock()) + " clock; the configuration needs " + config.nodes() + " nodes on the "
                    + clockName(config.clock()) + " clock: open a machine with BalanceRun.runConfig(config)");
        }
        WorkerRecord[] records = new WorkerRecord[config.nodes()];
        machine.run(params(config), program(config, records));
        return BalanceResult.of(config, records);
    }

    /**
     * The runtime's configuration for {@code config}: one processor per node, virtual threads under
     * the model clock and platform threads under the wall clock, no latency histogram (the
     * balancers report their own metrics, and under the wall clock a recorded message costs clock
     * reads).
     */
    public static RunConfig runConfig(BalanceConfig config) {
        return RunConfig.builder(params(config)).clock(config.clock())
                .threads(config.clock() == ClockKind.MODEL ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM)
                .latency(LatencySampling.OFF).timeout(config.timeout()).build();
    }

    private static LogP params(BalanceConfig config) {
        return new LogP(config.latency(), config.overhead(), config.gap(), config.nodes(), 0);
    }

    private static String clockName(ClockKind clock) {
        return clock == ClockKind.MODEL ? "model" : "wall";
    }

    /**
     * The program of {@code config}: rank {@code i} runs node {@code i} and leaves its record in
     * {@code records[i]}. Runs unchanged across processes ({@link org.logplab.core.cluster.ClusterNode}) with the
     * payload types of {@link org.logplab.balance.worker.BalanceWire#codec()}; each process then
     * holds its own nodes' records.
     */
    public static Program program(BalanceConfig config, WorkerRecord[] records) {
        int nodes = config.nodes();
        long[] capacities = config.capacities();
        List<List<Task>> arrivals = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            arrivals.add(new ArrayList<>());
        }
        for (Task t : config.workload().released()) {
            arrivals.get(t.origin()).add(t);
        }
        long unit = config.clockUnitsPerTimeUnit();
        return p -> {
            int rank = p.rank();
            Worker node = new Worker(p, config.workload(), capacities, config.topology().domain(rank, nodes),
                    config.policy().forNode(rank), unit, arrivals.get(rank), config.seed());
            records[rank] = node.run();
        };
    }
}
