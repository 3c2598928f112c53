package org.logplab.core.collective.broadcast;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.logplab.core.LogP;

/**
 * The tree that a {@link SplitRule} builds over a group, without building it: one member's role in
 * {@code O(depth)} steps, and the exact model time of a multicast on it by a recursion over segment
 * (size, source position), memoised, in {@code O(depth)} distinct states for both rules here
 * (uniform halving and the Fibonacci cut).
 *
 * <p>Timing (docs/algorithms.md §1, the runtime's model clock): a node ready at {@code r} starts its
 * {@code j}-th send at {@code r + j*max(g, busy)}, {@code busy = o + (bytes-1)G}, because a send
 * starts at {@code max(now, lastSendStart + g)} and keeps the sender busy for {@code busy}; the
 * child is ready (its receive ends) at {@code start + busy + L + o}. The makespan is the latest end
 * of any member's last operation: a leaf's receive, or an inner node's last send.
 * Stateless and thread-safe.
 */
public final class SplitTree {

    private SplitTree() {
    }

    /**
     * The role of member {@code me} in the tree over {@code size} members rooted at {@code source}:
     * walks the cuts from the whole sequence down to the segment that is {@code me} alone, in
     * {@code O(depth)} cuts.
     *
     * @throws IllegalArgumentException if {@code size < 1} or {@code source} or {@code me} is
     *     outside {@code 0..size-1}
     */
    public static TreeRole role(SplitRule rule, int size, int source, int me) {
        checkIndex("source", source, size);
        checkIndex("member", me, size);
        TreeWalk walk = new TreeWalk(rule, size, source, me);
        int parent = walk.descend();
        int[] children = new int[8];
        int count = 0;
        while (walk.hasChild()) {
            if (count == children.length) {
                children = Arrays.copyOf(children, 2 * count);
            }
            children[count++] = walk.nextChild();
        }
        return new TreeRole(parent, Arrays.copyOf(children, count));
    }

    /**
     * Model time of a multicast of {@code bytes} bytes over {@code size} members, source at
     * {@code source}, all idle at 0: {@code F(1) = 0} and, for a segment cut into the child's part
     * {@code C} and the kept part {@code R},
     * {@code F = max(busy + L + o + F(C), |R| >= 2 ? max(g, busy) + F(R) : 0)}
     * (a kept part of one member means the source ends with this send, at {@code busy}, which the
     * child's term already exceeds).
     */
    static long makespan(SplitRule rule, LogP params, int size, int source, int bytes) {
        checkIndex("source", source, size);
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        long busy = params.sendBusy(bytes);
        long hop = Math.addExact(Math.addExact(busy, params.L()), params.o());
        long interval = Math.max(params.g(), busy);
        return new Recursion(rule, hop, interval).time(size, source);
    }

    private static void checkIndex(String what, int index, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + size);
        }
        if (index < 0 || index >= size) {
            throw new IllegalArgumentException(what + " index " + index + " is outside 0.." + (size - 1));
        }
    }

    /** One evaluation of the recursion, with its memo on (segment size, source position). */
    private static final class Recursion {
        private final SplitRule rule;
        private final long hop;
        private final long interval;
        private final Map<Long, Long> memo = new HashMap<>();

        Recursion(SplitRule rule, long hop, long interval) {
            this.rule = rule;
            this.hop = hop;
            this.interval = interval;
        }

        long time(int size, int source) {
            if (size == 1) {
                return 0;
            }
            long key = ((long) size << 32) | source;
            Long known = memo.get(key);
            if (known != null) {
                return known;
            }
            Split cut = rule.split(0, size - 1, source);
            long child = Math.addExact(hop, time(cut.childSize(), cut.child() - cut.childLo()));
            long kept = cut.keptSize() < 2 ? 0
                    : Math.addExact(interval, time(cut.keptSize(), source - cut.keptLo()));
            long result = Math.max(child, kept);
            memo.put(key, result);
            return result;
        }
    }
}
