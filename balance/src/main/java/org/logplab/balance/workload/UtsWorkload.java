package org.logplab.balance.workload;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@code uts}: an Unbalanced-Tree-Search-style tree of tasks that spawn tasks, from one root on
 * node 0 at time 0. {@link Shape#BINOMIAL}: the root has {@code rootChildren} children, every
 * other task {@code m} children with probability {@code q} (expected size
 * {@code 1 + rootChildren / (1 - m q)}, finite since {@code m q < 1}); {@link Shape#GEOMETRIC}:
 * every task above {@code maxDepth} has a geometrically distributed number of children of mean
 * {@code b}, none at {@code maxDepth}. Costs are uniform in {@code [minCost, maxCost]} work units.
 * A task's children are a pure function of the seed and the task's id, so the tree is the same
 * whichever node runs which task.
 */
public final class UtsWorkload implements Workload {
    /** The tree's shape. */
    public enum Shape { BINOMIAL, GEOMETRIC }

    private static final int MAX_TASKS = 5_000_000;
    private final Shape shape;
    private final int rootChildren;
    private final int m;
    private final double q;
    private final double b;
    private final int maxDepth;
    private final long minCost;
    private final long maxCost;
    private final long seed;
    private final Task root;

    /**
     * @param rootChildren binomial: the root's children (at least 1)
     * @param m            binomial: children of a non-root task when it has any
     * @param q            binomial: the probability that it has them; {@code m q < 1}
     * @param b            geometric: mean children per task, positive
     * @param maxDepth     the deepest level (binomial trees are cut there too)
     */
    public UtsWorkload(Shape shape, int rootChildren, int m, double q, double b, int maxDepth, long minCost,
            long maxCost, long seed) {
        if (shape == Shape.BINOMIAL && (rootChildren < 1 || m < 1 || !(q >= 0) || m * q >= 1)) {
            throw new IllegalArgumentException("a binomial tree needs root children >= 1, m >= 1 and 0 <= q"
                    + " with m q < 1; got " + rootChildren + ", " + m + ", " + q);
        }
        if (shape == Shape.GEOMETRIC && !(b > 0)) {
            throw new IllegalArgumentException("a geometric tree needs a positive mean branching factor, got " + b);
        }
        if (maxDepth < 0 || minCost < 1 || maxCost < minCost) {
            throw new IllegalArgumentException("need maxDepth >= 0 and 1 <= minCost <= maxCost; got " + maxDepth + ", "
                    + minCost + ", " + maxCost);
        }
        this.shape = shape;
        this.rootChildren = rootChildren;
        this.m = m;
        this.q = q;
        this.b = b;
        this.maxDepth = maxDepth;
        this.minCost = minCost;
        this.maxCost = maxCost;
        this.seed = seed;
        this.root = new Task(mix(seed), cost(new SplittableRandom(mix(seed ^ 0x5DEECE66DL))), 0, 0, 0);
    }

    /** The binomial tree with root children 200, m = 5, q = 0.19 (about 4,000 tasks), costs 50..150. */
    public static UtsWorkload binomial(long seed) {
        return new UtsWorkload(Shape.BINOMIAL, 200, 5, 0.19, 0, 1000, 50, 150, seed);
    }

    /** The geometric tree with mean branching 2.5 down to depth 8 (about 3,000 tasks), costs 50..150. */
    public static UtsWorkload geometric(long seed) {
        return new UtsWorkload(Shape.GEOMETRIC, 0, 0, 0, 2.5, 8, 50, 150, seed);
    }

    @Override
    public String name() {
        return "uts";
    }

    @Override
    public List<Task> released() {
        return List.of(root);
    }

    @Override
    public List<Task> children(Task parent, long finish, int node) {
        if (parent.depth() >= maxDepth) {
            return List.of();
        }
        SplittableRandom r = new SplittableRandom(mix(seed ^ parent.id()));
        int count;
        if (shape == Shape.BINOMIAL) {
            count = parent.depth() == 0 ? rootChildren : r.nextDouble() < q ? m : 0;
        } else {
            // Geometric on {0, 1, ...} with mean b: success probability 1 / (1 + b).
            double u = r.nextDouble();
            count = (int) Math.floor(Math.log(1 - u) / Math.log(b / (1 + b)));
        }
        List<Task> children = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            children.add(new Task(mix(parent.id() * 31 + k + 1), cost(r), finish, node, parent.depth() + 1));
        }
        return children;
    }

    @Override
    public List<Task> all() {
        List<Task> all = new ArrayList<>();
        Set<Long> ids = new HashSet<>();
        ArrayDeque<Task> pending = new ArrayDeque<>(List.of(root));
        while (!pending.isEmpty()) {
            Task t = pending.pop();
            if (!ids.add(t.id())) {
                throw new IllegalStateException("task id collision in the uts tree at id " + t.id());
            }
            all.add(t);
            if (all.size() > MAX_TASKS) {
                throw new IllegalArgumentException("the uts tree has more than " + MAX_TASKS
                        + " tasks: choose a smaller one");
            }
            pending.addAll(children(t, 0, 0));
        }
        return all;
    }

    private long cost(SplittableRandom r) {
        return r.nextLong(minCost, maxCost + 1);
    }

    /** SplitMix64's finaliser: spreads ids and seeds over 64 bits. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
