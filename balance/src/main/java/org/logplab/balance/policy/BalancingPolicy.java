package org.logplab.balance.policy;

/**
 * A load-balancing policy: a name and a fresh {@link WorkerPolicy} per node (policies keep per-node
 * state). Implement this to add your own; {@link Policies#parse} knows the built-in ones.
 */
public interface BalancingPolicy {
    /** The name the CLI and the JSON use. */
    String name();

    /** The behaviour of one node; called once per node and run. */
    WorkerPolicy forNode(int node);
}
