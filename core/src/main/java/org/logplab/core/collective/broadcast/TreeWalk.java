package org.logplab.core.collective.broadcast;

/**
 * One member's walk down the tree that a {@link SplitRule} builds over a group, without building
 * it: {@link #descend()} follows the cuts from the whole sequence to the segment the member
 * covers and says who its parent is; {@link #nextChild()} then yields its children in send order.
 * {@code O(depth)} steps and nothing kept but four ints, so a multicast can run it on every call.
 * Not thread-safe: one walk per member and call.
 */
final class TreeWalk {
    private final SplitRule rule;
    private final int me;
    private int lo;
    private int hi;
    private int src;

    /** A walk for member {@code me} of a group of {@code size} rooted at {@code source} (indices). */
    TreeWalk(SplitRule rule, int size, int source, int me) {
        this.rule = rule;
        this.me = me;
        this.lo = 0;
        this.hi = size - 1;
        this.src = source;
    }

    /** Goes down to the segment {@code me} is the source of; returns its parent's index, or -1 for the root. */
    int descend() {
        int parent = -1;
        while (lo < hi && me != src) {
            Split cut = rule.split(lo, hi, src);
            if (cut.inChildPart(me)) {
                if (me == cut.child()) {
                    parent = src;
                }
                src = cut.child();
                lo = cut.childLo();
                hi = cut.childHi();
            } else {
                lo = cut.keptLo();
                hi = cut.keptHi();
            }
        }
        return parent;
    }

    /** Whether {@code me} has a child left to send to (after {@link #descend()}). */
    boolean hasChild() {
        return lo < hi;
    }

    /** The next child's index, in send order (after {@link #descend()}, while {@link #hasChild()}). */
    int nextChild() {
        Split cut = rule.split(lo, hi, me);
        lo = cut.keptLo();
        hi = cut.keptHi();
        return cut.child();
    }
}
