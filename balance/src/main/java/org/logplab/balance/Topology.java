package org.logplab.balance;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Which nodes a node balances with: its related domain (docs/algorithms.md §12). Load notices,
 * requests and migrations go only to domain members; every domain is symmetric.
 * <ul>
 *   <li>{@link #RING}: the two ranks either side, modulo the node count;</li>
 *   <li>{@link #MESH}: a 2-D mesh, {@code floor(sqrt n)} rows filled row by row (the last row may be
 *       short), without wrap-around: up, down, left, right where those nodes exist;</li>
 *   <li>{@link #COMPLETE}: every other node, up to {@value #MAX_COMPLETE_DOMAIN} of them; on more
 *       nodes, the members at distances {@code +-1, +-2, +-4, ...} up to half the node count
 *       (modulo the count): {@code 2 log2(n) - 1} members for a power of two {@code n}, 15 of 255
 *       for 256 nodes, any node within {@code log2(n)} hops of any other.</li>
 * </ul>
 * Why the complete network's domain is bounded: the seed's policies tell their whole domain of
 * every change of state, and under LogP a node sends {@code k} messages no faster than one per
 * gap {@code g}. With 255 members and the default {@code g = 4} one notice takes 1,020 time units,
 * longer than the whole ideal run of the seed's scenario at load index 100, so on many nodes an
 * unbounded domain spends the run on notices. On up to 17 nodes nothing changes.
 */
public enum Topology {
    RING, MESH, COMPLETE;

    /** The most members a {@link #COMPLETE} domain has; beyond, members at power-of-two distances. */
    public static final int MAX_COMPLETE_DOMAIN = 16;

    /** The domain of {@code node} among {@code nodes}, in increasing rank order, without the node itself. */
    public int[] domain(int node, int nodes) {
        if (nodes < 1 || node < 0 || node >= nodes) {
            throw new IllegalArgumentException("node " + node + " is not one of " + nodes + " nodes");
        }
        return switch (this) {
            case RING -> Arrays.stream(new int[] {Math.floorMod(node - 1, nodes), (node + 1) % nodes})
                    .filter(j -> j != node).distinct().sorted().toArray();
            case COMPLETE -> complete(node, nodes);
            case MESH -> mesh(node, nodes);
        };
    }

    private static int[] complete(int node, int nodes) {
        if (nodes - 1 <= MAX_COMPLETE_DOMAIN) {
            return IntStream.range(0, nodes).filter(j -> j != node).toArray();
        }
        // Both signs of every distance, so that j is in i's domain exactly when i is in j's.
        IntStream.Builder members = IntStream.builder();
        for (int d = 1; 2 * d <= nodes; d *= 2) {
            members.add((node + d) % nodes).add(Math.floorMod(node - d, nodes));
        }
        return members.build().distinct().sorted().toArray();
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
