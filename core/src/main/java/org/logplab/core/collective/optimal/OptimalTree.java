package org.logplab.core.collective.optimal;

/**
 * The optimal broadcast tree of {@code size} nodes on the general tree of Shou and Chen (1997)
 * (after Karp, Sahay, Santos, Schauser; docs/algorithms.md §4): root label 0, a node labelled
 * {@code t} has children labelled {@code t + D + k*I}, and the tree holds the {@code size} smallest
 * labels (Theorem 1's {@code B(P)}). Its largest label is the optimal time {@link #time() T*}, the
 * least {@code T} with {@code f(T) >= size} (Theorem 2, via {@link LabelCounts}).
 *
 * <p><b>Naming.</b> Nodes are numbered in preorder, children in send order, so every subtree is a
 * contiguous block of indices (Definition 3 / Theorem 3: the k-th child of the node at index
 * {@code p} with remaining time {@code x} is at {@code p + 1 + f(x) - f(x - k*I)}). A node finds
 * its parent and children by walking down from the root, {@code O(depth * fan-out)} cached
 * {@code f} evaluations: nothing per node is stored.
 *
 * <p><b>Which nodes, when {@code size} is not some {@code f(T)}.</b> The seed's Definition 4
 * takes the first {@code size} nodes in preorder of the tree for {@code f(T*)}; that is optimal in
 * time but may drop a node labelled below {@code T*} and keep one labelled {@code T*} (its
 * {@code T*(7; 6, 2, 4)} drops the node labelled 22 and keeps two labelled 24). We keep every
 * node labelled below {@code T*} and the first {@code size - f(T* - 1)} nodes labelled exactly
 * {@code T*} in preorder, which is Theorem 1's tree: the same time, the least sum of labels, so
 * members finish earlier on average and the summation tree ({@code OptimalSummation}) adds more
 * operands in the same time.
 *
 * <p><b>Degenerate costs.</b> {@code I = 0} (no gap and no send cost): the root reaches everyone
 * at once, a star with time {@code D}. {@code D = 0} with {@code I > 0}: a chain, time 0.
 *
 * <p>Immutable and thread-safe (the counts cache is concurrent).
 */
public final class OptimalTree {
    private final long d;
    private final long i;
    private final int size;
    private final long time;
    private final LabelCounts counts;
    /** How many nodes labelled exactly {@code time} the tree keeps. */
    private final long quota;

    /**
     * The optimal tree of {@code size >= 1} nodes for child offset {@code d = D} (from a parent's
     * receive end to the child's first receive end) and send interval {@code i = I}, both {@code >= 0}.
     *
     * @throws IllegalArgumentException if {@code size < 1} or {@code d} or {@code i} is negative
     */
    public OptimalTree(long d, long i, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a tree has at least 1 node, got " + size);
        }
        if (d < 0 || i < 0) {
            throw new IllegalArgumentException("D and I must not be negative, got D=" + d + ", I=" + i);
        }
        this.d = d;
        this.i = i;
        this.size = size;
        if (size == 1) {
            counts = null;
            time = 0;
            quota = 1;
        } else if (i == 0) {
            counts = null;
            time = d;
            quota = size - 1;
        } else if (d == 0) {
            counts = null;
            time = 0;
            quota = size;
        } else {
            long slowest = Math.max(d, i);
            counts = new LabelCounts(d, i, timeBound(slowest, size));
            time = leastTimeReaching(counts, slowest, size);
            quota = size - counts.size(time - 1);
        }
    }

    /** Least {@code T} with {@code f(T) >= size}: binary search below {@code max(D, I) * ceil(log2 size)}. */
    private static long leastTimeReaching(LabelCounts counts, long slowest, int size) {
        long lo = 0;
        long hi = timeBound(slowest, size);
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (counts.size(mid) >= size) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** An upper bound on {@code T*}: every informed node informs another within {@code slowest}. */
    private static long timeBound(long slowest, int size) {
        return LabelCounts.mul(slowest, 32 - Integer.numberOfLeadingZeros(size - 1));
    }

    /** Number of nodes. */
    public int size() {
        return size;
    }

    /** The optimal time {@code T*}: the largest label. */
    public long time() {
        return time;
    }

    /**
     * The role of the node at preorder {@code index}. Every member of a broadcast asks once, so
     * this walk finds the child block holding {@code index} by bisection on the closed-form
     * block offsets: {@code O(depth * log fan-out)} count look-ups, against {@link #locate}'s
     * {@code O(depth * fan-out)}.
     *
     * @throws IllegalArgumentException if {@code index} is outside {@code 0..size()-1}
     */
    public OptimalRole role(int index) {
        checkIndex(index);
        if (counts == null) {
            return degenerateWalk(index).role();
        }
        int pos = 0;
        int parent = -1;
        long x = time;
        long zerosBefore = 0;
        while (pos != index) {
            long offset = index - pos - 1;
            long fx = counts.size(x);
            long fx1 = counts.size(x - 1);
            // Largest k whose first k child blocks keep at most offset nodes: index is in block k.
            int lo = 0;
            int hi = (int) ((x - d) / i);
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (keptInBlocks(fx, fx1, x, zerosBefore, mid) <= offset) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            parent = pos;
            pos += 1 + (int) keptInBlocks(fx, fx1, x, zerosBefore, lo);
            zerosBefore += labelledTimeInBlocks(fx, fx1, x, lo);
            x -= d + lo * i;
        }
        return new OptimalRole(parent, childrenOf(pos, x, zerosBefore), time - x);
    }

    /**
     * Nodes kept in the first {@code k} child blocks of a node with remaining time {@code x} and
     * {@code zerosBefore} nodes labelled {@code T*} before it in preorder. Untrimmed, child
     * {@code j}'s block holds {@code f(x - D - jI)} nodes and {@code f(x) = 1 + sum_j f(x - D - jI)},
     * so the first {@code k} blocks hold {@code f(x) - f(x - kI)}; the tree then drops the nodes
     * labelled {@code T*} beyond the first {@link #quota} in preorder. {@code fx = f(x)} and
     * {@code fx1 = f(x - 1)}.
     */
    private long keptInBlocks(long fx, long fx1, long x, long zerosBefore, int k) {
        long zeros = labelledTimeInBlocks(fx, fx1, x, k);
        return fx - counts.size(x - k * i) - (beyondQuota(zerosBefore + zeros) - beyondQuota(zerosBefore));
    }

    /**
     * Nodes labelled {@code T*} in the first {@code k} child blocks of a node with remaining time
     * {@code x}, given {@code fx = f(x)} and {@code fx1 = f(x - 1)}.
     */
    private long labelledTimeInBlocks(long fx, long fx1, long x, int k) {
        return fx - counts.size(x - k * i) - (fx1 - counts.size(x - 1 - k * i));
    }

    /** Of the first {@code zeros} nodes labelled {@code T*} in preorder, how many the tree drops. */
    private long beyondQuota(long zeros) {
        return Math.max(0, zeros - quota);
    }

    /**
     * Sums over the nodes before a node in preorder, for placing operands: of their labels, and of
     * their child counts.
     *
     * @param labelSum the sum of the labels of the nodes before it, in model units
     * @param childCount the sum of the child counts of the nodes before it
     */
    public record Prefix(long labelSum, long childCount) { }

    /**
     * A node's role and its {@link Prefix}.
     *
     * @param role the node's parent, children and label
     * @param prefix the sums over the nodes before it in preorder
     */
    public record Located(OptimalRole role, Prefix prefix) { }

    /**
     * The node at preorder {@code index}: its role and the sums over the nodes before it, in one walk.
     *
     * @throws IllegalArgumentException if {@code index} is outside {@code 0..size()-1}
     */
    public Located locate(int index) {
        checkIndex(index);
        if (counts == null) {
            return degenerateWalk(index);
        }
        int pos = 0;
        int parent = -1;
        long x = time;
        long zerosBefore = 0;
        long labelsBefore = 0;
        long childrenBefore = 0;
        while (pos != index) {
            // Descend into the child block holding index; blocks before it are skipped whole.
            labelsBefore += time - x;
            int childPos = pos + 1;
            long zeros = zerosBefore;
            int nextPos = -1;
            long nextX = 0;
            long nextZeros = 0;
            for (long cx = x - d; cx >= 0; cx -= i) {
                long atT = counts.atLabel(cx);
                long excluded = Math.clamp(zeros + atT - quota, 0, atT);
                long kept = counts.size(cx) - excluded;
                if (kept == 0) {
                    break;
                }
                childrenBefore++;
                if (nextPos < 0 && index < childPos + kept) {
                    nextPos = childPos;
                    nextX = cx;
                    nextZeros = zeros;
                } else if (nextPos < 0) {
                    labelsBefore += kept * (time - cx) + counts.labelSum(cx) - excluded * cx;
                    childrenBefore += kept - 1;
                    childPos += (int) kept;
                }
                zeros += atT;
            }
            if (nextPos < 0) {
                throw new IllegalStateException("index " + index + " not under node " + pos + " (bug)");
            }
            parent = pos;
            pos = nextPos;
            x = nextX;
            zerosBefore = nextZeros;
        }
        return new Located(new OptimalRole(parent, childrenOf(pos, x, zerosBefore), time - x),
                new Prefix(labelsBefore, childrenBefore));
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= size) {
            throw new IllegalArgumentException("node index " + index + " is outside 0.." + (size - 1));
        }
    }

    private int[] childrenOf(int pos, long x, long zerosBefore) {
        int n = x < d ? 0 : (int) ((x - d) / i) + 1;
        int[] children = new int[n];
        int childPos = pos + 1;
        long zeros = zerosBefore;
        int count = 0;
        for (long cx = x - d; cx >= 0; cx -= i) {
            long atT = counts.atLabel(cx);
            long kept = counts.size(cx) - Math.clamp(zeros + atT - quota, 0, atT);
            if (kept == 0 || childPos >= size) {
                break;
            }
            children[count++] = childPos;
            childPos += (int) kept;
            zeros += atT;
        }
        return count == n ? children : java.util.Arrays.copyOf(children, count);
    }

    private Located degenerateWalk(int index) {
        boolean star = i == 0 && size > 1;
        int parent = index == 0 ? -1 : star ? 0 : index - 1;
        int[] children;
        if (index == 0 && star) {
            children = new int[size - 1];
            for (int c = 1; c < size; c++) {
                children[c - 1] = c;
            }
        } else {
            children = !star && index + 1 < size ? new int[] {index + 1} : new int[0];
        }
        long label = index == 0 ? 0 : time;
        long labelsBefore = index == 0 ? 0 : (index - 1) * time;
        long childrenBefore = star ? (index == 0 ? 0 : size - 1) : index;
        return new Located(new OptimalRole(parent, children, label), new Prefix(labelsBefore, childrenBefore));
    }
}
