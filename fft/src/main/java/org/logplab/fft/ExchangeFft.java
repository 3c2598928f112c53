package org.logplab.fft;

import org.logplab.core.ClockKind;
import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The seed's parallel FFT with butterfly exchange (seed 004 §4(1); ALGORITHMS.md §9), data
 * already distributed: {@code p} processors (ranks {@code 0..p-1}, {@code p} a power of two) each
 * hold {@code B = N/p >= 2} points; each transforms its block locally with {@link Fft}, then runs
 * {@code log2 p} exchange stages, pairing rank {@code r} with {@code r XOR 2^j}.
 *
 * <p><b>Distribution.</b> Rank {@code r} starts with the decimated subsequence
 * {@code x[s + p m]}, {@code m = 0..B-1}, {@code s = bitreverse_p(r)} (what a bit-reversal
 * permutation of the input puts in block {@code r}), and ends with the natural-order output block
 * {@code y[r B .. (r+1) B - 1]}. So the local stages come first and the exchanges last, as in the
 * seed: after stage {@code j} the {@code 2^(j+1)} ranks of a group hold the DFT of their merged
 * subsequence, the lower half of the group {@code u + w v}, the upper {@code u - w v}, with
 * {@code w = e^{-2 pi i k / (2^(j+1) B)}} at the rank's position {@code k} in the group's output.
 * {@link MasterWorkerFft} adds the seed's scatter and gather.
 *
 * <p><b>Messages.</b> One per stage and direction, a copy of the sender's block (re then im,
 * {@code 16 B} bytes, so {@code G} applies), tagged {@link #TAG}: the partner reads a snapshot
 * while the sender overwrites its block.
 *
 * <p><b>Time.</b> Under the model clock the computation is also charged: {@code elementCost}
 * units per point per radix-2 stage ({@code t_elem} of the seed's {@code T_s = t_elem N log2 N}),
 * so the local FFT costs {@code elementCost B log2 B} and each exchange stage {@code elementCost B}.
 * {@link FftTiming} predicts the result exactly. Under the wall clock nothing is charged: the
 * arithmetic takes the time it takes.
 */
public final class ExchangeFft {
    /** The tag of exchange messages. */
    public static final int TAG = 0xFF7;

    private ExchangeFft() {
    }

    /**
     * Runs this processor's part on its block {@code (re, im)}, in place.
     *
     * @param elementCost model units per point per radix-2 stage (ignored under the wall clock)
     * @throws IllegalArgumentException if the run's size is not a power of two, the block is not
     *     a power of two of at least 2 points, or the cost is negative
     */
    public static void transform(Processor p, double[] re, double[] im, long elementCost) {
        int procs = p.size();
        int logP = FftSize.log2(procs, "processor count p");
        int logB = FftSize.checkPair(re, im);
        int block = re.length;
        if (block < 2) {
            throw new IllegalArgumentException("each processor needs N/p >= 2 points, got " + block);
        }
        if (elementCost < 0) {
            throw new IllegalArgumentException("element cost must not be negative, got " + elementCost);
        }
        boolean model = p.clock() == ClockKind.MODEL;
        Fft.forward(re, im);
        if (model) {
            p.compute(elementCost * block * logB);
        }
        int rank = p.rank();
        for (int j = 0; j < logP; j++) {
            int partner = rank ^ (1 << j);
            double[] mine = new double[2 * block];
            System.arraycopy(re, 0, mine, 0, block);
            System.arraycopy(im, 0, mine, block, block);
            p.send(partner, TAG, mine);
            Message m = p.recv(partner);
            if (m.tag() != TAG || !(m.payload() instanceof double[] theirs) || theirs.length != 2 * block) {
                throw new IllegalStateException("expected an FFT block of " + block + " points from rank " + partner + ", got " + m);
            }
            boolean lower = (rank & (1 << j)) == 0;
            combine(re, im, theirs, lower, (rank & ((1 << j) - 1)) * block, block << (j + 1));
            if (model) {
                p.compute(elementCost * block);
            }
        }
    }

    /**
     * One exchange stage: the lower rank holds {@code u} and gets {@code v}, the upper the
     * reverse; both form {@code w^k v} for their positions {@code k = first + i} in a group output
     * of {@code span} points, then {@code u + w v} (lower) or {@code u - w v} (upper).
     */
    static void combine(double[] re, double[] im, double[] theirs, boolean lower, int first, int span) {
        int block = re.length;
        HalfTwiddles w = HalfTwiddles.of(span);
        double[] cos = w.cos;
        double[] sin = w.sin;
        double[] u = lower ? null : theirs;
        for (int i = 0; i < block; i++) {
            double vr = lower ? theirs[i] : re[i];
            double vi = lower ? theirs[block + i] : im[i];
            double ur = lower ? re[i] : u[i];
            double ui = lower ? im[i] : u[block + i];
            // w = cos - i sin (forward sign)
            double c = cos[first + i];
            double s = sin[first + i];
            double wr = vr * c + vi * s;
            double wi = vi * c - vr * s;
            re[i] = lower ? ur + wr : ur - wr;
            im[i] = lower ? ui + wi : ui - wi;
        }
    }
}
