package org.logplab.core.collective.gossip;

/**
 * The gossip algorithm of Wang Zhuoyan and Ying Jing (<i>The Gossiping Algorithm in Square
 * Mesh</i>, §3; docs/algorithms.md §7) for the H* model: {@code (n^2 + 3n - 4) / 2} timesteps
 * on an {@code n x n} mesh, against the lower bound {@code (n^2 + n) / 2} of its Theorem 1.
 *
 * <p>Node {@code (x, y)} is <i>even</i> if {@code x + y} is even, <i>odd</i> otherwise.
 * <ol>
 *   <li><b>Phase 1</b>, {@code n - 1} timesteps (figure 1): every even node broadcasts its message
 *       along its row and every odd node along its column, all at once. The figure itself is not in
 *       the seed's text; we pipeline each broadcast both ways from its first step. In timestep
 *       {@code t} the message of sender {@code s} crosses the link {@code s+t-1 -> s+t} rightwards
 *       and {@code s-t+1 -> s-t} leftwards. Senders of one line sit two apart, so rightward and
 *       leftward packets always fall on links of opposite parity: no link is used twice, and the
 *       farthest end, {@code n - 1} links away, is reached in timestep {@code n - 1}.</li>
 *   <li><b>Phase 2</b>, {@code (n^2 + n - 2) / 2} timesteps: every row gossips linearly the
 *       messages its nodes got from the column direction, and every column those got from the row
 *       direction, with the queues {@code L_i}, {@code R_i} of figure 2 ({@link SeedLinearGossip}).
 *       A node's own message belongs to these queues (an odd node's in its row, an even node's in
 *       its column): nobody else in that line holds it, and the seed's count of {@code (n+1)/2}
 *       messages per node ("big rectangles", figure 3) includes it.</li>
 * </ol>
 *
 * <p><b>Steps, checked for n = 2..64.</b> A line of phase 2 whose {@code M} messages cross its
 * central link in {@code M} consecutive timesteps then needs {@code c - 1} more for the one-step
 * bubble each link left of the centre adds, so it takes {@code M + c - 1}. Rows carry the odd
 * messages and columns the even ones: for even {@code n} both have {@code M = n^2/2}, giving
 * {@code S_even = (n^2 + n - 2)/2}; for odd {@code n} rows have {@code (n^2 - 1)/2} and columns
 * {@code (n^2 + 1)/2}, giving {@code S'_odd = (n^2 + n - 4)/2} and {@code S_odd = (n^2 + n - 2)/2}.
 * So the total is exactly the seed's {@code S_sum = (n^2 + 3n - 4)/2} for every {@code n >= 2}.
 *
 * <p><b>Where we read the seed differently.</b> (1) Its formula for {@code S_odd} is printed as
 * {@code (n+1)^2/2 + (n-1)^2/2 + (n-1)/2 - 1}, which does not equal its stated result; the terms
 * must be {@code ((n+1)/2)^2 + ((n-1)/2)^2}. (2) It studies "one row, without loss of generality",
 * but for odd {@code n} rows and columns differ: the two cases {@code S_odd} and {@code S'_odd} are
 * the columns (whose end nodes hold {@code (n+1)/2} messages) and the rows (whose ends hold
 * {@code (n-1)/2}), not two kinds of row. The total is unaffected, because phase 2 takes the maximum.
 *
 * <p>Stateless and thread-safe.
 */
public final class SeedGossip implements GossipAlgorithm {

    @Override
    public String name() {
        return "seed";
    }

    @Override
    public int run(HStarMesh mesh) {
        if (mesh.steps() != 0) {
            throw new IllegalArgumentException("the mesh must be fresh, it has taken " + mesh.steps() + " steps");
        }
        int n = mesh.n();
        Timestep step = new Timestep();
        for (int t = 1; t <= n - 1; t++) {
            step.clear();
            for (int line = 0; line < n; line++) {
                phaseOne(n, line, true, t, step);
                phaseOne(n, line, false, t, step);
            }
            mesh.step(step);
        }
        SeedLinearGossip[] lines = new SeedLinearGossip[2 * n];
        for (int line = 0; line < n; line++) {
            lines[line] = lineOf(n, line, true);
            lines[n + line] = lineOf(n, line, false);
        }
        while (!mesh.allHoldEverything()) {
            step.clear();
            for (SeedLinearGossip line : lines) {
                line.step(step);
            }
            if (step.size() == 0) {
                throw new IllegalStateException("seed gossip stalled after " + mesh.steps() + " steps on a "
                        + n + " x " + n + " mesh");
            }
            mesh.step(step);
        }
        return mesh.steps();
    }

    /** Phase 1, timestep {@code t}, on row {@code line} (even senders) or column {@code line} (odd senders). */
    private static void phaseOne(int n, int line, boolean row, int t, Timestep step) {
        // Senders are the positions s with line + s even on a row, odd on a column.
        for (int s = row ? line & 1 : (line + 1) & 1; s < n; s += 2) {
            if (s + t <= n - 1) {
                step.add(at(n, line, s + t - 1, row), at(n, line, s + t, row), at(n, line, s, row));
            }
            if (s - t >= 0) {
                step.add(at(n, line, s - t + 1, row), at(n, line, s - t, row), at(n, line, s, row));
            }
        }
    }

    /** Row {@code line} gossips the odd messages of each node's column; column {@code line} the even ones of each
     * node's row. */
    private static SeedLinearGossip lineOf(int n, int line, boolean row) {
        int[] node = new int[n];
        int[][] initial = new int[n][];
        for (int i = 0; i < n; i++) {
            node[i] = at(n, line, i, row);
            int x = node[i] / n;
            int y = node[i] % n;
            int first = row ? (y + 1) & 1 : x & 1; // the first position across this line of the wanted parity
            int[] got = new int[(n - first + 1) / 2];
            for (int k = 0, j = first; j < n; j += 2, k++) {
                got[k] = row ? j * n + y : x * n + j;
            }
            initial[i] = got;
        }
        return new SeedLinearGossip(node, initial);
    }

    /** Mesh node at position {@code i} of row or column {@code line}. */
    private static int at(int n, int line, int i, boolean row) {
        return row ? line * n + i : i * n + line;
    }
}
