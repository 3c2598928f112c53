package org.logplab.core.collective.ktree;

/**
 * The k-tree algorithm for broadcasting {@code m} messages from processor 0 to {@code n}
 * processors in the k-port model (Ding and Li, §4-5, after Bar-Noy and Ho): {@code k} spanning trees
 * ("k scanning trees"), each a k-ary tree on the other {@code n - 1} processors hung under the
 * source, such that over all trees no processor has more than {@code k} children and a
 * processor's children are distinct. Message {@code i} travels down tree {@code i mod k}, injected
 * by the source in round {@code floor(i/k) + 1} and moving one level per round, so every round the
 * source feeds each tree a new message and every processor forwards at most {@code k} messages to
 * {@code k} distinct processors and receives at most one per tree. The broadcast ends after
 * {@code max_t (floor((m - 1 - t)/k) + h_t)} rounds, {@code h_t} the height of tree {@code t}: the
 * seed's {@code ceil(m/k) - 1 + h}.
 *
 * <p><b>Ports in use.</b> A processor's {@code k} sends go to distinct processors, so with
 * {@code n - 1 < k} only {@code n - 1} ports can be busy; the trees then use
 * {@code k' = min(k, n - 1)} ({@link #ports()}), one tree per usable port.
 *
 * <p><b>Leftovers.</b> The seed builds complete k-ary trees in which every processor is internal
 * in at most one tree; that needs {@code k | n - 2} (or {@code n - 2 = -1 mod k}), and its recipe for
 * the {@code a = (n - 2) mod k} leftover processors otherwise is garbled. Ours (see
 * {@link KTreeLayout}): each tree keeps a complete core on {@code n - 1 - a} processors whose
 * internal nodes are internal nowhere else; the {@code k a} leftover slots of all trees are dealt
 * out in order to the {@code a + 1} spare processors, {@code k} each, every spare sitting at the
 * first or second leaf of the trees it serves. So every port limit holds, and each tree lies within
 * the complete k-ary tree on {@code n - 1 - a + 2k} positions, which gives the seed's bound
 * {@code ceil(m/k) + max(ceil(log_k(n + 2k)), 2)}. With {@code k = 1} the one tree is a chain.
 *
 * <p>Roles are computed locally: {@link #role(int)} costs O(k log n) and no structure of size
 * {@code n} is built, so the same code serves any {@code n}. Immutable and thread-safe.
 *
 * <pre>{@code
 * KTreeBroadcast b = new KTreeBroadcast(7, 2);
 * KTreeRole r = b.role(3);           // parent, depth and children of processor 3 in both trees
 * int rounds = b.rounds(4);          // 4 for m = 4
 * }</pre>
 */
public final class KTreeBroadcast {
    private final int n;
    private final int k;
    private final int ports;
    private final KTreeLayout layout;

    /**
     * The trees for {@code n >= 1} processors with {@code k >= 1} ports each.
     *
     * @throws IllegalArgumentException if {@code n < 1} or {@code k < 1}
     */
    public KTreeBroadcast(int n, int k) {
        if (n < 1 || k < 1) {
            throw new IllegalArgumentException("k-tree broadcast needs n >= 1 and k >= 1, got n " + n + ", k " + k);
        }
        this.n = n;
        this.k = k;
        this.ports = Math.min(k, n - 1);
        this.layout = n == 1 ? null : new KTreeLayout(n - 1, ports);
    }

    /** The number of processors. */
    public int n() {
        return n;
    }

    /** The ports asked for. */
    public int k() {
        return k;
    }

    /** The ports in use and the number of trees: {@code min(k, n - 1)}, 0 when {@code n = 1}. */
    public int ports() {
        return ports;
    }

    /** Whether some processors have children in two trees because {@code n - 2} is not 0 or -1 mod k'. */
    public boolean hasLeftovers() {
        return layout != null && layout.hasLeftovers();
    }

    /**
     * The role of processor {@code rank}: parent, depth and children in every tree. O(k' log n).
     *
     * @throws IllegalArgumentException if {@code rank} is outside {@code 0..n-1}
     */
    public KTreeRole role(int rank) {
        if (rank < 0 || rank >= n) {
            throw new IllegalArgumentException("rank " + rank + " is outside 0.." + (n - 1));
        }
        int[] parents = new int[ports];
        int[] depths = new int[ports];
        int[][] children = new int[ports][];
        for (int t = 0; t < ports; t++) {
            KTreeLayout.Tree tree = layout.tree(t);
            if (rank == 0) {
                parents[t] = -1;
                children[t] = new int[] {tree.label(0) + 1};
                continue;
            }
            int position = tree.position(rank - 1);
            int parent = tree.parentPosition(position);
            parents[t] = parent < 0 ? 0 : tree.label(parent) + 1;
            depths[t] = tree.depth(position) + 1;
            int first = tree.firstChild(position);
            children[t] = new int[tree.childCount(position)];
            for (int c = 0; c < children[t].length; c++) {
                children[t][c] = tree.label(first + c) + 1;
            }
        }
        return new KTreeRole(rank, parents, depths, children);
    }

    /** The height of {@code tree} in rounds: its deepest processor's depth, the source at depth 0. */
    public int height(int tree) {
        if (tree < 0 || tree >= ports) {
            throw new IllegalArgumentException("tree " + tree + " is outside 0.." + (ports - 1));
        }
        return layout.tree(tree).maxDepth() + 1;
    }

    /**
     * The rounds the pipelined schedule takes for {@code m >= 1} messages:
     * {@code max over trees t < min(m, k') of floor((m - 1 - t)/k') + height(t)}, the round in which
     * the last message of each tree reaches its deepest processor; 0 when {@code n = 1}.
     */
    public int rounds(int m) {
        if (m < 1) {
            throw new IllegalArgumentException("m must be >= 1, got " + m);
        }
        int rounds = 0;
        for (int t = 0; t < Math.min(m, ports); t++) {
            rounds = Math.max(rounds, (m - 1 - t) / ports + height(t));
        }
        return rounds;
    }

    /** The round-by-round sends for any {@code m}; builds every processor's role (O(n k' log n)). */
    public KTreeSchedule schedule() {
        return new KTreeSchedule(this);
    }
}
