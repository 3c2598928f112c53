package org.logplab.bench.cluster;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.cluster.Partition;

/**
 * A launch's rows: one per rank ({@code rank}, {@code node}, {@code finish}, {@code result}, and
 * with the in-process comparison {@code inprocess_finish}, {@code inprocess_result}), only when
 * every node succeeded; then the {@link ResultLegend} line, and one {@code summary: true} row
 * ({@code job}, {@code P}, {@code nodes}, {@code clock}, {@code makespan}, {@code ok},
 * {@code theory_ok}, with the comparison {@code inprocess_makespan} and {@code equal}, then
 * {@code rejected_frames}). Times are model units, or ns on the wall clock.
 */
public final class LaunchRows {

    private LaunchRows() {
    }

    /**
     * Adds the rows of a launch of {@code run} over {@code partition}'s nodes to {@code out}.
     *
     * @param compared whether the in-process comparison was asked for (its columns and fields are there then,
     *     empty if it did not run)
     */
    public static void print(Output out, ClusterRun run, Partition partition, boolean compared,
                             LocalLaunch.Outcome outcome) {
        NodeResults nodes = outcome.nodes();
        InProcessRun single = outcome.inProcess();
        List<Column> columns = new ArrayList<>(List.of(Column.of("rank", "rank"), Column.of("node", "node"),
                Column.of("finish", "finish"), Column.of("result", "result")));
        if (compared) {
            columns.add(Column.of("in-process finish", "inprocess_finish"));
            columns.add(Column.of("in-process result", "inprocess_result"));
        }
        Output.Table table = out.table(columns.toArray(Column[]::new));
        for (int r = 0; outcome.ok() && r < run.P(); r++) {
            Row f = new Row().put("rank", r).put("node", partition.nodeOf(r)).put("finish", nodes.finish()[r])
                    .put("result", nodes.results()[r]);
            if (single != null) {
                f.put("inprocess_finish", single.result().finishTime(r)).put("inprocess_result", single.results()[r]);
            }
            table.add(f);
        }
        Boolean theoryOk = outcome.theoryOk();
        Boolean equal = outcome.equal();
        Row s = new Row().put("summary", true).put("job", run.job().cliName()).put("P", run.P())
                .put("nodes", partition.nodes()).put("clock", run.clockName())
                .put("makespan", outcome.ok() ? nodes.makespan() : null).put("ok", outcome.ok())
                .put("theory_ok", theoryOk);
        if (compared) {
            s.put("inprocess_makespan", single == null ? null : single.result().makespan()).put("equal", equal);
        }
        s.put("rejected_frames", nodes.rejected());
        if (outcome.ok()) {
            out.line(ResultLegend.of(run.job()));
        }
        out.record(s, "makespan " + (outcome.ok() ? s.get("makespan") + " " + run.timeUnit() : "n/a (the run failed)")
                + (single != null ? " (in-process " + single.result().makespan() + ")" : "")
                + "; results match theory: " + yesNo(theoryOk)
                + (compared ? "; equal to the in-process run: " + yesNo(equal) : "")
                + "; rejected frames: " + nodes.rejected());
    }

    private static String yesNo(Boolean verdict) {
        return verdict == null ? "n/a" : verdict ? "yes" : "NO";
    }
}
