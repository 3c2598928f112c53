package org.logplab.core.cluster;

import java.util.Arrays;

/**
 * Which process (node) runs which ranks: node {@code i} runs the consecutive block
 * {@code first(i) .. first(i) + count(i) - 1}; the blocks cover {@code 0..P-1} in node order.
 */
public final class Partition {
    private final int[] bounds;

    private Partition(int[] bounds) {
        this.bounds = bounds;
    }

    /**
     * {@code P} ranks over {@code nodes} nodes in blocks as even as possible, the larger blocks first.
     *
     * @throws IllegalArgumentException if {@code nodes < 1} or {@code P < nodes}
     */
    public static Partition blocks(int P, int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a cluster has at least 1 node, got " + nodes);
        }
        if (P < nodes) {
            throw new IllegalArgumentException("P = " + P + " ranks cannot give each of " + nodes + " nodes a rank");
        }
        int[] sizes = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            sizes[i] = P / nodes + (i < P % nodes ? 1 : 0);
        }
        return ofSizes(sizes);
    }

    /**
     * Node {@code i} runs {@code sizes[i]} ranks.
     *
     * @throws IllegalArgumentException if there are no nodes or a node has no ranks
     */
    public static Partition ofSizes(int... sizes) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("a cluster has at least 1 node");
        }
        int[] b = new int[sizes.length + 1];
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 1) {
                throw new IllegalArgumentException("node " + i + " must run at least 1 rank, got " + sizes[i]);
            }
            b[i + 1] = Math.addExact(b[i], sizes[i]);
        }
        return new Partition(b);
    }

    /** The number of nodes. */
    public int nodes() {
        return bounds.length - 1;
    }

    /** The number of ranks over all nodes. */
    public int P() {
        return bounds[bounds.length - 1];
    }

    /** The first rank of {@code node}. */
    public int first(int node) {
        return bounds[node];
    }

    /** How many ranks {@code node} runs. */
    public int count(int node) {
        return bounds[node + 1] - bounds[node];
    }

    /** The node that runs {@code rank}, or -1 if it is outside {@code 0..P-1}. */
    public int nodeOf(int rank) {
        if (rank < 0 || rank >= P()) {
            return -1;
        }
        int i = Arrays.binarySearch(bounds, rank);
        return i >= 0 ? i : -i - 2;
    }

    /** "node 1 (ranks 4..7)", for messages. */
    public String describe(int node) {
        int last = bounds[node + 1] - 1;
        return "node " + node + " (rank" + (last == bounds[node] ? " " + last : "s " + bounds[node] + ".." + last)
                + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Partition p && Arrays.equals(bounds, p.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        return "Partition" + Arrays.toString(bounds);
    }
}
