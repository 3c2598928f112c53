package org.logplab.fft;

import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The seed's master/worker form of the parallel FFT: rank 0 holds all {@code N} points, scatters
 * to each rank {@code r} its decimated subsequence {@code x[s + p m]} ({@code s =
 * bitreverse_p(r)}), every rank runs {@link ExchangeFft}, and rank 0 gathers the output blocks
 * back in natural order, in place (interleaved arrays, as {@link Fft}). Messages carry 16 bytes
 * per point, tagged {@link #SCATTER} and {@link #GATHER}; the master sends and receives in rank
 * order. Payloads are handed over, not copied ({@link Processor}, Ownership): each scattered
 * block is a new array the worker then owns and transforms in place, and each gathered block is
 * the worker's last use of it; the master copies it into {@code a}.
 */
public final class MasterWorkerFft {
    /** Tag of the scatter messages. */
    public static final int SCATTER = 0xFF5;
    /** Tag of the gather messages. */
    public static final int GATHER = 0xFF6;

    private MasterWorkerFft() {
    }

    /**
     * Runs this processor's part. Rank 0 passes the full interleaved array ({@code N} points, a
     * power of two, {@code N/p >= 2}) and ends holding the transform; the others pass {@code null}.
     *
     * @throws IllegalArgumentException on rank 0 for a bad array or {@code N/p < 2}
     */
    public static void transform(Processor p, double[] a, long elementCost) {
        int procs = p.size();
        FftSize.log2(procs, "processor count p");
        double[] block;
        if (p.rank() == 0) {
            FftSize.checkInterleaved(a);
            int n = a.length / 2;
            if (n / procs < 2) {
                throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + procs);
            }
            for (int r = 1; r < procs; r++) {
                p.send(r, SCATTER, ExchangeFft.inputBlock(a, procs, r));
            }
            block = ExchangeFft.inputBlock(a, procs, 0);
        } else {
            Message m = p.recv(0);
            if (m.tag() != SCATTER || !(m.payload() instanceof double[] part)) {
                throw new IllegalStateException("expected the scattered FFT block from rank 0, got " + m);
            }
            block = part;
        }
        ExchangeFft.transform(p, block, elementCost);
        if (p.rank() != 0) {
            p.send(0, GATHER, block); // the master's from here on: not touched again
            return;
        }
        System.arraycopy(block, 0, a, 0, block.length);
        for (int r = 1; r < procs; r++) {
            Message m = p.recv(r);
            if (m.tag() != GATHER || !(m.payload() instanceof double[] out) || out.length != block.length) {
                throw new IllegalStateException("expected the FFT output block of rank " + r + ", got " + m);
            }
            System.arraycopy(out, 0, a, r * block.length, block.length);
        }
    }
}
