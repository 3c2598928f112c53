/*
 * Parallel prefix sum (inclusive scan) by recursive doubling (Hillis and Steele): rank r holds
 * x_r and ends with x_0 + ... + x_r. In round t (d = 2^t, t = 0 .. log2 P - 1) rank r sends its
 * partial sum to r + d (when r + d < P), then receives the partial sum of r - d (when r >= d) and
 * adds it. After round t rank r holds the sum of the 2^(t+1) values up to its own.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o. Every message is one long (8 bytes): a send keeps its
 * sender busy s = o + 7G, and one message takes c = s + L + o = L + 2o + 7G from send start to
 * receive end. P is a power of two.
 *   - Call rank r full at round t when r >= 2^(t+1) - 1: it has received in every round so far,
 *     from partners that were full in turn. The partner r - d of a full rank is full at round
 *     t - 1 and has sent in every round (r - d + 2^t' <= r < P), so all full ranks keep the same
 *     times: round t sends at X_t and ends at E_t.
 *   - Round 0: X_0 = 0; the message from r - 1 arrives at s + L, after the own send ended, so
 *     E_0 = c.
 *   - Round t: the send starts at X_t = max(E_{t-1}, X_{t-1} + g); the partner's message arrives
 *     at X_t + s + L, after the own send ended; the receive starts then or, if later, g after the
 *     previous receive start (E_{t-1} - o): E_t = max(X_t + c, E_{t-1} + g).
 *     If g <= c: X_t = E_{t-1} and E_t = E_{t-1} + c. If g > c: X_t = t g and E_t = t g + c.
 *     Either way E_t = t max(g, c) + c.
 *   - A rank that is not full skips a send or a receive, or hears from a partner that did, so it
 *     is never later; the last rank, P - 1, is full in every round, so it finishes last.
 *
 *   makespan = (log2 P - 1) max(g, L + 2o + 7G) + L + 2o + 7G    for P >= 2 (0 for P = 1)
 *
 * P must be a power of two (other P have ranks whose partners skipped rounds: another formula).
 * Rank r starts with x_r = r + 1 and checks that it ends with (r + 1)(r + 2) / 2.
 */

import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;

/** Inclusive prefix sum by recursive doubling, with the analysis above. */
public class PrefixSum implements PredictedProgram {

    public PrefixSum() {
    }

    @Override
    public void run(Processor p) {
        requirePowerOfTwo(p.size());
        int rank = p.rank();
        long sum = rank + 1;
        for (int d = 1; d < p.size(); d *= 2) {
            if (rank + d < p.size()) {
                p.sendLong(rank + d, 0, sum);
            }
            if (rank >= d) {
                sum += p.recvLong(rank - d, 0);
            }
        }
        long expected = (rank + 1L) * (rank + 2L) / 2;
        if (sum != expected) {
            throw new IllegalStateException("rank " + rank + " ends with " + sum + ", not " + expected);
        }
    }

    @Override
    public long predict(LogP params) {
        requirePowerOfTwo(params.P());
        int rounds = Integer.numberOfTrailingZeros(params.P());
        if (rounds == 0) {
            return 0;
        }
        long c = params.sendBusy(Long.BYTES) + params.L() + params.o();
        return (rounds - 1) * Math.max(params.g(), c) + c;
    }

    private static void requirePowerOfTwo(int processors) {
        if (Integer.bitCount(processors) != 1) {
            throw new IllegalArgumentException("PrefixSum needs P to be a power of two, got P = " + processors);
        }
    }
}
