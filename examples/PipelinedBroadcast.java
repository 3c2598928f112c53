/*
 * Pipelined broadcast: rank 0 sends k items down the chain 0 -> 1 -> ... -> P - 1; every rank in
 * between passes each item on as soon as it has it, so the items travel as a pipeline.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o. Each item is one long (8 bytes): a send keeps its sender
 * busy s = o + 7G, and one hop takes c = s + L + o = L + 2o + 7G from send start to receive end.
 *   - The items follow each other at the period p of the slowest stage. The root only sends: its
 *     sends start max(g, s) apart. A relay receives (o) and sends (s) every item, and its sends
 *     are g apart, its receives too: max(g, o + s). The last rank only receives: max(g, o).
 *     So p = max(g, 2o + 7G) when there is a relay (P >= 3), and max(g, o + 7G) when not (P = 2).
 *   - Claim: relay i (0 < i < P - 1) receives item j from i c - o + j p and sends it on at
 *     i c + j p. Its previous send ended at i c + (j - 1)p + s and its previous receive started at
 *     i c - o + (j - 1)p, so it is ready to receive at i c - o + (j - 1)p + max(o + s, g), which is
 *     i c - o + j p. Item j is there by then: from relay i - 1 it arrives at (i - 1)c + j p + s + L,
 *     the same time; from the root (i = 1), at j max(g, s) + s + L, no later. The receive ends at
 *     i c + j p, after the previous send start + g: the send starts at once.
 *   - The last rank receives item j at its arrival, (P - 1)c - o + j p (P >= 3; at j p + s + L
 *     from the root for P = 2): its receives need only max(g, o) <= p between them.
 *
 *   makespan = (P - 1)(L + 2o + 7G) + (k - 1) p    for P >= 2 (0 for P = 1)
 *
 * Any P >= 1 and k >= 1 (argument k=ITEMS, default 8). Every rank checks each item it receives.
 */

import java.util.Map;
import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;
import org.logplab.core.ProgramArguments;

/** Pipelined broadcast of k longs down a chain, with the analysis above. */
public class PipelinedBroadcast implements PredictedProgram {
    private final int items;

    public PipelinedBroadcast() {
        this(new String[0]);
    }

    /** Takes {@code k=ITEMS}, the number of items rank 0 broadcasts (default 8). */
    public PipelinedBroadcast(String[] args) {
        items = ProgramArguments.parse(args, Map.of("k", 8)).get("k");
        if (items < 1) {
            throw new IllegalArgumentException("k must be at least 1 item, got " + items);
        }
    }

    @Override
    public void run(Processor p) {
        int rank = p.rank();
        boolean last = rank == p.size() - 1;
        for (int j = 0; j < items; j++) {
            long item = rank == 0 ? itemOf(j) : p.recvLong(rank - 1, 0);
            if (item != itemOf(j)) {
                throw new IllegalStateException("rank " + rank + " received " + item + " as item " + j
                        + ", not " + itemOf(j));
            }
            if (!last) {
                p.sendLong(rank + 1, 0, item);
            }
        }
    }

    /** Item j: any number that tells the items apart. */
    private static long itemOf(int j) {
        return 7L * j + 3;
    }

    @Override
    public long predict(LogP params) {
        if (params.P() == 1) {
            return 0;
        }
        long s = params.sendBusy(Long.BYTES);
        long hop = s + params.L() + params.o();
        long period = Math.max(params.g(), params.P() >= 3 ? params.o() + s : s);
        return (params.P() - 1) * hop + (items - 1) * period;
    }
}
