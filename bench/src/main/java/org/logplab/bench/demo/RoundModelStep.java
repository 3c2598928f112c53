package org.logplab.bench.demo;

import static org.logplab.bench.demo.Tables.column;
import static org.logplab.bench.demo.Tables.where;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.collective.RoundModelRows;
import org.logplab.bench.report.LineChart;
import org.logplab.core.collective.gossip.GossipReport;
import org.logplab.core.collective.ktree.KTreeReport;

/**
 * The tour's round-based models: gossip on the n x n mesh under the H* model and the k-tree
 * broadcast in the k-port model, with the rows of {@code logplab gossip} and {@code logplab ktree}.
 */
final class RoundModelStep {
    private RoundModelStep() {
    }

    static void run(TourContext ctx) throws IOException {
        List<Map<String, Object>> gossip = new ArrayList<>();
        for (int n = 2; n <= (ctx.quick ? 12 : 32); n++) {
            for (String algo : List.of("seed", "improved")) {
                gossip.add(Tables.checked(ctx, RoundModelRows.gossip(GossipReport.run(n, algo)),
                        "gossip, " + algo + ", n = " + n));
            }
        }
        ctx.report().section(DemoFindings.GOSSIP,
                "Gossip in an n x n mesh (Wang and Ying) under the H* model: half-duplex links, every node on all its"
                + " links at once, one message per packet, a packet crosses one edge per step (every step checked); and"
                + " multiple-message broadcast by k scanning trees in the k-port model of Ding and Li (every round"
                + " checked).");
        LineChart gc = new LineChart("Gossip steps on the n x n mesh (H* model)", "n (mesh side)", "steps").integerX();
        for (String algo : List.of("seed", "improved")) {
            List<Map<String, Object>> rows = where(gossip, "algo", algo);
            gc.line(algo, column(rows, "n"), column(rows, "steps"));
        }
        List<Map<String, Object>> seedRows = where(gossip, "algo", "seed");
        gc.curve("lower bound (n^2 + n)/2", column(seedRows, "n"), column(seedRows, "lower_bound"));
        ctx.report().table("gossip.json", gossip,
                "Steps of Wang and Ying's schedule (seed) and the improved one beside the lower bound",
                Map.of("n", "n (mesh side)", "ratio", "steps / lower bound", "seed_steps", "seed schedule's steps"));
        ctx.report().plot("gossip.png", gc,
                "Gossip steps against the lower bound: the improved schedule stays within a few steps of it");
        List<Map<String, Object>> ktree = new ArrayList<>();
        for (int m = 1; m <= (ctx.quick ? 16 : 64); m++) {
            ktree.add(Tables.checked(ctx, RoundModelRows.ktree(KTreeReport.run(m, 64, 2)), "ktree, m = " + m));
        }
        ctx.report().table("ktree.json", ktree,
                "k-tree broadcast of m messages to n = 64 nodes with k = 2 ports: rounds beside both bounds",
                Map.of("m", "m (messages)", "n", "n (nodes)", "k", "k (trees)", "time", "time (rounds)",
                        "predicted", "predicted (rounds)"));
        ctx.report().plot("ktree.png", new LineChart("k-tree broadcast, n = 64, k = 2", "m (messages)", "rounds")
                        .integerX()
                        .line("k-tree rounds", column(ktree, "m"), column(ktree, "rounds"))
                        .curve("upper bound", column(ktree, "m"), column(ktree, "upper_bound"))
                        .curve("lower bound", column(ktree, "m"), column(ktree, "lower_bound")),
                "Rounds of the k-tree algorithm between the lower and upper bounds");
        ctx.headlines.add(DemoFindings.gossip(gossip, ktree));
    }
}
