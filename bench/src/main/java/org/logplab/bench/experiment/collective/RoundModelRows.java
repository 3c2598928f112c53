package org.logplab.bench.experiment.collective;

import org.logplab.bench.output.Row;
import org.logplab.core.collective.gossip.GossipReport;
import org.logplab.core.collective.ktree.KTreeBroadcast;
import org.logplab.core.collective.ktree.KTreeReport;

/**
 * The rows of the round-based models' runs, as {@code logplab gossip}, {@code logplab ktree} and
 * the demo print them: mesh gossip under the H* model and the k-tree broadcast in the k-port model,
 * each beside its bounds. Stateless; any thread.
 */
public final class RoundModelRows {
    /** The note on a k-tree row of one processor: the source holds every message already. */
    public static final String ALONE =
            "n = 1: the source is the only processor and already holds every message, so 0 rounds";

    private RoundModelRows() {
    }

    /** The row of one gossip run: the fields {@code logplab gossip} documents. */
    public static Row gossip(GossipReport r) {
        Row f = new Row().put("algo", r.algo()).put("n", r.n()).put("steps", r.steps()).put("time", r.steps());
        if ("seed".equals(r.algo())) {
            f.put("predicted", r.seedSteps());
        }
        return f.put("lower_bound", r.lowerBound()).put("seed_steps", r.seedSteps()).put("ratio", r.ratioToBound())
                .put("ok", r.ok());
    }

    /** The row of one k-tree run: the fields {@code logplab ktree} documents. */
    public static Row ktree(KTreeReport r) {
        return new Row().put("algo", "ktree").put("m", r.m()).put("n", r.n()).put("k", r.k()).put("ports", r.ports())
                .put("rounds", r.rounds()).put("time", r.rounds())
                .put("predicted", new KTreeBroadcast(r.n(), r.k()).rounds(r.m()))
                .put("upper_bound", r.upperBound()).put("lower_bound", r.lowerBound()).put("ok", r.ok())
                .put("note", r.n() == 1 ? ALONE : null);
    }
}
