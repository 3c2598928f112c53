package org.logplab.balance;

import java.time.Duration;
import org.logplab.balance.policy.BalancingPolicy;
import org.logplab.balance.workload.Task;
import org.logplab.balance.workload.Workload;
import org.logplab.core.ClockKind;

/**
 * One balancing run: the workload, the nodes' capacities (their count is the node count), the
 * topology of their domains, the policy, the LogP parameters in clock units (model units, or ns
 * under the wall clock), the clock, and under the wall clock how many ns one time unit of the
 * workload lasts. Validated on construction.
 *
 * @param unitNanos ns per time unit under the wall clock (a task of cost w on capacity c busies
 *                  its core for {@code ceil(w / c) * unitNanos} ns); ignored under the model clock
 * @param timeout   the longest a run may take, wall time
 */
public record BalanceConfig(Workload workload, long[] capacities, Topology topology, BalancingPolicy policy,
        long latency, long overhead, long gap, ClockKind clock, long unitNanos, long seed, Duration timeout) {

    public BalanceConfig {
        if (workload == null || policy == null || topology == null || clock == null) {
            throw new IllegalArgumentException("workload, policy, topology and clock must be given");
        }
        if (capacities == null || capacities.length == 0) {
            throw new IllegalArgumentException("at least one node (capacity) is needed");
        }
        for (int i = 0; i < capacities.length; i++) {
            if (capacities[i] <= 0) {
                throw new IllegalArgumentException("capacity of node " + i + " must be positive, got " + capacities[i]);
            }
        }
        if (latency < 0 || overhead < 0 || gap < 0) {
            throw new IllegalArgumentException("L, o and g must not be negative, got L=" + latency + " o=" + overhead
                    + " g=" + gap);
        }
        if (clock == ClockKind.WALL && unitNanos < 1) {
            throw new IllegalArgumentException("a time unit must last at least 1 ns under the wall clock, got "
                    + unitNanos);
        }
        for (Task t : workload.released()) {
            if (t.origin() >= capacities.length) {
                throw new IllegalArgumentException("task " + t.id() + " is released on node " + t.origin()
                        + " but there are " + capacities.length + " nodes (one capacity per node)");
            }
        }
        capacities = capacities.clone();
    }

    /** The number of nodes. */
    public int nodes() {
        return capacities.length;
    }

    /** Clock units per time unit: 1 under the model clock, {@link #unitNanos} under the wall clock. */
    public long clockUnitsPerTimeUnit() {
        return clock == ClockKind.MODEL ? 1 : unitNanos;
    }

    /** The capacities (a copy). */
    @Override
    public long[] capacities() {
        return capacities.clone();
    }
}
