package org.logplab.balance.worker;

import org.logplab.balance.workload.Task;

/**
 * The tasks queued on one node, oldest first, with their total work (work units), and which of
 * them a migration takes. Tasks that arrived by migration hold every task here until a task has
 * run: work cannot bounce between nodes without progress. Not thread-safe: a node's own.
 */
final class LocalTasks {
    private static final Task[] NONE = {};
    private final TaskQueue queue = new TaskQueue();
    private long work;
    /** Whether a task ran here since tasks last arrived by migration: only then may tasks leave. */
    private boolean executedSinceReceive = true;

    /** The number of queued tasks. */
    int size() {
        return queue.size();
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** The queued work, work units. */
    long work() {
        return work;
    }

    /** Queues {@code t}, released here, as the newest task. */
    void add(Task t) {
        queue.addLast(t);
        work += t.cost();
    }

    /** Queues {@code tasks}, which arrived by migration, in their order; returns their work. */
    long addMigrated(Task[] tasks) {
        executedSinceReceive = false;
        long moved = 0;
        for (Task t : tasks) {
            moved += t.cost();
        }
        queue.addAll(tasks);
        work += moved;
        return moved;
    }

    /** Takes the oldest task out to run it; a task must be queued. */
    Task takeOldest() {
        Task t = queue.pollFirst();
        work -= t.cost();
        executedSinceReceive = true;
        return t;
    }

    /**
     * Takes out the tasks a migration of about {@code amount} work units moves, from the newest
     * end if {@code newest} (else from the oldest): tasks while the total stays within the amount,
     * and one task more if that brings the total nearer to it. Returns them in queue order (oldest
     * of them first), or none when the amount is not positive, nothing is queued, tasks arrived by
     * migration and none has run since, or the first task alone would overshoot by more than it
     * comes near.
     */
    Task[] takeForMigration(long amount, boolean newest) {
        if (amount <= 0 || queue.isEmpty() || !executedSinceReceive) {
            return NONE;
        }
        // Chooses how many go by looking at the queue from the chosen end, then takes them out in
        // one copy, in queue order (oldest first) as the batch lists them.
        int size = queue.size();
        int count = 0;
        long moved = 0;
        while (count < size) {
            Task t = queue.get(newest ? size - 1 - count : count);
            // Take it if it fits, or if overshooting by it leaves us nearer the amount than stopping short.
            if (moved + t.cost() > amount && moved + t.cost() - amount >= amount - moved) {
                break;
            }
            count++;
            moved += t.cost();
            if (moved >= amount) {
                break;
            }
        }
        if (count == 0) {
            return NONE;
        }
        Task[] tasks = newest ? queue.removeLast(count) : queue.removeFirst(count);
        work -= moved;
        return tasks;
    }
}
