package org.logplab.balance.workload;

/**
 * One unit of work: an identifier unique within its workload, a cost in work units, the time it
 * is released (arrives, or is spawned) in clock units, and the node it is released on. A node of
 * capacity {@code c} executes it in {@code ceil(cost / c)} time units. {@code depth} is its depth
 * in a task tree (0 for tasks that nobody spawned); workloads that spawn use it.
 *
 * @param id      unique within the workload
 * @param cost    work units, at least 1
 * @param release clock units; 0 for work present at the start
 * @param origin  the node the task is released on
 * @param depth   0, or the depth below the root of a spawning workload
 */
public record Task(long id, long cost, long release, int origin, int depth) {
    /** Bytes of one task in a migration message: id, cost, release (8 each), origin and depth (4 each). */
    public static final int WIRE_BYTES = 32;

    public Task {
        if (cost < 1) {
            throw new IllegalArgumentException("task " + id + ": cost must be at least 1 work unit, got " + cost);
        }
        if (release < 0) {
            throw new IllegalArgumentException("task " + id + ": release time must not be negative, got " + release);
        }
        if (origin < 0) {
            throw new IllegalArgumentException("task " + id + ": origin node must not be negative, got " + origin);
        }
    }

    /**
     * The time units this task takes on a node of {@code capacity} work units per time unit:
     * {@code ceil(cost / capacity)}.
     */
    public long duration(long capacity) {
        return (cost + capacity - 1) / capacity;
    }
}
