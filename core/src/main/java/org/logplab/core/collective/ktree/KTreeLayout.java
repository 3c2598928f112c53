package org.logplab.core.collective.ktree;

/**
 * Where each of the {@code N = n - 1} non-source processors sits in each of the {@code k} trees
 * of {@link KTreeBroadcast}, computed in O(1) per (tree, processor) and O(log n) for a depth, so
 * that a processor finds its role without anyone building the trees.
 *
 * <p>Processors are handled by <em>label</em> {@code rank - 1} in {@code 0..N-1}; a tree lists its
 * labels by <em>position</em> {@code 0..N-1}, position 0 being the child of the source. Write
 * {@code N - 1 = k q + a} with {@code 0 <= a < k}.
 *
 * <p><b>Without leftovers</b> ({@code a = 0} or {@code a = k - 1}, which includes {@code k = 1}
 * and {@code N = k}): each tree is the complete k-ary tree on {@code N} positions (children of
 * {@code p} are {@code kp+1..kp+k}), with {@code I = ceil((N-1)/k)} internal positions. Tree
 * {@code t} puts label {@code (p + tI) mod N} at position {@code p}: its internal labels are the
 * block {@code [tI, tI + I)}, and since {@code kI <= N} the blocks are disjoint, so every processor
 * is internal in at most one tree, as the seed wants.
 *
 * <p><b>With leftovers</b> ({@code 1 <= a <= k - 2}): then {@code k * ceil((N-1)/k) > N}, so complete
 * trees would need more internal processors than exist, and some processor must have children in
 * two trees. Labels split into groups {@code G_g = [gq, gq + q)} for {@code g < k} and the spares
 * {@code R_0..R_a} (labels {@code kq..N-1}). Tree {@code t} has a <em>core</em>, the complete k-ary
 * tree on {@code kq + 1} positions whose {@code q} internal positions hold {@code G_t} with
 * exactly {@code k} children each, and {@code a} <em>bottom</em> positions {@code kq+1..N-1} for
 * the leftovers. The {@code k a} bottom slots of all trees, numbered {@code i = t a + x}, are dealt
 * out in order, {@code k} per spare: slot {@code i} hangs under {@code R_(i / k)}. As {@code a < k}
 * a tree's slots meet at most two spares, which sit at its first two leaf positions {@code q} and
 * {@code q + 1} (the seed's "first and second leaf"). The label in slot {@code i} is the first
 * label of group {@code (i + 1 + floor(jk/a)) mod k}, {@code j = i / k}. Why that group:
 * <ul>
 *   <li>the {@code k} slots of spare {@code R_j} take {@code k} consecutive groups, so its children
 *       are distinct;</li>
 *   <li>for slot {@code u = i - jk} of that window in tree {@code t}, the group's offset from
 *       {@code t} is {@code 1 + u - d} with {@code d = t - floor(jk/a)} trees begun since the
 *       window opened; {@code 0 <= d <= u} and {@code d >= 1} at {@code u = k - 1} (since
 *       {@code a <= k - 2}), so the offset lies in {@code 1..k-1}: a tree never hangs its own
 *       internal group at the bottom;</li>
 *   <li>a tree split between {@code R_j} and {@code R_(j+1)} takes offsets {@code 1..e} from the
 *       second and {@code 1 + u - d} for {@code u >= ta - jk} from the first; as {@code ta < jk + k}
 *       gives {@code d < k/a + 1 <= k - a + 1} for {@code 2 <= a <= k - 2}, the first range starts
 *       above {@code e}, so a tree's bottom labels are distinct.</li>
 * </ul>
 * The other labels fill the core's remaining leaves in a fixed order: the other spares, the
 * non-first labels of the other groups by group offset, then their non-bottom first labels. Every
 * position and label is thus a closed formula, O(1) to compute either way.
 *
 * <p>Port budget: a group label has {@code k} children in its own tree only; a spare has at most
 * {@code k} children in all (its share of slots), all distinct; the source has one child per tree,
 * and these roots ({@code G_t}'s first labels) are distinct. Depth: the bottom hangs from positions
 * {@code q} and {@code q + 1}, so every tree fits inside the complete k-ary tree on
 * {@code kq + 2k + 1 = n - 1 - a + 2k} positions, the seed's height {@code h2 = 1 + f(n - 1 - a + 2k, k)}.
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
