package org.logplab.balance.policy;

/** {@code none}: the static split; every node runs what it was given and sends no balancing message. */
public final class NoBalancingPolicy implements BalancingPolicy {
    @Override
    public String name() {
        return "none";
    }

    @Override
    public WorkerPolicy forNode(int node) {
        return new WorkerPolicy() { };
    }
}
