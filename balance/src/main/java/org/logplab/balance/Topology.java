package org.logplab.balance;

import java.util.Arrays;
import java.util.Locale;

/**
 * Which nodes a node balances with: its related domain (ALGORITHMS.md §12). Load notices,
 * requests and migrations go only to domain members; every domain is symmetric.
 * <ul>
 *   <li>{@link #RING}: the two ranks either side, modulo the node count;</li>
 *   <li>{@link #MESH}: a 2-D mesh, {@code floor(sqrt n)} rows filled row by row (the last row may be
 *       short), without wrap-around: up, down, left, right where those nodes exist;</li>
 *   <li>{@link #COMPLETE}: every other node.</li>
 * </ul>
 */
public enum Topology {
    RING, MESH, COMPLETE;

    /** The domain of {@code node} among {@code nodes}, in increasing rank order, without the node itself. */
    public int[] domain(int node, int nodes) {
        if (nodes < 1 || node < 0 || node >= nodes) {
            throw new IllegalArgumentException("node " + node + " is not one of " + nodes + " nodes");
        }
        return switch (this) {
            case RING -> Arrays.stream(new int[] {Math.floorMod(node - 1, nodes), (node + 1) % nodes})
                    .filter(j -> j != node).distinct().sorted().toArray();
            case COMPLETE -> java.util.stream.IntStream.range(0, nodes).filter(j -> j != node).toArray();
            case MESH -> mesh(node, nodes);
        };
    }

    private static int[] mesh(int node, int nodes) {
        int cols = (nodes + (int) Math.sqrt(nodes) - 1) / (int) Math.sqrt(nodes);
        int row = node / cols;
        int col = node % cols;
        int[] candidates = {
            row > 0 ? node - cols : -1,
            col > 0 ? node - 1 : -1,
            col < cols - 1 ? node + 1 : -1,
            node + cols,
        };
        return Arrays.stream(candidates).filter(j -> j >= 0 && j < nodes && j != node).sorted().toArray();
    }

    /** The topology named {@code name} ({@code ring}, {@code mesh}, {@code complete}), case-insensitive. */
    public static Topology parse(String name) {
        for (Topology t : values()) {
            if (t.name().equalsIgnoreCase(name.trim())) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown topology '" + name + "': use ring, mesh or complete");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
