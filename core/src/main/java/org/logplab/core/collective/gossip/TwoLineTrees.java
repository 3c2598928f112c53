package org.logplab.core.collective.gossip;

/**
 * One spanning tree per message of an {@code n x n} mesh, the routes of {@link ImprovedGossip}. For
 * even {@code n} every link carries exactly the {@code (n^2 + n)/2} messages of Theorem 1 of Wang
 * and Ying (for odd {@code n} within two of it), while the trees stay shallow at the mesh's centre.
 *
 * <p>The seed's routes are dimension-ordered: an even message is broadcast along its row, then
 * every node of that row broadcasts it along its column (odd messages the other way round). Then
 * every message crossing a row's central link still has to reach that row's end, {@code n/2}
 * links further, so whatever crosses it last makes the schedule at least {@code n/2 - 1} steps
 * longer than the link's load: no timing can close that tail.
 *
 * <p>Here a message enters its second dimension from <i>two</i> lines. For an odd message at
 * {@code (a, b)} (even ones are the transpose): it spreads along its row {@code a}, down the
 * columns {@code b} and {@code b' = (b + ceil(n/2)) mod n}, and every other row {@code x} fills in
 * from both of its nodes in those columns, the two fronts stopping at a <i>gap</i> link inside the
 * window between the columns, which that message does not use in that row. So the central links
 * carry messages close to the leaves of their trees, and the gaps, spread evenly by
 * {@link GapAssignment}, balance the loads: for even {@code n} every link carries exactly
 * {@code (n^2 + n)/2} messages, the bound.
 *
 * <p>Nodes and messages are numbered {@code x * n + y}. Immutable after construction and
 * thread-safe. Memory: a gap per (message, line) and two heights per (message, row), {@code 12 n^3} bytes.
 */
final class TwoLineTrees {
    private final int n;
    private final int[] gap;
    private final int[] columnHeight;
    private final int[] rowOf;
    private final int[] columnOf;
    private final int[] partnerOf;

    TwoLineTrees(int n) {
        this.n = n;
        // Coordinates by table lookup: parent() and height() run for every delivery, and divisions are slow.
        this.rowOf = new int[n * n];
        this.columnOf = new int[n * n];
        for (int v = 0; v < n * n; v++) {
            rowOf[v] = v / n;
            columnOf[v] = v % n;
        }
        this.partnerOf = new int[n];
        for (int b = 0; b < n; b++) {
            partnerOf[b] = (b + (n + 1) / 2) % n;
        }
        this.gap = new int[n * n * n];
        java.util.Arrays.fill(gap, -1);
        assignGaps(false);
        assignGaps(true);
        this.columnHeight = new int[2 * n * n * n];
        for (int m = 0; m < n * n; m++) {
            int fb = frameColumn(m);
            measureColumn(m, 0, fb);
            measureColumn(m, 1, partner(fb));
        }
    }

    /** Heights of the nodes of one of {@code m}'s two second-dimension entry lines, from both ends inwards. */
    private void measureColumn(int m, int k, int column) {
        int fa = frameRow(m);
        int lo = Math.min(frameColumn(m), partner(frameColumn(m)));
        int hi = Math.max(frameColumn(m), partner(frameColumn(m)));
        int base = (2 * m + k) * n;
        for (int x = n - 1, below = -1; x > fa; x--) {
            below = Math.max(sourceHeight(m, x, column, lo, hi), below + 1);
            columnHeight[base + x] = below;
        }
        for (int x = 0, above = -1; x < fa; x++) {
            above = Math.max(sourceHeight(m, x, column, lo, hi), above + 1);
            columnHeight[base + x] = above;
        }
    }

    /** The side of the mesh. */
    int n() {
        return n;
    }

    /** The second column ({@code rowFirst == false}) or row a message at index {@code b} of its frame enters from. */
    int partner(int b) {
        return partnerOf[b];
    }

    /** The node {@code v} receives {@code m} from, or -1 if {@code v} is its origin. */
    int parent(int m, int v) {
        boolean t = transposed(m);
        int fx = t ? columnOf[v] : rowOf[v];
        int fy = t ? rowOf[v] : columnOf[v];
        int fa = t ? columnOf[m] : rowOf[m];
        int fb = t ? rowOf[m] : columnOf[m];
        if (fx == fa && fy == fb) {
            return -1;
        }
        int px = fx;
        int py = fy;
        int b2 = partner(fb);
        if (fx == fa) {
            py += fy < fb ? 1 : -1;
        } else if (fy == fb || fy == b2) {
            px += fx < fa ? 1 : -1;
        } else {
            int lo = Math.min(fb, b2);
            int hi = Math.max(fb, b2);
            int g = gap[m * n + fx];
            py += fy < lo ? 1 : fy > hi ? -1 : fy <= g ? -1 : 1;
        }
        return t ? py * n + px : px * n + py;
    }

    /** The height of {@code v}'s subtree in {@code m}'s tree: how many links {@code m} still travels below {@code v}.
     * */
    int height(int m, int v) {
        boolean t = transposed(m);
        int fx = t ? columnOf[v] : rowOf[v];
        int fy = t ? rowOf[v] : columnOf[v];
        int fa = t ? columnOf[m] : rowOf[m];
        int fb = t ? rowOf[m] : columnOf[m];
        int b2 = partner(fb);
        int lo = Math.min(fb, b2);
        int hi = Math.max(fb, b2);
        if (fx == fa) {
            int h = fy < fb ? fy : n - 1 - fy;
            boolean b2Below = fy < fb ? b2 <= fy : b2 >= fy;
            if (fy != fb && b2Below) {
                int base = (2 * m + 1) * n;
                int reach = Math.max(fa > 0 ? 1 + columnHeight[base + fa - 1] : 0,
                        fa < n - 1 ? 1 + columnHeight[base + fa + 1] : 0);
                h = Math.max(h, Math.abs(b2 - fy) + reach);
            }
            return h;
        }
        if (fy == fb || fy == b2) {
            return columnHeight[(2 * m + (fy == fb ? 0 : 1)) * n + fx];
        }
        int g = gap[m * n + fx];
        return fy < lo ? fy : fy > hi ? n - 1 - fy : fy <= g ? g - fy : fy - g - 1;
    }

    /** Height of the part of frame row {@code x} fed from its column node at {@code s} (lo or hi). */
    private int sourceHeight(int m, int x, int s, int lo, int hi) {
        int g = gap[m * n + x];
        return s == lo ? Math.max(lo, g - lo) : Math.max(n - 1 - hi, hi - 1 - g);
    }

    /** Even messages ({@code x + y} even) take the transposed frame: rows first, then columns. */
    private boolean transposed(int m) {
        return ((rowOf[m] + columnOf[m]) & 1) == 0;
    }

    /** Chooses the gap of every message of one kind in every line it crosses from two sides. */
    private void assignGaps(boolean rowFirst) {
        int[] lo = new int[n];
        int[] hi = new int[n];
        for (int fb = 0; fb < n; fb++) {
            lo[fb] = Math.min(fb, partner(fb));
            hi[fb] = Math.max(fb, partner(fb));
        }
        for (int line = 0; line < n; line++) {
            int[] count = new int[n];
            for (int m = 0; m < n * n; m++) {
                if (transposed(m) == rowFirst && frameRow(m) != line) {
                    count[frameColumn(m)]++;
                }
            }
            int[][] spread = GapAssignment.spread(n - 1, lo, hi, count);
            int[] link = lo.clone();
            for (int m = 0; m < n * n; m++) {
                if (transposed(m) != rowFirst || frameRow(m) == line) {
                    continue;
                }
                // Messages of one window take its links in id order, as many per link as the spread says.
                int fb = frameColumn(m);
                while (spread[fb][link[fb]] == 0) {
                    link[fb]++;
                }
                spread[fb][link[fb]]--;
                gap[m * n + line] = link[fb];
            }
        }
    }

    private int frameRow(int m) {
        return transposed(m) ? columnOf[m] : rowOf[m];
    }

    private int frameColumn(int m) {
        return transposed(m) ? rowOf[m] : columnOf[m];
    }
}
