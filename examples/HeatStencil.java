/*
 * Heat equation on a ring (1-D Jacobi with halo exchange): N = P * cells points round a circle,
 * each rank owning `cells` consecutive ones. Every step each rank sends its first point to its
 * left neighbour and its last point to its right neighbour (their halos), receives its own two
 * halos, and updates every point from its neighbours: u_i += alpha (u_{i-1} - 2 u_i + u_{i+1}).
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o; compute(w) adds w. A halo is one double (8 bytes): a send
 * keeps its sender busy s = o + 7G. Let a = max(g, s) and b = max(g, o). The update costs
 * w = cells units. Every rank does the same thing at the same times; follow one step from X:
 *   - It sends left at X and right at X + a (g after the first, and after the first ended).
 *   - First receive, the right neighbour's first halo (sent at X): it arrives at X + s + L; the
 *     rank is busy sending until X + a + s. It starts at X + s + max(a, L).
 *   - Second receive, the left neighbour's second halo (sent at X + a): it arrives at
 *     X + a + s + L, and the rank may start it b after the first receive started, at
 *     X + s + max(a, L) + b. As a >= b it starts at X + a + s + max(L, b).
 *   - It ends o later and the update w after that: the step ends at X + e,
 *     e = a + s + max(L, b) + o + w.
 *   - The next step starts right then, unhindered by the gaps: its first send comes e - a >= g
 *     after this step's second, and its first receive s + max(a, L) + o + w >= g after this
 *     step's second. So every step takes e.
 *
 *   makespan = steps (max(g, s) + s + max(L, g, o) + o + cells),    s = o + 7G
 *
 * P >= 2 (a ring needs a neighbour; with P = 2 both halos come from the one neighbour, in the
 * order it sends them). Arguments steps=STEPS (default 20) and cells=CELLS per rank (default 16).
 * The start is the cosine of one period round the ring, which the update only scales: after T
 * steps it is lambda^T times the start, lambda = 1 - 4 alpha sin^2(pi / N). Every rank checks that.
 */

import java.util.Map;
import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;
import org.logplab.core.ProgramArguments;

/** The heat equation on a ring of P ranks, with the analysis above. */
public class HeatStencil implements PredictedProgram {
    private static final double ALPHA = 0.25;
    private final int steps;
    private final int cells;

    public HeatStencil() {
        this(new String[0]);
    }

    /** Takes {@code steps=STEPS} (default 20) and {@code cells=CELLS} per rank (default 16). */
    public HeatStencil(String[] args) {
        Map<String, Integer> values = ProgramArguments.parse(args, Map.of("steps", 20, "cells", 16));
        steps = values.get("steps");
        cells = values.get("cells");
        if (steps < 1 || cells < 1) {
            throw new IllegalArgumentException("steps and cells must be at least 1, got " + values);
        }
    }

    @Override
    public void run(Processor p) {
        requireNeighbours(p.size());
        int left = (p.rank() + p.size() - 1) % p.size();
        int right = (p.rank() + 1) % p.size();
        int points = p.size() * cells;
        double[] u = new double[cells + 2]; // u[0] and u[cells + 1] are the halos
        for (int i = 1; i <= cells; i++) {
            u[i] = Math.cos(2 * Math.PI * (p.rank() * cells + i - 1) / points);
        }
        for (int step = 0; step < steps; step++) {
            p.sendDouble(left, 0, u[1]);      // tag 0: the left neighbour's right halo
            p.sendDouble(right, 1, u[cells]); // tag 1: the right neighbour's left halo
            u[cells + 1] = p.recvDouble(right, 0);
            u[0] = p.recvDouble(left, 1);
            double[] next = new double[cells + 2];
            for (int i = 1; i <= cells; i++) {
                next[i] = u[i] + ALPHA * (u[i - 1] - 2 * u[i] + u[i + 1]);
            }
            u = next;
            p.compute(cells);
        }
        double sine = Math.sin(Math.PI / points);
        double scale = Math.pow(1 - 4 * ALPHA * sine * sine, steps);
        for (int i = 1; i <= cells; i++) {
            double expected = scale * Math.cos(2 * Math.PI * (p.rank() * cells + i - 1) / points);
            if (Math.abs(u[i] - expected) > 1e-9) {
                throw new IllegalStateException("rank " + p.rank() + " point " + i + " is " + u[i]
                        + ", not " + expected);
            }
        }
    }

    @Override
    public long predict(LogP params) {
        requireNeighbours(params.P());
        long s = params.sendBusy(Long.BYTES);
        long step = Math.max(params.g(), s) + s + Math.max(params.L(), Math.max(params.g(), params.o()))
                + params.o() + cells;
        return steps * step;
    }

    private static void requireNeighbours(int processors) {
        if (processors < 2) {
            throw new IllegalArgumentException("HeatStencil needs P >= 2 (a ring with neighbours), got P = "
                    + processors);
        }
    }
}
