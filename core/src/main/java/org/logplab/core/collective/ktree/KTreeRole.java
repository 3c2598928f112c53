package org.logplab.core.collective.ktree;

import java.util.Arrays;

/**
 * What one processor does in the k-tree broadcast: in each tree {@code t}, its parent (from whom
 * it receives the messages {@code t, t + k, t + 2k, ...}), its depth (how many rounds after a
 * message's injection it has that message) and its children (to whom it forwards each of those
 * messages the round after receiving it). Built by {@link KTreeBroadcast#role} from
 * {@code (n, k, rank)} alone. Immutable.
 */
public final class KTreeRole {
    private final int rank;
    private final int[] parents;
    private final int[] depths;
    private final int[][] children;

    KTreeRole(int rank, int[] parents, int[] depths, int[][] children) {
        this.rank = rank;
        this.parents = parents;
        this.depths = depths;
        this.children = children;
    }

    /** The processor's rank, 0 for the source. */
    public int rank() {
        return rank;
    }

    /** The number of trees (the ports in use). */
    public int trees() {
        return parents.length;
    }

    /** Its parent's rank in {@code tree}; -1 for the source, which roots every tree. */
    public int parent(int tree) {
        return parents[tree];
    }

    /** Its depth in {@code tree} in rounds: 0 for the source, 1 for the tree's root below the source. */
    public int depth(int tree) {
        return depths[tree];
    }

    /** Its children's ranks in {@code tree} (a copy). */
    public int[] children(int tree) {
        return children[tree].clone();
    }

    /** How many children it has over all trees: its sends per round once the pipeline is full. */
    public int totalChildren() {
        return Arrays.stream(children).mapToInt(c -> c.length).sum();
    }

    int[] childrenView(int tree) {
        return children[tree];
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("rank ").append(rank);
        for (int t = 0; t < parents.length; t++) {
            b.append(", tree ").append(t).append(": parent ").append(parents[t]).append(" depth ").append(depths[t])
                    .append(" children ").append(Arrays.toString(children[t]));
        }
        return b.toString();
    }
}
