package org.logplab.balance.workload;

import java.util.List;

/**
 * A task set for the load balancers: the tasks released on the nodes over time, and for a
 * spawning workload the children each task releases when it finishes. Everything is a pure
 * function of the workload's parameters and seed, so a run is reproducible whichever node
 * executes which task.
 */
public interface Workload {
    /**
     * The workload's name as the CLI and the JSON say it: {@code seed}, {@code poisson}, {@code uts},
     * {@code hotspot}.
     */
    String name();

    /**
     * The tasks released without a parent, on nodes {@code 0..nodes-1}, in increasing
     * {@code (release, id)} order. Never empty.
     */
    List<Task> released();

    /**
     * The children {@code parent} spawns when it finishes at {@code finish} on some node
     * (released there at {@code finish}, {@code depth = parent.depth() + 1}); empty for workloads
     * that do not spawn. Depends on {@code parent} alone apart from the release time and node.
     */
    List<Task> children(Task parent, long finish, int node);

    /**
     * Every task the workload will ever produce, found without running it: the released tasks
     * and, recursively, their children (with release 0 and origin 0, since those depend on the
     * run). The oracle the exactly-once checks compare against.
     */
    List<Task> all();

    /**
     * The release time (time units) from which on a task's response counts in the run's response
     * figures: tasks released earlier are the warm-up of a steady-state workload, run and
     * checked like every other but left out of the mean and percentiles. 0 (every task counts)
     * unless the workload says otherwise.
     */
    default long steadyFrom() {
        return 0;
    }
}
