package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.experiment.collective.RoundModelRows;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.collective.gossip.GossipReport;
import org.logplab.core.collective.gossip.HStarMesh;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab gossip}: gossiping in an {@code n x n} square mesh under the H* model (Wang and
 * Ying; docs/algorithms.md §7): the seed's two-phase algorithm and our improved schedule, every
 * timestep checked against the model, beside Theorem 1's lower bound {@code (n^2 + n)/2} and the
 * seed's formula {@code (n^2 + 3n - 4)/2}.
 *
 * <p>JSON Lines, one object per (n, algorithm): {@code algo}, {@code n}, {@code steps} (also as
 * {@code time}, in timesteps), {@code predicted} (the seed's formula, for {@code seed} only),
 * {@code lower_bound}, {@code seed_steps}, {@code ratio} (steps over the bound), {@code ok} (every
 * node ended with all {@code n^2} messages).
 */
@Command(name = "gossip", header = "Gossip in an n x n mesh (H* model): seed vs improved vs the lower bound.",
        description = "Every timestep is checked for half-duplex links, one message per packet and neighbours only.")
final class GossipCommand extends RowsCommand {

    @Mixin
    GossipOptions options;

    @Override
    int execute() {
        List<Integer> ns = IntRanges.parse("--n", options.sides, 2, HStarMesh.MAX_N);
        Output.Table table = output().table(Column.of("n", "n"), Column.of("algo", "algo"), Column.of("steps", "steps"),
                Column.of("lower bound", "lower_bound"), Column.of("seed formula", "seed_steps"),
                Column.of("steps / bound", "ratio", "%.4f"), Column.yesNo("ok", "ok"));
        for (int n : ns) {
            for (String algo : options.algos) {
                Row row = RoundModelRows.gossip(GossipReport.run(n, algo));
                check(row.getBoolean("ok"), algo + ", n = " + n);
                table.add(row);
            }
        }
        return 0;
    }
}
