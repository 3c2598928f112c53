package org.logplab.fft;

import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The seed's master/worker form of the parallel FFT: rank 0 holds all {@code N} points, scatters
 * to each rank {@code r} its decimated subsequence {@code x[s + p m]} ({@code s =
 * bitreverse_p(r)}), every rank runs {@link ExchangeFft}, and rank 0 gathers the output blocks
 * back in natural order, in place. Messages are copies (16 bytes per point), tagged
 * {@link #SCATTER} and {@link #GATHER}; the master sends and receives in rank order.
 */
public final class MasterWorkerFft {
    /** Tag of the scatter messages. */
    public static final int SCATTER = 0xFF5;
    /** Tag of the gather messages. */
    public static final int GATHER = 0xFF6;

    private MasterWorkerFft() {
    }

    /**
     * Runs this processor's part. Rank 0 passes the full arrays (length {@code N}, a power of two,
     * {@code N/p >= 2}) and ends holding the transform; the others pass {@code null}.
     *
     * @throws IllegalArgumentException on rank 0 for bad arrays or {@code N/p < 2}
     */
    public static void transform(Processor p, double[] re, double[] im, long elementCost) {
        int procs = p.size();
        int logP = FftSize.log2(procs, "processor count p");
        double[] blockRe;
        double[] blockIm;
        if (p.rank() == 0) {
            FftSize.checkPair(re, im);
            int n = re.length;
            if (n / procs < 2) {
                throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + procs);
            }
            int block = n / procs;
            for (int r = 1; r < procs; r++) {
                int s = logP == 0 ? 0 : Integer.reverse(r) >>> (32 - logP);
                double[] part = new double[2 * block];
                for (int m = 0; m < block; m++) {
                    part[m] = re[s + procs * m];
                    part[block + m] = im[s + procs * m];
                }
                p.send(r, SCATTER, part);
            }
            blockRe = new double[block];
            blockIm = new double[block];
            for (int m = 0; m < block; m++) {
                blockRe[m] = re[procs * m];
                blockIm[m] = im[procs * m];
            }
        } else {
            Message m = p.recv(0);
            if (m.tag() != SCATTER || !(m.payload() instanceof double[] part)) {
                throw new IllegalStateException("expected the scattered FFT block from rank 0, got " + m);
            }
            int block = part.length / 2;
            blockRe = java.util.Arrays.copyOfRange(part, 0, block);
            blockIm = java.util.Arrays.copyOfRange(part, block, 2 * block);
        }
        ExchangeFft.transform(p, blockRe, blockIm, elementCost);
        int block = blockRe.length;
        if (p.rank() != 0) {
            double[] out = new double[2 * block];
            System.arraycopy(blockRe, 0, out, 0, block);
            System.arraycopy(blockIm, 0, out, block, block);
            p.send(0, GATHER, out);
            return;
        }
        System.arraycopy(blockRe, 0, re, 0, block);
        System.arraycopy(blockIm, 0, im, 0, block);
        for (int r = 1; r < procs; r++) {
            Message m = p.recv(r);
            if (m.tag() != GATHER || !(m.payload() instanceof double[] out) || out.length != 2 * block) {
                throw new IllegalStateException("expected the FFT output block of rank " + r + ", got " + m);
            }
            System.arraycopy(out, 0, re, r * block, block);
            System.arraycopy(out, block, im, r * block, block);
        }
    }
}
