package org.logplab.bench.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.bench.output.TextTable;
import org.logplab.core.RunResult;
import org.logplab.net.AeronNode;

/**
 * A node's report, one row: {@code node}, {@code nodes}, {@code job}, {@code P}, {@code clock},
 * {@code first_rank}, {@code last_rank}, {@code ok}, then on success {@code makespan},
 * {@code finish_times} (every rank), {@code results} (this node's ranks, in order), {@code sent},
 * {@code received} (totals over every rank), {@code real_ms}; on failure {@code error}; always
 * {@code rejected_unknown_peer}, {@code rejected_malformed}, {@code rejected_misaddressed},
 * {@code incomplete_frames}. Times are model units, or ns on the wall clock. As text: what it ran,
 * its ranks' finish times and results with the {@link ResultLegend}, and the frames it rejected.
 * A launcher reads the row back ({@link NodeResults}).
 */
public final class NodeRows {

    private NodeRows() {
    }

    /**
     * Adds {@code node}'s report of how its run {@code ended} to {@code out}; first says on
     * {@code notes} what arrived after a failure and why the latest rejected frame was rejected.
     */
    public static void print(Output out, NodeRun node, NodeRun.Ended ended, Consumer<String> notes) {
        AeronNode.Outcome outcome = ended.outcome();
        ClusterRun run = node.clusterRun();
        int i = node.node();
        Row f = new Row().put("node", i).put("nodes", node.nodes()).put("job", run.job().cliName()).put("P", run.P())
                .put("clock", run.clockName()).put("first_rank", node.firstRank()).put("last_rank", node.lastRank())
                .put("ok", outcome.failure() == null);
        RunResult r = outcome.result();
        if (r != null) {
            List<Long> mine = new ArrayList<>();
            for (int rank = node.firstRank(); rank <= node.lastRank(); rank++) {
                mine.add(ended.results().get(rank));
            }
            f.put("makespan", r.makespan()).put("finish_times", r.finishTimes()).put("results", mine)
                    .put("sent", r.messagesSent()).put("received", r.messagesReceived())
                    .put("real_ms", r.realNanos() / 1e6);
        } else {
            f.put("error", outcome.failure().getMessage());
        }
        f.put("rejected_unknown_peer", outcome.unknownPeerFrames()).put("rejected_malformed", outcome.malformedFrames())
                .put("rejected_misaddressed", outcome.misaddressedFrames())
                .put("incomplete_frames", outcome.incompleteFrames());
        if (outcome.discardedAfterFailure() > 0) {
            notes.accept("node " + i + ": " + outcome.discardedAfterFailure()
                    + " messages arrived after the run had failed and were discarded with it");
        }
        if (outcome.lastRejection() != null) {
            notes.accept("node " + i + ": last rejected frame: " + outcome.lastRejection());
        }
        out.record(f, out.text() ? text(node, ended) : null);
    }

    /** The node's record for people: what it ran, its ranks' finish times and results, the frames it rejected. */
    private static String text(NodeRun node, NodeRun.Ended ended) {
        ClusterRun run = node.clusterRun();
        AeronNode.Outcome outcome = ended.outcome();
        RunResult r = outcome.result();
        StringBuilder b = new StringBuilder("node " + node.node() + " of " + node.nodes() + " (ranks "
                + node.firstRank() + ".." + node.lastRank() + "): " + run.job().cliName() + ", P " + run.P() + ", "
                + run.clockName() + " clock"
                + (r != null ? ", makespan " + r.makespan() + " " + run.timeUnit() : ": FAILED") + "\n");
        if (r != null) {
            TextTable t = new TextTable("rank", "finish", "result");
            for (int rank = node.firstRank(); rank <= node.lastRank(); rank++) {
                t.row(rank, r.finishTime(rank), ended.results().get(rank));
            }
            b.append(t.render());
            b.append(ResultLegend.of(run.job())).append('\n');
        }
        return b.append("rejected frames: unknown peer ").append(outcome.unknownPeerFrames()).append(", malformed ")
                .append(outcome.malformedFrames()).append(", misaddressed ").append(outcome.misaddressedFrames())
                .toString();
    }
}
