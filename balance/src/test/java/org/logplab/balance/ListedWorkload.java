package org.logplab.balance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.logplab.balance.workload.Task;
import org.logplab.balance.workload.Workload;

/**
 * Test workloads independent of the production generators: a fixed task list, optionally a
 * binary spawning tree (task id i spawns 2i+1 and 2i+2 while below a size), so that the engine's
 * tests do not rest on the code they check.
 */
final class ListedWorkload implements Workload {
    private final List<Task> released;
    private final long treeSize;

    private ListedWorkload(List<Task> released, long treeSize) {
        this.released = released;
        this.treeSize = treeSize;
    }

    /**
     * {@code count} tasks of random cost in [1, maxCost] released at random times up to {@code horizon} on random
     * nodes.
     */
    static ListedWorkload random(int nodes, int count, int maxCost, long horizon, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long release = horizon == 0 ? 0 : r.nextLong(horizon + 1);
            tasks.add(new Task(i, r.nextInt(1, maxCost + 1), release, r.nextInt(nodes), 0));
        }
        tasks.sort((a, b) -> a.release() != b.release() ? Long.compare(a.release(), b.release())
                : Long.compare(a.id(), b.id()));
        return new ListedWorkload(tasks, 0);
    }

    /** The given tasks. */
    static ListedWorkload of(List<Task> tasks) {
        return new ListedWorkload(tasks, 0);
    }

    /** A complete-ish binary tree of {@code size} tasks of cost {@code cost}, rooted on node 0. */
    static ListedWorkload tree(long size, long cost) {
        return new ListedWorkload(List.of(new Task(0, cost, 0, 0, 0)), size);
    }

    @Override
    public String name() {
        return "listed";
    }

    @Override
    public List<Task> released() {
        return released;
    }

    @Override
    public List<Task> children(Task parent, long finish, int node) {
        List<Task> children = new ArrayList<>();
        for (long c = 2 * parent.id() + 1; treeSize > 0 && c <= 2 * parent.id() + 2 && c < treeSize; c++) {
            children.add(new Task(c, parent.cost(), finish, node, parent.depth() + 1));
        }
        return children;
    }

    @Override
    public List<Task> all() {
        if (treeSize == 0) {
            return released;
        }
        List<Task> all = new ArrayList<>();
        for (long i = 0; i < treeSize; i++) {
            all.add(new Task(i, released.get(0).cost(), 0, 0, 0));
        }
        return all;
    }
}
