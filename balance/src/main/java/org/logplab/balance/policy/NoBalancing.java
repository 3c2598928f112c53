package org.logplab.balance.policy;

/** {@code none}: the static split; every node runs what it was given and sends no balancing message. */
public final class NoBalancing implements Policy {
    @Override
    public String name() {
        return "none";
    }

    @Override
    public NodePolicy forNode(int node) {
        return new NodePolicy() { };
    }
}
