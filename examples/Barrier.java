/*
 * Dissemination barrier (Hensgen, Finkel and Manber): no rank leaves before every rank has
 * arrived. In round t (d = 2^t, t = 0 .. ceil(log2 P) - 1) rank r tells r + d (mod P) whom it has
 * heard of, arrivals included, and hears from r - d (mod P). After round t it has heard, directly
 * or not, of the 2^(t+1) ranks r, r - 1, ..., r - 2^(t+1) + 1: after the last round, of all P.
 * The messages carry who has arrived as a bitset, ceil(P / 64) longs, so that each rank can check.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o. A message is 8 ceil(P / 64) bytes: a send keeps its sender
 * busy s = o + (8 ceil(P / 64) - 1)G, and one message takes c = s + L + o from send start to
 * receive end. Every rank sends and receives once a round, whatever P, so all keep the same times:
 *   - Round 0 sends at X_0 = 0; the message from r - 1 arrives at s + L, after the own send ended;
 *     the round ends at c.
 *   - Round t + 1 passes on what round t heard, so it sends at X_{t+1} = max(X_t + c, X_t + g):
 *     no earlier than the end of round t and g after the last send. Its message arrives at
 *     X_{t+1} + s + L, at least g after the previous receive started: the receive starts then.
 *   - The last round, ceil(log2 P) - 1, starts at (ceil(log2 P) - 1) max(g, c) and ends c later.
 *
 *   makespan = (ceil(log2 P) - 1) max(g, c) + c,    c = L + 2o + (8 ceil(P / 64) - 1)G
 *   for P >= 2 (0 for P = 1)
 *
 * Any P >= 1. Every rank checks that it has heard of all P arrivals when it leaves.
 */

import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;

/** A dissemination barrier, with the analysis above. */
public class Barrier implements PredictedProgram {

    public Barrier() {
    }

    @Override
    public void run(Processor p) {
        int size = p.size();
        int rank = p.rank();
        long[] arrived = new long[words(size)]; // bit r: rank r has arrived
        arrived[rank / 64] |= 1L << (rank % 64);
        for (int d = 1, round = 0; d < size; d *= 2, round++) {
            p.send((rank + d) % size, round, arrived.clone()); // a copy: a sent array belongs to its receiver
            Message heard = p.recv((rank + size - d) % size);
            if (heard.tag() != round) {
                throw new IllegalStateException("rank " + rank + " got round " + heard.tag() + " in round " + round);
            }
            long[] theirs = (long[]) heard.payload();
            for (int i = 0; i < arrived.length; i++) {
                arrived[i] |= theirs[i];
            }
        }
        int known = 0;
        for (long word : arrived) {
            known += Long.bitCount(word);
        }
        if (known != size) {
            throw new IllegalStateException("rank " + rank + " leaves knowing of " + known + " arrivals, not " + size);
        }
    }

    private static int words(int processors) {
        return (processors + 63) / 64;
    }

    @Override
    public long predict(LogP params) {
        int rounds = 32 - Integer.numberOfLeadingZeros(params.P() - 1); // ceil(log2 P)
        if (rounds == 0) {
            return 0;
        }
        long c = params.sendBusy(words(params.P()) * Long.BYTES) + params.L() + params.o();
        return (rounds - 1) * Math.max(params.g(), c) + c;
    }
}
