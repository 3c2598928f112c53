/*
 * Ring all-gather: every rank starts with one value and ends holding all P of them.
 *
 * Algorithm. Rank r sends to r + 1 and receives from r - 1 (mod P), in P - 1 steps. In step 0 it
 * sends its own value; in every later step it passes on the value it received in the step before.
 * After P - 1 steps every value has travelled round the ring to every rank.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o. Every message is one long (8 bytes), so a send keeps its
 * sender busy s = o + 7G, and one message takes c = s + L + o = L + 2o + 7G from send start to
 * receive end. Every rank does the same thing at the same times, so follow one:
 *   - Step 0 sends at X_0 = 0; the neighbour's message, sent at 0 too, arrives at s + L, after
 *     this rank's own send ended (s). The receive ends at c.
 *   - Step t + 1 sends the value received in step t, so no earlier than the end of step t, and
 *     no earlier than g after the send of step t: X_{t+1} = max(X_t + c, X_t + g) = X_t + max(g, c).
 *     Its receive starts at the arrival X_{t+1} + s + L: this rank's send has ended by then, and
 *     the previous receive started at X_t + s + L, at least g before.
 *   - The last step, P - 2, starts at (P - 2) max(g, c) and ends c later.
 *
 *   makespan = (P - 2) max(g, L + 2o + 7G) + L + 2o + 7G    for P >= 2 (0 for P = 1)
 *
 * Any P >= 1. Every rank checks that it holds every rank's value.
 */

import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;

/** Ring all-gather of one long per rank, with the analysis above. */
public class RingAllGather implements PredictedProgram {

    public RingAllGather() {
    }

    @Override
    public void run(Processor p) {
        int size = p.size();
        int rank = p.rank();
        long[] all = new long[size];
        all[rank] = valueOf(rank);
        int owner = rank; // whose value this rank passes on in the current step
        for (int step = 0; step < size - 1; step++) {
            p.sendLong((rank + 1) % size, 0, all[owner]);
            owner = (owner + size - 1) % size;
            all[owner] = p.recvLong((rank + size - 1) % size, 0);
        }
        for (int r = 0; r < size; r++) {
            if (all[r] != valueOf(r)) {
                throw new IllegalStateException("rank " + rank + " holds " + all[r] + " as rank " + r
                        + "'s value, not " + valueOf(r));
            }
        }
    }

    /** Rank r's value: any number that tells the ranks apart. */
    private static long valueOf(int rank) {
        return 1_000L + (long) rank * rank;
    }

    @Override
    public long predict(LogP params) {
        if (params.P() == 1) {
            return 0;
        }
        long c = params.sendBusy(Long.BYTES) + params.L() + params.o();
        return (params.P() - 2) * Math.max(params.g(), c) + c;
    }
}
