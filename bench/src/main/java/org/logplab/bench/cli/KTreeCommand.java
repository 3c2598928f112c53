package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.experiment.collective.RoundModelRows;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.collective.ktree.KTreeReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab ktree}: broadcasting {@code m} messages from one source to {@code n} processors
 * with {@code k} ports each by the k-tree algorithm (Ding and Li; docs/algorithms.md §8), every
 * round checked against the k-port model, beside the seed's upper bound {@code ceil(m/k) +
 * max(ceil(log_k(n + 2k)), 2)} and Theorem 2's lower bound {@code ceil(m/k) - 1 + ceil(log_(k+1)
 * n)}, both with the usable ports {@code k' = min(k, n - 1)}.
 *
 * <p>JSON Lines, one object per (m, n, k): {@code algo} ({@code ktree}), {@code m}, {@code n},
 * {@code k}, {@code ports} ({@code k'}), {@code rounds} (also as {@code time}), {@code predicted} (the schedule's
 * closed form {@code ceil(m/k') - 1 + h}), {@code upper_bound}, {@code lower_bound},
 * {@code ok} (every processor ended with all {@code m} messages), {@code note} (null, or for
 * {@code n = 1} why every figure is 0: there is no one to send to).
 *
 * <p>Limit: each run must have {@code n * max(m, k') <= 2^25} ({@link KTreeReport#MAX_WORK}), a
 * few seconds at most; the whole sweep is checked before the first run.
 */
@Command(name = "ktree", header = "Broadcast m messages to n processors with k ports: k-tree rounds vs the bounds.",
        description = "Every round is checked: at most k sends, to distinct processors, of messages held at the start"
                + " of the round, and at most k receives.")
final class KTreeCommand extends RowsCommand {

    @Mixin
    KTreeOptions options;

    @Override
    int execute() {
        int most = (int) KTreeReport.MAX_WORK;
        List<Integer> ms = IntRanges.parse("--m", options.messages, 1, most);
        List<Integer> ns = IntRanges.parse("--n", options.processors, 1, most);
        List<Integer> ks = IntRanges.parse("--k", options.ports, 1, Integer.MAX_VALUE);
        for (int m : ms) {
            for (int n : ns) {
                for (int k : ks) {
                    KTreeReport.validate(m, n, k);
                }
            }
        }
        Output.Table table = output().table(Column.of("m", "m"), Column.of("n", "n"), Column.of("k", "k"),
                Column.of("ports", "ports"), Column.of("rounds", "rounds"), Column.of("lower bound", "lower_bound"),
                Column.of("upper bound", "upper_bound"), Column.yesNo("ok", "ok"),
                Column.of("", r -> r.get("note") == null ? "" : r.get("note")));
        for (int m : ms) {
            for (int n : ns) {
                for (int k : ks) {
                    Row row = RoundModelRows.ktree(KTreeReport.run(m, n, k));
                    check(row.getBoolean("ok"), "m = " + m + ", n = " + n + ", k = " + k);
                    table.add(row);
                }
            }
        }
        return 0;
    }
}
