package org.logplab.core.collective.ktree;

/**
 * Where each of the {@code N = n - 1} non-source processors sits in each of the {@code k} trees
 * of {@link KTreeBroadcast}, computed in O(1) per (tree, processor) and O(log n) for a depth, so
 * that a processor finds its role without anyone building the trees.
 *
 * <p>Processors are handled by <em>label</em> {@code rank - 1} in {@code 0..N-1}; a tree lists its
 * labels by <em>position</em> {@code 0..N-1}, position 0 being the child of the source. With
 * {@code N - 1 = k q + a}, {@code 0 <= a < k}:
 * <ul>
 *   <li><b>without leftovers</b> ({@code a = 0} or {@code a = k - 1}): every tree is the complete
 *       k-ary tree on {@code N} positions, and tree {@code t} puts label {@code (p + tI) mod N} at
 *       position {@code p}, {@code I = ceil((N-1)/k)};</li>
 *   <li><b>with leftovers</b> ({@code 1 <= a <= k - 2}): tree {@code t} is a <em>core</em>, the
 *       complete k-ary tree on {@code kq + 1} positions whose {@code q} internal positions hold the
 *       group {@code G_t = [tq, tq + q)}, plus {@code a} <em>bottom</em> positions. The {@code k a}
 *       bottom slots of all trees, {@code i = t a + x}, are dealt out {@code k} per spare: slot
 *       {@code i} hangs under spare {@code R_j} (label {@code kq + j}, {@code j = i / k}, at the
 *       tree's position {@code q} or {@code q + 1}) and holds the first label of group
 *       {@code (i + 1 + floor(jk/a)) mod k}. The other labels fill the core's remaining leaves:
 *       the other spares, the non-first labels of the other groups by group offset, then their
 *       non-bottom first labels.</li>
 * </ul>
 * Why: so that over all trees no processor has more than {@code k} children, all distinct, and
 * every tree stays within the seed's height bound (proof in docs/algorithms.md §8, "LogP Lab's
 * layout of the k trees").
 */
final class KTreeLayout {
    private final int nodes;
    private final int k;
    private final int q;
    private final int a;
    private final boolean leftovers;
    private final int internals;
    private final int core;
    private final int firstsStart;

    /** The layout of {@code nodes >= 1} non-source processors in {@code k} trees, {@code 1 <= k <= nodes}. */
    KTreeLayout(int nodes, int k) {
        if (nodes < 1 || k < 1 || k > nodes) {
            throw new IllegalArgumentException("need 1 <= k <= nodes, got k " + k + ", nodes " + nodes);
        }
        this.nodes = nodes;
        this.k = k;
        this.q = (nodes - 1) / k;
        this.a = (nodes - 1) % k;
        this.leftovers = a != 0 && a != k - 1;
        this.internals = Math.ceilDiv(nodes - 1, k);
        this.core = k * q + 1;
        this.firstsStart = q + a + 1 + (k - 1) * (q - 1);
    }

    /** Whether leftover processors hang under spares (see the class comment). */
    boolean hasLeftovers() {
        return leftovers;
    }

    /** Tree {@code t}, {@code 0 <= t < k}: its per-tree constants worked out once for many look-ups. */
    Tree tree(int t) {
        return new Tree(t);
    }

    /** The depth of {@code position} in the complete k-ary tree (breadth-first numbering). O(log n). */
    private int completeDepth(int position) {
        if (k == 1) {
            return position;
        }
        int depth = 0;
        long levelEnd = 1;
        long width = 1;
        while (position >= levelEnd) {
            width *= k;
            levelEnd += width;
            depth++;
        }
        return depth;
    }

    /**
     * One tree. With leftovers it holds the tree's share of bottom slots {@code [ta, ta + a)}: its
     * first spare {@code R_j1}, how many slots {@code split} fall to it (the rest go to
     * {@code R_(j1+1)}), and the group offset {@code lo1} of its first slot. Offsets of the first
     * spare's slots are {@code lo1..hi1}, those of the second spare's {@code 1..hi2}.
     */
    final class Tree {
        private final int t;
        private final int j1;
        private final int split;
        private final int lo1;

        private Tree(int t) {
            this.t = t;
            if (!leftovers) {
                this.j1 = 0;
                this.split = 0;
                this.lo1 = 0;
                return;
            }
            long first = (long) t * a;
            this.j1 = (int) (first / k);
            this.split = (int) Math.min(a, (j1 + 1L) * k - first);
            long group = (first + 1 + (long) j1 * k / a) % k;
            this.lo1 = (int) Math.floorMod(group - t, (long) k);
        }

        /** The label at {@code position}. */
        int label(int position) {
            if (!leftovers) {
                return (int) ((position + (long) t * internals) % nodes);
            }
            if (position < q) {
                return t * q + position;
            }
            if (position == q) {
                return spare(j1);
            }
            if (position == q + 1 && straddles()) {
                return spare(j1 + 1);
            }
            if (position <= q + a) {
                int index = position - q - parents();
                return spare(index < j1 ? index : index + parents());
            }
            if (position < firstsStart) {
                int r = position - (q + a + 1);
                return groupLabel(1 + r / (q - 1), 1 + r % (q - 1));
            }
            if (position < core) {
                int z = position - firstsStart;
                return groupLabel(z < gap() ? hi2() + 1 + z : hi1() + 1 + (z - gap()), 0);
            }
            int x = position - core;
            return groupLabel(x < split ? lo1 + x : x - split + 1, 0);
        }

        /** The position of {@code label}: the inverse of {@link #label}. */
        int position(int label) {
            if (!leftovers) {
                return (int) Math.floorMod(label - (long) t * internals, (long) nodes);
            }
            if (label >= k * q) {
                int r = label - k * q;
                if (r == j1) {
                    return q;
                }
                if (r == j1 + 1 && straddles()) {
                    return q + 1;
                }
                return q + parents() + (r < j1 ? r : r - parents());
            }
            int group = label / q;
            int w = label % q;
            if (group == t) {
                return w;
            }
            int o = Math.floorMod(group - t, k);
            if (w > 0) {
                return q + a + 1 + (o - 1) * (q - 1) + (w - 1);
            }
            if (o >= lo1 && o <= hi1()) {
                return core + (o - lo1);
            }
            if (o <= hi2()) {
                return core + split + o - 1;
            }
            return firstsStart + (o < lo1 ? o - hi2() - 1 : gap() + (o - hi1() - 1));
        }

        /** The parent's position of {@code position}; -1 for position 0, whose parent is the source. */
        int parentPosition(int position) {
            if (position == 0) {
                return -1;
            }
            if (!leftovers || position < core) {
                return (position - 1) / k;
            }
            return position - core < split ? q : q + 1;
        }

        /** The first child position of {@code position}; children are consecutive. */
        int firstChild(int position) {
            if (leftovers && position >= q) {
                return position == q ? core : core + split;
            }
            return (int) Math.min((long) position * k + 1, nodes);
        }

        /** How many children {@code position} has. */
        int childCount(int position) {
            if (leftovers && position >= q) {
                return position == q ? split : position == q + 1 ? a - split : 0;
            }
            long first = (long) position * k + 1;
            return (int) Math.max(0, Math.min(first + k, nodes) - first);
        }

        /** The depth of {@code position}, position 0 at depth 0. O(log n). */
        int depth(int position) {
            if (leftovers && position >= core) {
                return completeDepth(parentPosition(position)) + 1;
            }
            return completeDepth(position);
        }

        /** The largest depth of any position. */
        int maxDepth() {
            if (!leftovers) {
                return completeDepth(nodes - 1);
            }
            return Math.max(completeDepth(core - 1), completeDepth(straddles() ? q + 1 : q) + 1);
        }

        private boolean straddles() {
            return split < a;
        }

        private int parents() {
            return straddles() ? 2 : 1;
        }

        private int hi1() {
            return lo1 + split - 1;
        }

        private int hi2() {
            return a - split;
        }

        /** How many group offsets lie between the second spare's and the first spare's slots. */
        private int gap() {
            return lo1 - 1 - hi2();
        }

        private int spare(int r) {
            return k * q + r;
        }

        /** The first (w = 0) or w-th label of the group {@code offset} after this tree's own. */
        private int groupLabel(int offset, int w) {
            return (int) ((t + (long) offset) % k) * q + w;
        }
    }
}
