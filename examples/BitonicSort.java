/*
 * Bitonic sort of P blocks of `keys` longs, one block per rank (Batcher's network, a compare-split
 * of whole blocks at each comparator). Each rank sorts its block, then for stage size = 2, 4, ..., P
 * and d = size/2, ..., 1 exchanges its block with rank ^ d; of the two blocks merged, the lower
 * rank keeps the smaller half when its part of the network sorts upwards ((rank & size) == 0) and
 * the larger half when it sorts downwards, the higher rank the other half. Rank r ends with the
 * r-th slice of the sorted keys.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o; compute(w) adds w. The local sort costs w0 = n ceil(log2 n)
 * units for n = keys, each merge n units. A block is 8n bytes: a send keeps its sender busy
 * s = o + (8n - 1)G. There are K = m(m + 1)/2 exchanges for P = 2^m, and every rank does the same
 * thing at the same times, so follow one:
 *   - Exchange k sends at X_k; the partner sends at X_k too, so its block arrives at X_k + s + L,
 *     after the own send ended; the receive ends at X_k + s + L + o and the merge n later:
 *     exchange k takes c = L + 2o + (8n - 1)G + n.
 *   - X_0 = w0 (after the local sort) and X_{k+1} = max(X_k + c, X_k + g). The receives are then
 *     at least g apart too, so none waits for the gap: X_k = w0 + k max(g, c).
 *
 *   makespan = n ceil(log2 n) + (K - 1) max(g, L + 2o + (8n - 1)G + n) + L + 2o + (8n - 1)G + n
 *   for P >= 2, K = log2 P (log2 P + 1) / 2 (n ceil(log2 n) for P = 1)
 *
 * P must be a power of two (the network's shape). Arguments keys=N per rank (default 16) and
 * seed=S (default 1). Every rank checks its block against the same keys sorted on one core.
 */

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;
import org.logplab.core.ProgramArguments;

/** Bitonic sort of one block of longs per rank, with the analysis above. */
public class BitonicSort implements PredictedProgram {
    private final int keys;
    private final int seed;

    public BitonicSort() {
        this(new String[0]);
    }

    /** Takes {@code keys=N} per rank (default 16) and {@code seed=S} (default 1). */
    public BitonicSort(String[] args) {
        Map<String, Integer> values = ProgramArguments.parse(args, Map.of("keys", 16, "seed", 1));
        keys = values.get("keys");
        seed = values.get("seed");
        if (keys < 1) {
            throw new IllegalArgumentException("keys must be at least 1, got " + keys);
        }
    }

    @Override
    public void run(Processor p) {
        requirePowerOfTwo(p.size());
        int rank = p.rank();
        long[] block = blockOf(rank);
        Arrays.sort(block);
        p.compute(sortWork());
        for (int size = 2; size <= p.size(); size *= 2) {
            for (int d = size / 2; d >= 1; d /= 2) {
                int partner = rank ^ d;
                p.send(partner, 0, block.clone()); // a copy: a block sent belongs to its receiver
                long[] theirs = (long[]) p.recv(partner).payload();
                block = split(block, theirs, (rank < partner) == ((rank & size) == 0));
                p.compute(keys);
            }
        }
        long[] all = new long[keys * p.size()];
        for (int r = 0; r < p.size(); r++) {
            System.arraycopy(blockOf(r), 0, all, r * keys, keys);
        }
        Arrays.sort(all);
        if (!Arrays.equals(block, Arrays.copyOfRange(all, rank * keys, (rank + 1) * keys))) {
            throw new IllegalStateException("rank " + rank + " ends with " + Arrays.toString(block));
        }
    }

    /** The smaller half ({@code low}) or the larger half of the two blocks' keys, sorted. */
    private static long[] split(long[] mine, long[] theirs, boolean low) {
        long[] both = Arrays.copyOf(mine, 2 * mine.length);
        System.arraycopy(theirs, 0, both, mine.length, theirs.length);
        Arrays.sort(both); // a merge of the two sorted halves would do: the model charges n either way
        return low ? Arrays.copyOfRange(both, 0, mine.length)
                : Arrays.copyOfRange(both, mine.length, both.length);
    }

    private long[] blockOf(int rank) {
        return new SplittableRandom(seed * 1_000_003L + rank).longs(keys, 0, 1_000).toArray();
    }

    private long sortWork() {
        return (long) keys * (32 - Integer.numberOfLeadingZeros(keys - 1)); // n ceil(log2 n)
    }

    @Override
    public long predict(LogP params) {
        requirePowerOfTwo(params.P());
        int m = Integer.numberOfTrailingZeros(params.P());
        int exchanges = m * (m + 1) / 2;
        if (exchanges == 0) {
            return sortWork();
        }
        long c = params.sendBusy(keys * Long.BYTES) + params.L() + params.o() + keys;
        return sortWork() + (exchanges - 1) * Math.max(params.g(), c) + c;
    }

    private static void requirePowerOfTwo(int processors) {
        if (Integer.bitCount(processors) != 1) {
            throw new IllegalArgumentException("BitonicSort needs P to be a power of two, got P = " + processors);
        }
    }
}
