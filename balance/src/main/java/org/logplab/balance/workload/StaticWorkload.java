package org.logplab.balance.workload;

import java.util.List;
import org.logplab.balance.Task;

/** A workload whose tasks are all known up front and spawn nothing. */
record StaticWorkload(String name, List<Task> released) implements Workload {
    StaticWorkload {
        if (released.isEmpty()) {
            throw new IllegalArgumentException("the " + name + " workload has no tasks");
        }
        released = List.copyOf(released);
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
