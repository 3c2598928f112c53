package org.logplab.core.collective.optimal;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Brute force over the general broadcast tree of Shou and Chen (1997) (root 0, children of
 * {@code t} at {@code t + D + k*I}), independent of the production code: the labels in increasing
 * order, by expanding nodes from a priority queue, and Theorem 2's recursion for {@code f}.
 */
public final class GeneralTreeOracle {

    private GeneralTreeOracle() {
    }

    /** The {@code count} smallest labels, in increasing order ({@code D, I >= 1}). */
    public static long[] smallestLabels(long d, long i, int count) {
        record Node(long label, int childIndex) { }
        PriorityQueue<Node> queue = new PriorityQueue<>((a, b) -> Long.compare(a.label, b.label));
        queue.add(new Node(0, -1));
        long[] labels = new long[count];
        for (int n = 0; n < count; n++) {
            Node node = queue.poll();
            labels[n] = node.label;
            // Its first child, and (for a child) the parent's next child.
            queue.add(new Node(node.label + d, 0));
            if (node.childIndex >= 0) {
                queue.add(new Node(node.label - d - node.childIndex * i + d + (node.childIndex + 1) * i,
                        node.childIndex + 1));
            }
        }
        return labels;
    }

    /** Theorem 2 by its recursion, {@code f_n} for {@code n = 0..max}, capped like the production counts. */
    static long[] theorem2(long d, long i, int max) {
        long[] f = new long[max + 1];
        for (int n = 0; n <= max; n++) {
            if (n < d) {
                f[n] = 1;
            } else if (n < i) {
                f[n] = 1 + n / d;
            } else {
                f[n] = Math.min(LabelCounts.CAP, f[(int) (n - i)] + f[(int) (n - d)]);
            }
        }
        return f;
    }

    /** Every label of the subtree with {@code x} remaining, relative to its root. */
    static List<Long> subtreeLabels(long d, long i, long x) {
        List<Long> labels = new ArrayList<>();
        collect(d, i, x, 0, labels);
        return labels;
    }

    private static void collect(long d, long i, long x, long at, List<Long> out) {
        out.add(at);
        for (long k = 0; x - d - k * i >= 0; k++) {
            collect(d, i, x - d - k * i, at + d + k * i, out);
        }
    }
}
