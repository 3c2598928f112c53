package org.logplab.balance;

import java.util.ArrayList;
import java.util.List;
import org.logplab.balance.node.Node;
import org.logplab.balance.node.NodeRecord;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;

/**
 * Runs a balancing configuration on the LogP runtime: one processor per node, each running a
 * {@link Node} with its own instance of the policy, and returns the {@link BalanceResult}. Under
 * the model clock the result depends on the configuration alone (same seed, same numbers).
 *
 * <pre>{@code
 * BalanceResult r = BalanceRun.run(new BalanceConfig(Workloads.seed(...), new long[] {20, 90, 30, 20, 40},
 *         Topology.COMPLETE, new Bidirectional(), 5, 1, 2, ClockKind.MODEL, 1, 42, Duration.ofMinutes(1)));
 * }</pre>
 */
public final class BalanceRun {
    private BalanceRun() {
    }

    /** Runs {@code config}; throws if the run fails (a node's exception, a deadlock, the timeout). */
    public static BalanceResult run(BalanceConfig config) {
        NodeRecord[] records = new NodeRecord[config.nodes()];
        Machine.run(runConfig(config), program(config, records));
        return BalanceResult.of(config, records);
    }

    /** The runtime's configuration for {@code config}: one processor per node. */
    public static RunConfig runConfig(BalanceConfig config) {
        LogP params = new LogP(config.latency(), config.overhead(), config.gap(), config.nodes(), 0);
        return RunConfig.builder(params).clock(config.clock())
                .threads(config.clock() == org.logplab.core.ClockKind.MODEL ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM)
                .timeout(config.timeout()).build();
    }

    /**
     * The program of {@code config}: rank {@code i} runs node {@code i} and leaves its record in
     * {@code records[i]}. Runs unchanged across processes ({@link org.logplab.core.cluster.ClusterNode}) with the
     * payload types of {@link org.logplab.balance.node.BalanceWire#codec()}; each process then holds its own nodes' records.
     */
    public static Program program(BalanceConfig config, NodeRecord[] records) {
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
            Node node = new Node(p, config.workload(), capacities, config.topology().domain(rank, nodes),
                    config.policy().forNode(rank), unit, arrivals.get(rank), config.seed());
            records[rank] = node.run();
        };
    }
}
