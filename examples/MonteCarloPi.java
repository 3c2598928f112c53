/*
 * Monte-Carlo estimate of pi: every rank draws `samples` random points in the unit square with a
 * generator seeded by its rank, counts those inside the quarter circle, and the counts are summed
 * to rank 0 up a binomial tree: in round t (d = 2^t) every rank r with r mod 2d = d sends its
 * partial (hits, samples) to r - d and is done; every rank r with r mod 2d = 0 receives from
 * r + d and adds. Rank 0 ends with the totals: pi is about 4 hits / samples.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o; compute(w) adds w. Each rank's sampling costs w = samples
 * units. A partial is two longs (16 bytes): a send keeps its sender busy s = o + 15G, and one
 * message takes c = s + L + o = L + 2o + 15G from send start to receive end. P is a power of two.
 *   - Every rank samples first, so round 0 starts at w everywhere: rank 0 receives from rank 1's
 *     message, sent at w, from w + s + L and ends round 0 at E_0 = w + c.
 *   - The sender to rank 0 in round t, rank d, has so far received in the same rounds as rank 0,
 *     from partners with the same history (its part of the tree is a copy of rank 0's), so it
 *     ends round t - 1 at E_{t-1} too and sends at once (its first send). The message arrives at
 *     E_{t-1} + s + L; rank 0 is free at E_{t-1} and may start g after its last receive start,
 *     E_{t-1} - o. So E_t = max(E_{t-1} + s + L, E_{t-1} - o + g) + o = E_{t-1} + max(g, c).
 *   - Every other rank ends with a send that rank 0 receives later: rank 0 finishes last.
 *
 *   makespan = samples + (log2 P - 1) max(g, L + 2o + 15G) + L + 2o + 15G    for P >= 2
 *   (samples for P = 1)
 *
 * P must be a power of two (a rank of another P may have no partner in some round: another
 * formula). Arguments samples=N per rank (default 1000) and seed=S (default 1). Rank 0 checks that
 * every rank's samples were counted once and that the estimate is within 6 standard deviations
 * of pi.
 */

import java.util.Map;
import java.util.SplittableRandom;
import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;
import org.logplab.core.ProgramArguments;

/** A Monte-Carlo estimate of pi, counts summed up a binomial tree, with the analysis above. */
public class MonteCarloPi implements PredictedProgram {
    private final int samples;
    private final int seed;

    public MonteCarloPi() {
        this(new String[0]);
    }

    /** Takes {@code samples=N} per rank (default 1000) and {@code seed=S} (default 1). */
    public MonteCarloPi(String[] args) {
        Map<String, Integer> values = ProgramArguments.parse(args, Map.of("samples", 1000, "seed", 1));
        samples = values.get("samples");
        seed = values.get("seed");
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, got " + samples);
        }
    }

    @Override
    public void run(Processor p) {
        requirePowerOfTwo(p.size());
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + p.rank());
        long hits = 0;
        for (int i = 0; i < samples; i++) {
            double x = random.nextDouble();
            double y = random.nextDouble();
            hits += x * x + y * y <= 1 ? 1 : 0;
        }
        p.compute(samples);
        long[] partial = {hits, samples}; // {points inside, points drawn}
        for (int d = 1; d < p.size(); d *= 2) {
            if (p.rank() % (2 * d) == d) {
                p.send(p.rank() - d, 0, partial); // handed over: this rank is done with it
                return;
            }
            long[] theirs = (long[]) p.recv(p.rank() + d).payload();
            partial[0] += theirs[0];
            partial[1] += theirs[1];
        }
        checkEstimate(partial[0], partial[1], (long) samples * p.size());
    }

    private static void checkEstimate(long hits, long drawn, long expectedDrawn) {
        if (drawn != expectedDrawn) {
            throw new IllegalStateException("rank 0 counted " + drawn + " samples, not " + expectedDrawn);
        }
        double quarter = Math.PI / 4; // the chance that one point falls inside
        double deviation = 4 * Math.sqrt(quarter * (1 - quarter) / drawn);
        double estimate = 4.0 * hits / drawn;
        if (Math.abs(estimate - Math.PI) > 6 * deviation) {
            throw new IllegalStateException("pi estimated as " + estimate + " from " + drawn + " samples");
        }
    }

    @Override
    public long predict(LogP params) {
        requirePowerOfTwo(params.P());
        int rounds = Integer.numberOfTrailingZeros(params.P());
        if (rounds == 0) {
            return samples;
        }
        long c = params.sendBusy(2 * Long.BYTES) + params.L() + params.o();
        return samples + (rounds - 1) * Math.max(params.g(), c) + c;
    }

    private static void requirePowerOfTwo(int processors) {
        if (Integer.bitCount(processors) != 1) {
            throw new IllegalArgumentException("MonteCarloPi needs P to be a power of two, got P = " + processors);
        }
    }
}
