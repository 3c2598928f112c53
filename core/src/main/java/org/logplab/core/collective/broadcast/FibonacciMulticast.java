package org.logplab.core.collective.broadcast;

import org.logplab.core.LogP;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;

/**
 * Fibonacci-series multicast, Algorithm 1 of Gu, Li and Liu (2002) (§4; docs/algorithms.md §3), to
 * an arbitrary ordered group with the source at any index. For {@code f(n) <= K < f(n+1)} the
 * source first sends to a member that covers the smaller part of {@code f(n-2)} members and keeps
 * the larger part, so the source, which can send again after {@code g}, serves more members than
 * a receiver, which is ready only {@code L + 2o} later (cut in {@link FibonacciSplit}). Each member
 * finds its parent and children locally in {@code O(log K)} steps.
 *
 * <p><b>Time.</b> {@link #predict} is exact for the model clock (see {@link SplitTree#makespan}).
 * The part sizes depend on {@code K} only, so the time does not depend on the source's position.
 * For {@code g >= o} and {@code G = 0} it equals the seed's recursion (3)-(4),
 * {@code T(K) = max{T(f(n-2)) + L + 2o, T(K - f(n-2)) + g}}, {@code T(1) = 0}, {@code T(2) = L + 2o}.
 *
 * <p><b>The seed's worked example</b> (figure 2, {@code K = 8, L = 6, o = 2, g = 4}): this algorithm
 * takes 24 against uniform halving's 30.
 *
 * <p><b>Where the seed is wrong.</b> Bound (9), {@code T(K) <= floor(n/2)(g + max{2g, L + 2o})},
 * holds; bound (11) does not (a sign error in step (10)), and the seed's crossover
 * {@code g <= 0.3884 (L + 2o)}, derived from it, is a sufficient condition, not the crossover (see
 * {@link MulticastCrossover}). The counterexamples, and where the exact schedules cross, are in
 * docs/algorithms.md §3.
 *
 * <p>Stateless and thread-safe: one instance may serve every processor of a run.
 */
public final class FibonacciMulticast implements Broadcast {

    @Override
    public String name() {
        return "fibonacci";
    }

    @Override
    public Object broadcast(Processor p, Group group, Object payload) {
        return TreeMulticast.run(p, group, payload, FibonacciSplit.RULE, TAG);
    }

    @Override
    public long broadcastLong(Processor p, Group group, long value) {
        return TreeMulticast.runLong(p, group, value, FibonacciSplit.RULE, TAG);
    }

    @Override
    public long predict(LogP params, int size, int sourceIndex, int bytes) {
        return SplitTree.makespan(FibonacciSplit.RULE, params, size, sourceIndex, bytes);
    }

    /**
     * The seed's bound (9): {@code floor(n/2) * (g + max{2g, L + 2o})} with
     * {@code f(n) <= size < f(n+1)}. The seed derives it for {@code g >= o} and {@code G = 0}.
     */
    public static long seedBound(LogP params, int size) {
        int n = FibonacciSplit.index(size);
        return (n / 2) * (params.g() + Math.max(2 * params.g(), params.messageTime()));
    }

    /**
     * The seed's bound (11), {@code floor(0.72022 log2 K) * (g + max{2g, L + 2o})}, as printed. Not a
     * valid bound (sign error in step (10), docs/algorithms.md §3); kept so that tools can show where
     * it fails.
     */
    public static long seedLogBound(LogP params, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + size);
        }
        long factor = (long) Math.floor(0.72022 * Math.log(size) / Math.log(2));
        return factor * (params.g() + Math.max(2 * params.g(), params.messageTime()));
    }

    @Override
    public String toString() {
        return "FibonacciMulticast";
    }
}
