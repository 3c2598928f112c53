package org.logplab.fft;

import org.logplab.core.ClockKind;
import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The parallel FFT with butterfly exchange of Xu, Zhang and Zhang (2009) (§4(1); docs/algorithms.md
 * §9), data already distributed: {@code p} processors (ranks {@code 0..p-1}, {@code p} a power of
 * two) each hold {@code B = N/p >= 2} points (interleaved, as {@link Fft}); each transforms its
 * block locally, then runs {@code log2 p} exchange stages, pairing rank {@code r} with {@code r XOR
 * 2^j}.
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
 * <p><b>Messages.</b> How an exchange stage pairs two blocks is the {@link Handover}:
 * <ul>
 *   <li>{@link Handover#COPY}, the seed's form: one message per stage and direction, a snapshot of
 *       the sender's block ({@code 16 B} bytes, so {@code G} applies), tagged {@link #TAG}: the
 *       partner reads it while the sender overwrites its own block. The upper rank of a pair sends
 *       its block already multiplied by the stage's twiddles ({@code w v}, formed in the same pass
 *       as the snapshot), so that neither rank multiplies in the combine: the lower adds, the upper
 *       subtracts. A sent array belongs to its receiver ({@link Processor}, Ownership), so the
 *       snapshot is double buffered rather than cloned: each rank copies its block into a spare
 *       array it owns and sends that, and never touches it again; the partner's array it receives
 *       is its own from then on, and once combined into the block it is the spare of the next
 *       stage. A transform thus allocates one spare at most (none with {@link #transform(Processor,
 *       double[], double[], long)}, which takes a spare and returns the one the rank owns at the
 *       end) and copies its block once per stage.</li>
 *   <li>{@link Handover#VIEW}: the two ranks lend each other their blocks ({@link #TAG}, a
 *       reference, {@value Handover#VIEW_BYTES} bytes) and split the pair's {@code B} butterflies:
 *       the lower rank does positions {@code 0..B/2-1}, the upper {@code B/2..B-1}, each forming
 *       {@code u + w v} in the lower block and {@code u - w v} in the upper, in place. Each then
 *       tells the other it is done ({@link #DONE_TAG}, {@value Handover#VIEW_BYTES} bytes) and
 *       waits for the same word: from then on its block holds its outputs and nobody else touches
 *       it. No copy at all, half the butterflies per rank, one pass over memory; the arithmetic is
 *       that of the seed's form, to the bit. The messages order every access: a rank reads or
 *       writes its partner's block only between the partner's lend and its own done message.</li>
 * </ul>
 *
 * <p><b>Time.</b> Under the model clock the computation is also charged: {@code elementCost}
 * units per point per radix-2 stage ({@code t_elem} of the seed's {@code T_s = t_elem N log2 N}),
 * so the local FFT costs {@code elementCost B log2 B} and each exchange stage {@code elementCost B}
 * (in the lent form each rank does half the butterflies, each making two points: {@code B} points still).
 * {@link FftTiming} predicts the result exactly. Under the wall clock nothing is charged: the
 * arithmetic takes the time it takes.
 */
public final class ButterflyExchangeFft {
    /** The tag of exchange messages: a snapshot ({@link Handover#COPY}) or a lent block ({@link Handover#VIEW}). */
    public static final int TAG = 0xFF7;
    /** The tag of the message that ends a lent exchange stage ({@link Handover#VIEW}). */
    public static final int DONE_TAG = 0xFF8;

    private ButterflyExchangeFft() {
    }

    /**
     * Runs this processor's part on its interleaved block {@code a}, in place. Allocates one spare
     * block for the exchanges when {@code p > 1}; see {@link #transform(Processor, double[], double[], long)}
     * to reuse one.
     *
     * @param elementCost model units per point per radix-2 stage (ignored under the wall clock)
     * @throws IllegalArgumentException if the run's size is not a power of two, the block is not
     *     a power of two of at least 2 points, or the cost is negative
     */
    public static void transform(Processor p, double[] a, long elementCost) {
        transform(p, a, null, elementCost);
    }

    /**
     * Runs this processor's part on its interleaved block {@code a}, in place, exchanging through
     * {@code spare}, an array of {@code a}'s length that this rank owns and whose contents do not
     * matter; {@code spare} is sent away (it then belongs to the partner), and the array returned
     * is the one this rank owns at the end instead: the partner's last block, or {@code spare}
     * itself when {@code p = 1} (nothing is exchanged, nor allocated). Passing it to the next call, as in
     * {@code spare = ButterflyExchangeFft.transform(p, a, spare, c)}, makes repeated transforms on a
     * {@link org.logplab.core.Machine} that stays up allocate nothing. The messages and the model
     * time are those of {@link #transform(Processor, double[], long)}.
     *
     * @param spare a scratch block of {@code a.length} doubles, not {@code a}; {@code null} to allocate one
     * @param elementCost model units per point per radix-2 stage (ignored under the wall clock)
     * @return the spare block this rank owns after the call (contents unspecified); {@code null}
     *     only when {@code p = 1} and {@code spare} was {@code null}
     * @throws IllegalArgumentException as {@link #transform(Processor, double[], long)}, or if
     *     {@code spare} is {@code a} or of another length
     */
    public static double[] transform(Processor p, double[] a, double[] spare, long elementCost) {
        return transform(p, a, spare, elementCost, Handover.COPY, null);
    }

    /**
     * As {@link #transform(Processor, double[], double[], long)}, with the exchanges done as
     * {@code handover} says (every rank passing the same), and adding this rank's wall-clock time
     * per phase (local FFT, snapshot, wait for partner, combine) to {@code phases} when it is not
     * {@code null}. The lent form ({@link Handover#VIEW}) needs no spare and returns {@code spare}
     * as it was given.
     *
     * @throws IllegalArgumentException as {@link #transform(Processor, double[], double[], long)},
     *     or if {@code handover} is {@code null}
     */
    public static double[] transform(Processor p, double[] a, double[] spare, long elementCost, Handover handover,
                                     FftPhases phases) {
        return transform(p, a, spare, elementCost, handover, phases, null);
    }

    /**
     * As {@link #transform(Processor, double[], double[], long, Handover, FftPhases)}; with
     * {@code output} (the lent form, {@code p > 1}: an array of all {@code p} blocks that every
     * rank was lent), the last stage writes its butterflies' outputs straight into it, rank
     * {@code r}'s block at {@code r a.length}, instead of into the blocks: the master/worker form
     * then needs no pass to copy the blocks back. {@code a} then ends holding the last stage's
     * inputs.
     */
    static double[] transform(Processor p, double[] a, double[] spare, long elementCost, Handover handover,
                              FftPhases phases, double[] output) {
        int procs = p.size();
        int logP = FftSize.log2(procs, "processor count p");
        int logB = FftSize.checkInterleaved(a);
        int block = a.length / 2;
        if (block < 2) {
            throw new IllegalArgumentException("each processor needs N/p >= 2 points, got " + block);
        }
        if (elementCost < 0) {
            throw new IllegalArgumentException("element cost must not be negative, got " + elementCost);
        }
        if (spare != null && (spare == a || spare.length != a.length)) {
            throw new IllegalArgumentException("the spare block must be another array of " + a.length
                    + " doubles, got " + (spare == a ? "the block itself" : spare.length + " doubles"));
        }
        if (handover == null) {
            throw new IllegalArgumentException("handover must be COPY or VIEW, got null");
        }
        if (output != null && (handover != Handover.VIEW || logP == 0 || output.length != procs * a.length)) {
            throw new IllegalArgumentException("an output array takes the lent form on p > 1 and " + procs * a.length
                    + " doubles, got " + handover + " on p = " + procs + " and " + output.length + " doubles");
        }
        boolean model = p.clock() == ClockKind.MODEL;
        int rank = p.rank();
        long t = phases == null ? 0 : System.nanoTime();
        Fft.forward(a);
        if (model) {
            p.compute(elementCost * block * logB);
        }
        if (phases != null) {
            t = phases.lap(rank, FftPhases.Phase.LOCAL_FFT, t);
        }
        if (handover == Handover.VIEW) {
            for (int j = 0; j < logP; j++) {
                t = lentStage(p, a, j, elementCost, phases, t, j == logP - 1 ? output : null);
            }
            return spare;
        }
        double[] own = spare == null && logP > 0 ? new double[a.length] : spare;
        for (int j = 0; j < logP; j++) {
            int partner = rank ^ (1 << j);
            boolean lower = (rank & (1 << j)) == 0;
            // Snapshot into the spare and hand it over: from here on it is the partner's. The
            // upper rank multiplies its block by the twiddles on the way (both ranks need w v,
            // so it is formed once, in the pass that copies anyway), leaving the combine an add.
            if (lower) {
                System.arraycopy(a, 0, own, 0, a.length);
            } else {
                twiddle(a, own, (rank & ((1 << j) - 1)) * block, block << (j + 1));
            }
            if (phases != null) {
                t = phases.lap(rank, FftPhases.Phase.SNAPSHOT, t);
            }
            p.send(partner, TAG, own);
            Message m = p.recv(partner);
            if (m.tag() != TAG || !(m.payload() instanceof double[] theirs) || theirs.length != 2 * block) {
                throw new IllegalStateException("expected an FFT block of " + block + " points from rank " + partner
                        + ", got " + m);
            }
            if (phases != null) {
                t = phases.lap(rank, FftPhases.Phase.WAIT, t);
            }
            combine(a, theirs, lower);
            own = theirs;
            if (model) {
                p.compute(elementCost * block);
            }
            if (phases != null) {
                t = phases.lap(rank, FftPhases.Phase.COMBINE, t);
            }
        }
        return own;
    }

    /**
     * Exchange stage {@code j} in the lent form ({@link Handover#VIEW}), its outputs in place or,
     * given {@code output}, into each rank's block of it; returns the time of its last lap.
     */
    private static long lentStage(Processor p, double[] a, int j, long elementCost, FftPhases phases, long t,
                                  double[] output) {
        int rank = p.rank();
        int partner = rank ^ (1 << j);
        boolean lower = (rank & (1 << j)) == 0;
        int block = a.length / 2;
        p.send(partner, TAG, new Lent(a), Handover.VIEW_BYTES);
        Message m = p.recv(partner);
        if (m.tag() != TAG || !(m.payload() instanceof Lent(double[] theirs)) || theirs.length != a.length) {
            throw new IllegalStateException("expected rank " + partner + "'s lent FFT block of " + block
                    + " points (every rank must use the same handover), got " + m);
        }
        if (phases != null) {
            t = phases.lap(rank, FftPhases.Phase.WAIT, t);
        }
        int half = block / 2;
        double[] lowerBlock = lower ? a : theirs;
        double[] upperBlock = lower ? theirs : a;
        int first = (rank & ((1 << j) - 1)) * block;
        int span = block << (j + 1);
        int lowerRank = rank & ~(1 << j);
        butterflies(lowerBlock, upperBlock, lower ? 0 : half, lower ? half : block, first, span,
                output == null ? lowerBlock : output, output == null ? 0 : lowerRank * a.length,
                output == null ? upperBlock : output, output == null ? 0 : (lowerRank | 1 << j) * a.length);
        if (p.clock() == ClockKind.MODEL) {
            p.compute(elementCost * block);
        }
        if (phases != null) {
            t = phases.lap(rank, FftPhases.Phase.COMBINE, t);
        }
        p.send(partner, DONE_TAG, null, Handover.VIEW_BYTES);
        Message done = p.recv(partner);
        if (done.tag() != DONE_TAG) {
            throw new IllegalStateException("expected rank " + partner + " to finish its half of the exchange, got "
                    + done);
        }
        if (phases != null) {
            t = phases.lap(rank, FftPhases.Phase.WAIT, t);
        }
        return t;
    }

    /**
     * Butterflies {@code from..to-1} of a lent exchange stage: with {@code u} in {@code lower} and
     * {@code v} in {@code upper}, {@code u + w v} into {@code lowerOut} from double
     * {@code lowerAt} on and {@code u - w v} into {@code upperOut} from {@code upperAt} on
     * ({@code lower, 0, upper, 0}: in place), {@code w = w^(first + k)} of a group output of
     * {@code span} points. The operations of {@link #twiddle} then {@link #combine}, in the same
     * order, so the two forms agree to the bit; the complex product is written out in both loops,
     * as Java has no way to return its two parts from a helper without an object per point. On the
     * vector kernels both go to {@link VectorExchange} for the same blocks.
     */
    static void butterflies(double[] lower, double[] upper, int from, int to, int first, int span,
                            double[] lowerOut, int lowerAt, double[] upperOut, int upperAt) {
        if (FftKernels.active() == FftKernels.VECTOR && VectorExchange.fits(lower.length / 2, first)) {
            VectorExchange.butterflies(lower, upper, from, to, first, span, lowerOut, lowerAt, upperOut, upperAt);
            return;
        }
        HalfTwiddles w = HalfTwiddles.of(span);
        double[] cos = w.cos;
        double[] sin = w.sin;
        for (int i = from; i < to; i++) {
            int x = 2 * i;
            double vr = upper[x];
            double vi = upper[x + 1];
            double c = cos[first + i];
            double s = sin[first + i];
            double wr = vr * c + vi * s;
            double wi = vi * c - vr * s;
            double ur = lower[x];
            double ui = lower[x + 1];
            lowerOut[lowerAt + x] = ur + wr;
            lowerOut[lowerAt + x + 1] = ui + wi;
            upperOut[upperAt + x] = ur - wr;
            upperOut[upperAt + x + 1] = ui - wi;
        }
    }

    /**
     * The upper rank's half of an exchange stage: {@code a[k] = w^(first + k) a[k]} for its
     * positions in a group output of {@code span} points ({@code w = e^{-2 pi i / span}}), and the
     * same values into {@code snapshot}.
     */
    static void twiddle(double[] a, double[] snapshot, int first, int span) {
        int block = a.length / 2;
        if (FftKernels.active() == FftKernels.VECTOR && VectorExchange.fits(block, first)) {
            VectorExchange.twiddle(a, snapshot, first, span);
            return;
        }
        HalfTwiddles w = HalfTwiddles.of(span);
        double[] cos = w.cos;
        double[] sin = w.sin;
        for (int i = 0; i < block; i++) {
            int x = 2 * i;
            double vr = a[x];
            double vi = a[x + 1];
            // w = cos - i sin (forward sign)
            double c = cos[first + i];
            double s = sin[first + i];
            double wr = vr * c + vi * s;
            double wi = vi * c - vr * s;
            a[x] = wr;
            a[x + 1] = wi;
            snapshot[x] = wr;
            snapshot[x + 1] = wi;
        }
    }

    /**
     * The combine of an exchange stage once the upper block holds {@code w v}: the lower rank
     * ({@code a = u}, {@code theirs = w v}) forms {@code u + w v}, the upper ({@code a = w v},
     * {@code theirs = u}) {@code u - w v}.
     */
    static void combine(double[] a, double[] theirs, boolean lower) {
        if (lower) {
            for (int x = 0; x < a.length; x++) {
                a[x] += theirs[x];
            }
        } else {
            for (int x = 0; x < a.length; x++) {
                a[x] = theirs[x] - a[x];
            }
        }
    }

    /**
     * Rank {@code r}'s input block for {@link ButterflyExchangeFft}, a new array: the points {@code s, s + p,
     * s + 2p, ...} of {@code a} ({@code s = bitreverse_p(r)}, {@code p} a power of two), interleaved:
     * the distribution {@link #transform} expects.
     */
    public static double[] inputBlock(double[] a, int p, int r) {
        return inputBlock(a, p, r, new double[a.length / p]);
    }

    /**
     * As {@link #inputBlock(double[], int, int)}, into {@code part} ({@code a.length / p} doubles),
     * which it returns.
     */
    public static double[] inputBlock(double[] a, int p, int r, double[] part) {
        int logP = Integer.numberOfTrailingZeros(p);
        int s = logP == 0 ? 0 : Integer.reverse(r) >>> (32 - logP);
        int block = a.length / 2 / p;
        if (part.length != 2 * block) {
            throw new IllegalArgumentException("rank " + r + "'s block takes " + 2 * block + " doubles, got "
                    + part.length);
        }
        for (int m = 0; m < block; m++) {
            int from = 2 * (s + p * m);
            part[2 * m] = a[from];
            part[2 * m + 1] = a[from + 1];
        }
        return part;
    }
}
