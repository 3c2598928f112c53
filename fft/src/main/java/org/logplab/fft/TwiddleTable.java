package org.logplab.fft;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The twiddle factors of every radix-4 stage of a size-{@code n} FFT, laid out so each stage reads
 * them as one forward stream: for the stage of span {@code m} and {@code j < m/4}, six doubles
 * {@code cos, sin} of {@code 2 pi j/m}, {@code 2 pi 2j/m}, {@code 2 pi 3j/m} (forward transforms
 * use {@code w = cos - i sin}). Spans {@code m} are the powers of two from 4 up to {@code n}; the
 * table of a span starts at {@link #offset}. Computed directly with {@link Math#cos} for every
 * entry (no recurrences) so errors stay at rounding level for {@code N = 2^22}. Immutable; shared
 * through {@link #of}.
 */
final class TwiddleTable {
    private static final ConcurrentHashMap<Integer, TwiddleTable> TABLES = new ConcurrentHashMap<>();

    final int n;
    final double[] w;
    /** Per span {@code 2^log}, the vector kernels' layout of its twiddles, built on first use. */
    final AtomicReferenceArray<double[]> vectorTables;
    private final int[] offsets;

    private TwiddleTable(int n) {
        this.n = n;
        int logN = Integer.numberOfTrailingZeros(n);
        offsets = new int[logN + 1];
        vectorTables = new AtomicReferenceArray<>(logN + 1);
        int size = 0;
        for (int log = 2; log <= logN; log++) {
            offsets[log] = size;
            size += 6 * ((1 << log) / 4);
        }
        w = new double[size];
        for (int log = 2; log <= logN; log++) {
            int m = 1 << log;
            int at = offsets[log];
            for (int j = 0; j < m / 4; j++) {
                for (int k = 1; k <= 3; k++) {
                    double angle = 2 * Math.PI * ((long) k * j) / m;
                    w[at++] = Math.cos(angle);
                    w[at++] = Math.sin(angle);
                }
            }
        }
    }

    /** The shared table for {@code n}, a power of two. */
    static TwiddleTable of(int n) {
        TwiddleTable t = TABLES.get(n);
        return t != null ? t : TABLES.computeIfAbsent(n, TwiddleTable::new);
    }

    /** Where the stage of span {@code 2^log} starts in {@link #w}. */
    int offset(int log) {
        return offsets[log];
    }
}
