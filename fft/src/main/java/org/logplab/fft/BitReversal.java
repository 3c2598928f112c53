package org.logplab.fft;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The bit-reversal permutation of an interleaved complex array ({@code a[2i], a[2i+1]} is point
 * {@code i}), in place. The serial FFT uses it below {@link FinalPass#MIN_LOG} only (larger
 * transforms permute inside their last pass); the blocked form for large arrays is kept as a
 * stand-alone permutation. Interleaving keeps both parts of a point in one cache line, which halves
 * the cache misses of this pass against split arrays. Large arrays go block by block: an index is
 * split into high, middle and low bits ({@code a, m, c}); for one middle value all pairs
 * {@code (a m c) <-> (rev c, rev m, rev a)} touch {@code 2^h} short rows at each end, which stay in
 * cache, instead of one cache miss per element.
 */
final class BitReversal {
    private static final int H = 5;
    /** Sizes up to {@code 2^PAIR_TABLE_LOG} permute from a cached table of swap pairs. */
    static final int PAIR_TABLE_LOG = 14;
    private static final ConcurrentHashMap<Integer, int[]> PAIRS = new ConcurrentHashMap<>();

    private BitReversal() {
    }

    /** Permutes the {@code 2^log} points of {@code a} into bit-reversed index order. */
    static void permute(double[] a, int log) {
        permute(a, log, 0, parts(log));
    }

    /**
     * The number of independent parts the permutation splits into: swap-pair ranges up to
     * {@code 2^PAIR_TABLE_LOG} points, middle-bit groups above. Parts may run in parallel.
     */
    static int parts(int log) {
        return log <= PAIR_TABLE_LOG ? 64 : 1 << (log - 2 * H);
    }

    /** Does parts {@code from..to-1} of the permutation. */
    static void permute(double[] a, int log, int from, int to) {
        if (log <= PAIR_TABLE_LOG) {
            int[] pairs = PAIRS.computeIfAbsent(log, BitReversal::pairs);
            int count = pairs.length / 2;
            int parts = parts(log);
            for (int k = 2 * (int) ((long) count * from / parts),
                    end = 2 * (int) ((long) count * to / parts); k < end; k += 2) {
                swap(a, pairs[k], pairs[k + 1]);
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
            for (int high = 0; high < side; high++) {
                int ra = Integer.reverse(high) >>> (32 - H);
                int rowI = (high << highShift) | (m << H);
                for (int c = 0; c < side; c++) {
                    int i = rowI | c;
                    int j = ((Integer.reverse(c) >>> (32 - H)) << highShift) | (rm << H) | ra;
                    // Within one group each pair appears twice; across two groups once.
                    if (!sameGroup || i < j) {
                        swap(a, i, j);
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

    private static void swap(double[] a, int i, int j) {
        int x = 2 * i;
        int y = 2 * j;
        double t = a[x];
        a[x] = a[y];
        a[y] = t;
        t = a[x + 1];
        a[x + 1] = a[y + 1];
        a[y + 1] = t;
    }
}
