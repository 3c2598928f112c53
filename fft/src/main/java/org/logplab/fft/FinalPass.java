package org.logplab.fft;

/**
 * The last pass of the serial FFT from {@code 2^MIN_LOG} points on: the final straight-line
 * {@link Codelets} (the last two radix-2 stages, or the last three when {@code log2 N} is odd)
 * fused with the bit-reversal permutation, through a small buffer.
 *
 * <p>A point index splits into high, middle and low bits {@code (h, m, c)}, 4 + {@code log - 8}
 * + 4 of them, and bit reversal maps it to {@code (rev c, rev m, rev h)}. The 16 rows
 * {@code (h, m, *)} of one middle value are 16 codelet blocks of 16 contiguous points; their
 * outputs land, transposed, in a 256-point buffer, whose rows then are exactly the 16 contiguous
 * destination rows {@code (rev c, rev m, *)}. Middle values {@code m} and {@code rev m} trade
 * places, so they go together (two buffers). Every cache line of the array is thus read in one
 * burst and written in one burst: no line is evicted half used, however the power-of-two strides
 * between rows fall on the cache sets (the swap-based permutation it replaces lost about a third
 * of the transform's time to exactly that at 2^14 points). And the codelets' own pass over the
 * array disappears into the permutation's.
 *
 * <p>The inverse runs the inverse codelets, which also scale:
 * {@code out = scale * conj(codelet(conj(x)))}.
 */
final class FinalPass {
    /** Below {@code 2^STRUCTURAL_LOG} points the high and low parts would overlap. */
    private static final int STRUCTURAL_LOG = 8;
    /**
     * The serial FFT uses this pass from {@code 2^MIN_LOG} points on. Below, the array sits in L1,
     * where the swap table's permutation is cheap and the buffer copy is not: 5.4 against
     * 5.1 us at 2^10, 11.6 against 11.8 at 2^11, 23 against 28 at 2^12 (forward, same machine).
     */
    static final int MIN_LOG = 11;

    /**
     * From how many points ({@code 2^minLog}) on the serial FFT uses this pass: {@link #MIN_LOG}
     * for the scalar kernels; as soon as the structure allows for the vector kernels, whose
     * buffer transposes cost less than the swap table's scalar permutation (3.3 against 5.0 us
     * at 2^10).
     */
    static int minLog(boolean vector) {
        return vector ? STRUCTURAL_LOG : MIN_LOG;
    }
    private static final int SIDE = 16;
    /** From this many middle bits on (2^16 points), the middle values go in tiles (see {@link #run}). */
    private static final int TILE_MID_BITS = 8;

    private FinalPass() {
    }

    /** The number of independent parts (middle values); parts may run in parallel. */
    static int parts(int log) {
        return 1 << (log - STRUCTURAL_LOG);
    }

    /**
     * Parts {@code from..to-1}: codelets (conjugating when {@code inverse}) and bit reversal of the
     * {@code 2^log} points of {@code a}, whose earlier stages are done; the inverse's output is
     * conjugated and multiplied by {@code scale}.
     */
    static void run(double[] a, int log, int from, int to, boolean inverse, double scale, boolean vector) {
        int midBits = log - STRUCTURAL_LOG;
        int highShift = log - 4;
        // Two 256-point buffers private to the calling thread. The scalar kernels allocate them per
        // call, 8 KiB, cheaper than a ThreadLocal lookup at 2^10 points for them; the vector
        // kernels reuse the thread's own, which made their 2^10-point transform 3.2 -> 2.5 us
        // (and their row copies below are vector loads and stores, no array-copy calls).
        double[] t1;
        double[] t2;
        double[] rows = null;
        if (vector) {
            double[][] b = BUFFERS.get();
            t1 = b[0];
            t2 = b[1];
            rows = b[2];
        } else {
            t1 = new double[2 * SIDE * SIDE];
            t2 = new double[2 * SIDE * SIDE];
        }
        boolean even = (log & 1) == 0;
        if (midBits < TILE_MID_BITS) {
            for (int m = from; m < to; m++) {
                pair(a, m, midBits, highShift, t1, t2, even, inverse, scale, vector, rows);
            }
            return;
        }
        // Middle values in tiles: m = (top, inner, low), 4 + (midBits - 8) + 4 bits, the top and
        // low 4 bits varying within a tile. The rows of the groups m of a tile lie in 16 x 16
        // pages, those of their partners rev m in another 16 x 16, and every row of those pages
        // is used within the tile; in plain order each step touched 32 pages no other step near
        // it would use (page walks and set conflicts took half the transform's time at 2^22).
        int innerBits = midBits - 8;
        int topShift = midBits - 4;
        for (int inner = 0; inner < 1 << innerBits; inner++) {
            for (int top = 0; top < SIDE; top++) {
                for (int low = 0; low < SIDE; low++) {
                    int m = top << topShift | inner << 4 | low;
                    if (m >= from && m < to) {
                        pair(a, m, midBits, highShift, t1, t2, even, inverse, scale, vector, rows);
                    }
                }
            }
        }
    }

    /**
     * Group {@code m} and its partner {@code rev m}, once per pair (by the smaller of the two):
     * each group's destination rows are the other's source rows.
     */
    private static void pair(double[] a, int m, int midBits, int highShift, double[] t1, double[] t2, boolean even,
                             boolean inverse, double scale, boolean vector, double[] rows) {
        int rm = midBits == 0 ? 0 : Integer.reverse(m) >>> (32 - midBits);
        if (rm < m) {
            return;
        }
        load(a, m, highShift, t1, even, inverse, scale, vector, rows);
        if (rm != m) {
            load(a, rm, highShift, t2, even, inverse, scale, vector, rows);
            store(a, m, highShift, t2, vector);
        }
        store(a, rm, highShift, t1, vector);
    }

    /**
     * Codelets on the 16 rows {@code (h, m, *)}; point {@code c} of row {@code h} goes to buffer
     * point {@code 16 c + rev h}.
     */
    private static void load(double[] a, int m, int highShift, double[] t, boolean even, boolean inverse,
            double scale, boolean vector, double[] rows) {
        if (vector && VectorRadix4.FUSED_FINAL) {
            VectorRadix4.finalRows(a, m, highShift, t, inverse, scale, even, rows);
            return;
        }
        for (int h = 0; h < SIDE; h++) {
            int src = 2 * ((h << highShift) | (m << 4));
            int dst = 2 * REV4[h];
            if (vector) {
                // The vector stages went down to span 16 (8 and a radix-2 stage when log is odd):
                // only the last radix-4 stage is left, one codelet per group of 4.
                for (int g = 0; g < 4; g++) {
                    if (inverse) {
                        Codelets.dif4InverseTo(a, src + 8 * g, t, dst + 128 * g, scale);
                    } else {
                        Codelets.dif4To(a, src + 8 * g, t, dst + 128 * g);
                    }
                }
            } else if (even) {
                if (inverse) {
                    Codelets.dif16InverseTo(a, src, t, dst, scale);
                } else {
                    Codelets.dif16To(a, src, t, dst);
                }
            } else if (inverse) {
                Codelets.dif8InverseTo(a, src, t, dst, scale);
                Codelets.dif8InverseTo(a, src + 16, t, dst + 16 * SIDE, scale);
            } else {
                Codelets.dif8To(a, src, t, dst);
                Codelets.dif8To(a, src + 16, t, dst + 16 * SIDE);
            }
        }
    }

    /** Buffer row {@code c} to the destination row {@code (rev c, rm, *)}. */
    private static void store(double[] a, int rm, int highShift, double[] t, boolean vector) {
        if (vector && VectorRadix4.FUSED_FINAL) {
            for (int c = 0; c < SIDE; c++) {
                VectorRadix4.copyRow(t, 2 * SIDE * c, a, 2 * ((REV4[c] << highShift) | (rm << 4)));
            }
            return;
        }
        for (int c = 0; c < SIDE; c++) {
            System.arraycopy(t, 2 * SIDE * c, a, 2 * ((REV4[c] << highShift) | (rm << 4)), 2 * SIDE);
        }
    }

    /** The vector kernels' buffers, per thread: two of 256 points and the 4 rows of {@code VectorRadix4.finalRows}. */
    private static final ThreadLocal<double[][]> BUFFERS = ThreadLocal.withInitial(
            () -> new double[][] {new double[2 * SIDE * SIDE], new double[2 * SIDE * SIDE], new double[2 * SIDE * 4]});

    private static final int[] REV4 = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
}
