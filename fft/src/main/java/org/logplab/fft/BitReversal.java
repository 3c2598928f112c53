package org.logplab.fft;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The bit-reversal permutation of split complex arrays, in place. Large arrays go block by
 * block: an index is split into high, middle and low bits ({@code a, m, c}); for one middle
 * value all pairs {@code (a m c) <-> (rev c, rev m, rev a)} touch {@code 2^h} short rows at each
 * end, which stay in cache, instead of one cache miss per element.
 */
final class BitReversal {
    private static final int H = 5;
    /** Sizes up to {@code 2^PAIR_TABLE_LOG} permute from a cached table of swap pairs. */
    static final int PAIR_TABLE_LOG = 16;
    private static final ConcurrentHashMap<Integer, int[]> PAIRS = new ConcurrentHashMap<>();

    private BitReversal() {
    }

    /** Permutes {@code re} and {@code im} (length {@code 2^log}) into bit-reversed index order. */
    static void permute(double[] re, double[] im, int log) {
        permute(re, im, log, 0, parts(log));
    }

    /**
     * The number of independent parts the permutation splits into: swap-pair ranges up to
     * {@code 2^PAIR_TABLE_LOG} points, middle-bit groups above. Parts may run in parallel.
     */
    static int parts(int log) {
        return log <= PAIR_TABLE_LOG ? 64 : 1 << (log - 2 * H);
    }

    /** Does parts {@code from..to-1} of the permutation. */
    static void permute(double[] re, double[] im, int log, int from, int to) {
        if (log <= PAIR_TABLE_LOG) {
            int[] pairs = PAIRS.computeIfAbsent(log, BitReversal::pairs);
            int count = pairs.length / 2;
            int parts = parts(log);
            for (int k = 2 * (int) ((long) count * from / parts), end = 2 * (int) ((long) count * to / parts); k < end; k += 2) {
                swap(re, im, pairs[k], pairs[k + 1]);
            }
            return;
        }
        int midBits = log - 2 * H;
        int side = 1 << H;
        int highShift = log - H;
        for (int m = from; m < to; m++) {
            int rm = Integer.reverse(m) >>> (32 - midBits);
            if (rm < m) {
                // Done with its partner group rm, which maps onto this one.
                continue;
            }
            boolean sameGroup = rm == m;
            for (int a = 0; a < side; a++) {
                int ra = Integer.reverse(a) >>> (32 - H);
                int rowI = (a << highShift) | (m << H);
                for (int c = 0; c < side; c++) {
                    int i = rowI | c;
                    int j = ((Integer.reverse(c) >>> (32 - H)) << highShift) | (rm << H) | ra;
                    // Within one group each pair appears twice; across two groups once.
                    if (!sameGroup || i < j) {
                        swap(re, im, i, j);
                    }
                }
            }
        }
    }

    /** The pairs {@code i < rev(i)}, flattened, in increasing {@code i}. */
    private static int[] pairs(int log) {
        int n = 1 << log;
        int[] pairs = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int j = Integer.reverse(i) >>> (32 - log);
            if (i < j) {
                pairs[k++] = i;
                pairs[k++] = j;
            }
        }
        return java.util.Arrays.copyOf(pairs, k);
    }

    private static void swap(double[] re, double[] im, int i, int j) {
        double t = re[i];
        re[i] = re[j];
        re[j] = t;
        t = im[i];
        im[i] = im[j];
        im[j] = t;
    }
}
