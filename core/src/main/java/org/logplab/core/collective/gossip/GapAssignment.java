package org.logplab.core.collective.gossip;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Spreads the gaps of one line as evenly as its windows allow, for {@link TwoLineTrees}.
 *
 * <p>Each item (a message entering the line at two points) must leave exactly one link of its
 * window {@code [lo, hi)} unused; the link then carries that message one time fewer. To keep every
 * link's load at the Theorem 1 bound, each of the line's {@code n - 1} links should be skipped
 * {@code q} or {@code q + 1} times, {@code q = items / (n - 1)}. Items with the same window are one
 * group, so this is a small transportation problem on at most {@code n} groups and {@code n - 1}
 * links, solved by augmenting paths: first every link up to {@code q}, then up to {@code q + 1},
 * then (only if the windows forbid an even spread) higher. Deterministic. Not thread-safe.
 */
final class GapAssignment {
    private GapAssignment() {
    }

    /**
     * How many items of each group skip each link.
     *
     * @param links the number of links of the line
     * @param lo the first link of each group's window
     * @param hi one past the last link of each group's window
     * @param count the number of items of each group
     * @return {@code result[group][link]}, each row summing to the group's count
     */
    static int[][] spread(int links, int[] lo, int[] hi, int[] count) {
        int groups = count.length;
        int total = Arrays.stream(count).sum();
        // Nodes: 0 source, 1..groups, then links, then sink. Group -> link edges are unbounded.
        int source = 0;
        int sink = groups + links + 1;
        int[][] cap = new int[sink + 1][sink + 1];
        for (int g = 0; g < groups; g++) {
            cap[source][1 + g] = count[g];
            for (int j = lo[g]; j < hi[g]; j++) {
                cap[1 + g][1 + groups + j] = total;
            }
        }
        int flow = 0;
        int even = total / links;
        for (int limit = even; flow < total; limit++) {
            if (limit > total) {
                throw new IllegalStateException("gap windows cannot hold " + total + " items");
            }
            for (int j = 0; j < links; j++) {
                // The residual of a sink edge is limit - flow: raising it keeps every earlier augmentation.
                cap[1 + groups + j][sink] += limit == even ? even : 1;
            }
            flow += maxFlow(cap, source, sink);
        }
        int[][] result = new int[groups][links];
        for (int g = 0; g < groups; g++) {
            for (int j = lo[g]; j < hi[g]; j++) {
                result[g][j] = total - cap[1 + g][1 + groups + j];
            }
        }
        return result;
    }

    /** Edmonds-Karp on a capacity matrix, pushing the bottleneck along each shortest path; returns the added flow. */
    private static int maxFlow(int[][] cap, int source, int sink) {
        int nodes = cap.length;
        int added = 0;
        int[] prev = new int[nodes];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        while (true) {
            Arrays.fill(prev, -1);
            prev[source] = source;
            queue.clear();
            queue.add(source);
            while (!queue.isEmpty() && prev[sink] < 0) {
                int u = queue.poll();
                for (int v = 0; v < nodes; v++) {
                    if (prev[v] < 0 && cap[u][v] > 0) {
                        prev[v] = u;
                        queue.add(v);
                    }
                }
            }
            if (prev[sink] < 0) {
                return added;
            }
            int push = Integer.MAX_VALUE;
            for (int v = sink; v != source; v = prev[v]) {
                push = Math.min(push, cap[prev[v]][v]);
            }
            for (int v = sink; v != source; v = prev[v]) {
                cap[prev[v]][v] -= push;
                cap[v][prev[v]] += push;
            }
            added += push;
        }
    }
}
