package org.logplab.fft;

import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The master/worker form of the parallel FFT: rank 0 holds all {@code N} points (interleaved, as
 * {@link Fft}), each rank {@code r} transforms the decimated subsequence {@code x[s + p m]}
 * ({@code s = bitreverse_p(r)}) with {@link ButterflyExchangeFft}, and the output ends in rank
 * 0's array in natural order, in place. Two ways of getting the blocks to the workers and back,
 * chosen by {@link Handover}:
 *
 * <ul>
 *   <li>{@link Handover#COPY}, the seed's form (PVM master/worker): the master packs every
 *       worker's block into a message of {@code 16 N/p} bytes ({@link #SCATTER}), and copies every
 *       output block back ({@link #GATHER}, the worker's block handed over): {@code 2 (p-1) N/p}
 *       points moved by one thread while the others wait.</li>
 *   <li>{@link Handover#VIEW}: the master lends its array. The scatter message carries a
 *       reference to it ({@value Handover#VIEW_BYTES} bytes on the wire), each worker gathers its own
 *       strided points from it; the exchange partners lend each other their blocks, and the
 *       last stage's butterflies write their outputs straight into the master's array, each
 *       output block in its place, so nothing is copied back; each worker then sends an empty
 *       done message ({@link #GATHER}). The packing runs on all cores at once, the unpacking
 *       costs no pass at all.</li>
 * </ul>
 * The exchange stages in between use the same hand-over ({@link ButterflyExchangeFft}): blocks
 * copied in the seed's form, lent in the other.
 *
 * <p><b>Why lending is safe.</b> Workers read the master's array before their first exchange;
 * the writes into it come in the last stage, after a rank has received its last partner's lend.
 * That partner lent its block only after its own earlier stages, which (through their lend and
 * done messages) come after every rank of its half of the ranks had read its input, and the
 * receiving rank's earlier stages cover its own half: so no write can overtake a read. Each
 * output position is written once, by one of the two ranks of its last pair, and the master
 * returns only after its partner's done word and every worker's gather message. Between the
 * scatter and those messages the array is shared under exactly these rules; the caller must
 * not touch it during the run. On one processor there is no exchange: the block is copied back.
 *
 * <p><b>Time.</b> The model clock charges the messages (a block is {@code 16 N/p} bytes, a view
 * or a done message {@value Handover#VIEW_BYTES}) and the butterfly's arithmetic, as
 * {@link FftTiming#masterWorker(org.logplab.core.LogP, int, int, long, Handover)} predicts
 * exactly; the packing itself is memory traffic the seed's model does not charge.
 */
public final class MasterWorkerFft {
    /** Tag of the scatter messages. */
    public static final int SCATTER = 0xFF5;
    /** Tag of the gather (or done) messages. */
    public static final int GATHER = 0xFF6;
    private MasterWorkerFft() {
    }

    /** The seed's form, {@link Handover#COPY}: {@code transform(p, a, elementCost, Handover.COPY)}. */
    public static void transform(Processor p, double[] a, long elementCost) {
        transform(p, a, elementCost, Handover.COPY);
    }

    /**
     * Runs this processor's part. Rank 0 passes the full interleaved array ({@code N} points, a
     * power of two, {@code N/p >= 2}) and ends holding the transform; the others pass {@code null}.
     * Every rank must pass the same {@code handover}.
     *
     * @param elementCost model units per point per radix-2 stage (ignored under the wall clock)
     * @throws IllegalArgumentException on rank 0 for a bad array or {@code N/p < 2}
     * @throws IllegalStateException if a worker receives another message than the scatter it expects
     */
    public static void transform(Processor p, double[] a, long elementCost, Handover handover) {
        transform(p, a, elementCost, handover, null);
    }

    /**
     * As {@link #transform(Processor, double[], long, Handover)}, adding this rank's wall-clock
     * time per phase (scatter, the exchange's phases, gather) to {@code phases} when it is not
     * {@code null}.
     */
    public static void transform(Processor p, double[] a, long elementCost, Handover handover, FftPhases phases) {
        transform(p, a, elementCost, handover, phases, null);
    }

    /**
     * Blocks and spares for repeated transforms of one size on one machine, so that a transform
     * allocates nothing: slot {@code r} holds rank {@code r}'s block and its exchange spare. In the
     * seed's form the master packs into a worker's block and the worker hands it back with the
     * gather, so each array is owned by one rank at a time; the exchange's spare of a rank is
     * whichever array it owns at the end ({@link ButterflyExchangeFft#transform(Processor,
     * double[], double[], long)}), kept in its slot. Use one only for its {@code N} and {@code p},
     * one transform at a time.
     */
    public static final class Buffers {
        private final double[][] blocks;
        private final double[][] spares;

        /** Buffers for {@code n} points on {@code p} ranks ({@code n / p >= 2}, powers of two). */
        public Buffers(int n, int p) {
            FftSize.log2(n, "N");
            FftSize.log2(p, "processor count p");
            if (n / p < 2) {
                throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + p);
            }
            blocks = new double[p][2 * (n / p)];
            spares = new double[p][2 * (n / p)];
        }

        /** Rank {@code rank}'s block of {@code buffers}, or a new array of {@code length} doubles without them. */
        private static double[] block(Buffers buffers, int rank, int length) {
            return buffers == null ? new double[length] : buffers.block(rank, length);
        }

        private double[] block(int rank, int length) {
            if (rank >= blocks.length || blocks[rank].length != length) {
                throw new IllegalArgumentException("these buffers hold " + blocks.length + " blocks of "
                        + blocks[0].length / 2
                        + " points; this transform needs " + length / 2 + "-point blocks for rank " + rank);
            }
            return blocks[rank];
        }
    }

    /**
     * As {@link #transform(Processor, double[], long, Handover, FftPhases)}, with the blocks and
     * spares of {@code buffers} (every rank passing the same object) instead of new arrays; a
     * {@code null} {@code buffers} allocates them.
     */
    public static void transform(Processor p, double[] a, long elementCost, Handover handover, FftPhases phases,
                                 Buffers buffers) {
        long t = phases == null ? 0 : System.nanoTime();
        int procs = p.size();
        FftSize.log2(procs, "processor count p");
        if (handover == null) {
            throw new IllegalArgumentException("handover must be COPY or VIEW, got null");
        }
        double[] block;
        double[] lent = null;
        if (p.rank() == 0) {
            FftSize.checkInterleaved(a);
            int n = a.length / 2;
            if (n / procs < 2) {
                throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + procs);
            }
            int length = 2 * (n / procs);
            Lent view = handover == Handover.VIEW ? new Lent(a) : null;
            for (int r = 1; r < procs; r++) {
                if (view != null) {
                    p.send(r, SCATTER, view, Handover.VIEW_BYTES);
                } else {
                    p.send(r, SCATTER, ButterflyExchangeFft.inputBlock(a, procs, r,
                            Buffers.block(buffers, r, length)));
                }
            }
            block = ButterflyExchangeFft.inputBlock(a, procs, 0, Buffers.block(buffers, 0, length));
        } else {
            Message m = p.recv(0);
            if (m.tag() != SCATTER) {
                throw new IllegalStateException("expected the scattered FFT block from rank 0, got " + m);
            }
            if (handover == Handover.VIEW && m.payload() instanceof Lent view) {
                lent = view.data();
                int length = lent.length / procs;
                block = ButterflyExchangeFft.inputBlock(lent, procs, p.rank(),
                        Buffers.block(buffers, p.rank(), length));
            } else if (handover == Handover.COPY && m.payload() instanceof double[] part) {
                block = part;
            } else {
                throw new IllegalStateException("expected the scattered FFT "
                        + (handover == Handover.VIEW ? "view" : "block")
                        + " from rank 0 (every rank must use the same handover), got " + m);
            }
        }
        if (phases != null) {
            phases.lap(p.rank(), FftPhases.Phase.SCATTER, t);
        }
        // Lent, on p > 1 the last exchange stage writes every output straight into the master's array.
        double[] whole = p.rank() == 0 ? a : lent;
        double[] output = handover == Handover.VIEW && procs > 1 ? whole : null;
        double[] spare = buffers == null ? null : buffers.spares[p.rank()];
        spare = ButterflyExchangeFft.transform(p, block, spare, elementCost, handover, phases, output);
        if (buffers != null) {
            buffers.spares[p.rank()] = spare;
        }
        t = phases == null ? 0 : System.nanoTime();
        if (p.rank() != 0) {
            if (lent != null) {
                p.send(0, GATHER, null, Handover.VIEW_BYTES);
            } else {
                p.send(0, GATHER, block); // the master's from here on: not touched again
            }
            if (phases != null) {
                phases.lap(p.rank(), FftPhases.Phase.GATHER, t);
            }
            return;
        }
        if (output == null) {
            System.arraycopy(block, 0, a, 0, block.length);
        }
        for (int r = 1; r < procs; r++) {
            Message m = p.recv(r);
            if (m.tag() != GATHER) {
                throw new IllegalStateException("expected the FFT output of rank " + r + ", got " + m);
            }
            if (handover == Handover.COPY) {
                if (!(m.payload() instanceof double[] out) || out.length != block.length) {
                    throw new IllegalStateException("expected the FFT output block of rank " + r + ", got " + m);
                }
                System.arraycopy(out, 0, a, r * block.length, block.length);
            }
        }
        if (phases != null) {
            phases.lap(0, FftPhases.Phase.GATHER, t);
        }
    }
}
