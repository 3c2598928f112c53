package org.logplab.balance.workload;

import java.util.List;

/** A workload whose tasks are all known up front and spawn nothing; responses count from {@code steadyFrom} on. */
record StaticWorkload(String name, List<Task> released, long steadyFrom) implements Workload {
    StaticWorkload {
        if (released.isEmpty()) {
            throw new IllegalArgumentException("the " + name + " workload has no tasks");
        }
        released = List.copyOf(released);
    }

    /** Every task's response counts. */
    StaticWorkload(String name, List<Task> released) {
        this(name, released, 0);
    }

    @Override
    public List<Task> children(Task parent, long finish, int node) {
        return List.of();
    }

    @Override
    public List<Task> all() {
        return released;
    }
}
