package org.logplab.core.collective.allreduce;

import java.util.HashMap;
import java.util.Map;
import org.logplab.core.LogP;
import org.logplab.core.collective.broadcast.BinomialMulticast;
import org.logplab.core.collective.broadcast.Split;
import org.logplab.core.collective.broadcast.UniformHalving;

/**
 * The exact model time of {@link TreeReduceBroadcast}, by two recursions over the uniform-halving
 * cuts, memoised on (segment size, root position) and so {@code O(log K)} states:
 * <ul>
 *   <li>{@link #reduce}: when a segment's root has combined its whole segment, and when its last
 *       receive started. The root receives the kept part's children first, so
 *       {@code start = max(ready(kept), lastRecv(kept) + g, ready(child) + busy + L)} and
 *       {@code ready = start + o + combineCost}.</li>
 *   <li>{@link #spread}: the broadcast back, as a {@link MaxPlus} function of the time the
 *       segment's root may start its first send. A child receives no earlier than the end of its
 *       own reduce send ({@code ready + busy}) nor {@code g} after its last reduce receive, and
 *       sends no earlier than {@code g} after its reduce send; these carried-over gaps are why
 *       the broadcast half is not simply {@link BinomialMulticast#predict} shifted.</li>
 * </ul>
 * Rules of docs/algorithms.md §1; 8-byte values, {@code busy = o + 7G}. Single use, not thread-safe.
 */
final class TreeReduceTiming {
    private final LogP params;
    private final long combineCost;
    private final long busy;
    private final long interval;
    private final Map<Long, Reduced> reduced = new HashMap<>();
    private final Map<Long, MaxPlus> spread = new HashMap<>();

    /** A segment root's reduce: when it holds its segment's result, and its last receive start. */
    private record Reduced(long ready, long lastReceive) { }

    TreeReduceTiming(LogP params, long combineCost) {
        this.params = params;
        this.combineCost = combineCost;
        this.busy = params.sendBusy(8);
        this.interval = Math.max(params.g(), busy);
    }

    /** Latest end over all members, all idle at 0, root at {@code root}. */
    long makespan(int size, int root) {
        if (size == 1) {
            return 0;
        }
        // The root never sent during the reduce, so its first broadcast send starts when it is ready.
        return spread(size, root).apply(reduce(size, root).ready());
    }

    private Reduced reduce(int size, int root) {
        if (size == 1) {
            return new Reduced(0, MaxPlus.NONE);
        }
        long key = key(size, root);
        Reduced known = reduced.get(key);
        if (known != null) {
            return known;
        }
        Split cut = UniformHalving.RULE.split(0, size - 1, root);
        Reduced kept = reduce(cut.keptSize(), root - cut.keptLo());
        Reduced child = reduce(cut.childSize(), cut.child() - cut.childLo());
        long arrival = child.ready() + busy + params.L();
        long start = Math.max(Math.max(kept.ready(), MaxPlus.add(kept.lastReceive(), params.g())), arrival);
        Reduced result = new Reduced(start + params.o() + combineCost, start);
        reduced.put(key, result);
        return result;
    }

    private MaxPlus spread(int size, int root) {
        long key = key(size, root);
        MaxPlus known = spread.get(key);
        if (known != null) {
            return known;
        }
        Split cut = UniformHalving.RULE.split(0, size - 1, root);
        int childRoot = cut.child() - cut.childLo();
        Reduced child = reduce(cut.childSize(), childRoot);
        long receiveNotBefore = Math.max(child.ready() + busy, MaxPlus.add(child.lastReceive(), params.g()));
        MaxPlus childReady = MaxPlus.delay(busy + params.L()).atLeast(receiveNotBefore).plus(params.o());
        MaxPlus childPart = cut.childSize() == 1 ? childReady
                : spread(cut.childSize(), childRoot).after(childReady.atLeast(child.ready() + params.g()));
        MaxPlus keptPart = cut.keptSize() == 1 ? MaxPlus.delay(busy)
                : spread(cut.keptSize(), root - cut.keptLo()).after(MaxPlus.delay(interval));
        MaxPlus result = childPart.max(keptPart);
        spread.put(key, result);
        return result;
    }

    private static long key(int size, int root) {
        return ((long) size << 32) | root;
    }
}
