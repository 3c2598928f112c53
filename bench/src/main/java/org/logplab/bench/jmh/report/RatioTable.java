package org.logplab.bench.jmh.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;

/**
 * The ratio table of a JMH run: every one of ours against every peer of its group (a suite may
 * hold several of each), one row each ({@code table = "ratio"}, {@code benchmark}, {@code params},
 * {@code mode}, {@code unit}, {@code ours}, {@code ours_error}, {@code peer}, {@code peer_error},
 * {@code ratio} = ours / peer, {@code better}: {@code ours}, {@code peer} or {@code tie} within
 * the two error bars, and for the FFT suite {@code ours_gflops}, {@code peer_gflops}).
 */
final class RatioTable {
    private RatioTable() {
    }

    /**
     * Prints the pairs of {@code groups} (results by group, in the order they came); the groups
     * that lack a side are added to {@code unpaired}.
     */
    static void print(Output out, Map<String, List<JmhResult>> groups, List<String> unpaired) {
        List<JmhResult[]> pairs = new ArrayList<>();
        for (Map.Entry<String, List<JmhResult>> g : groups.entrySet()) {
            List<JmhResult> ourSide = g.getValue().stream().filter(JmhResult::ours).toList();
            List<JmhResult> peerSide = g.getValue().stream().filter(r -> !r.ours()).toList();
            if (ourSide.isEmpty() || peerSide.isEmpty()) {
                unpaired.add(g.getKey());
            }
            for (JmhResult o : ourSide) {
                for (JmhResult q : peerSide) {
                    pairs.add(new JmhResult[] {o, q});
                }
            }
        }
        Output.Table table = out.table(Column.of("benchmark", "benchmark"), Column.of("params", "params_text"),
                Column.of("unit", "unit"),
                Column.of("ours", r -> String.format("%,.3f +- %,.3f", r.get("ours"), r.get("ours_error"))),
                Column.of("peer", r -> String.format("%,.3f +- %,.3f", r.get("peer"), r.get("peer_error"))),
                Column.of("ours / peer", "ratio", "%.2f"), Column.of("better", "better"),
                Column.of("GFLOPS ours / peer", r -> r.get("ours_gflops") == null ? ""
                        : String.format("%.2f / %.2f", r.get("ours_gflops"), r.get("peer_gflops"))));
        for (JmhResult[] pair : pairs) {
            JmhResult ours = pair[0];
            JmhResult peer = pair[1];
            String better = Math.abs(ours.score() - peer.score()) <= ours.error() + peer.error() ? "tie"
                    : (ours.score() < peer.score()) == ours.timeMode() ? "ours" : "peer";
            String name = ours.name();
            if (groups.get(ours.group()).size() > 2) {
                name += " " + ours.side() + "/" + peer.side();
            }
            Row f = new Row().put("table", "ratio").put("benchmark", name).put("params", ours.params())
                    .put("mode", ours.mode()).put("unit", ours.unit()).put("ours", ours.score())
                    .put("ours_error", ours.error()).put("peer", peer.score()).put("peer_error", peer.error())
                    .put("ratio", ours.score() / peer.score()).put("better", better);
            double[] gflops = fftGflops(ours, peer);
            if (gflops != null) {
                f.put("ours_gflops", gflops[0]).put("peer_gflops", gflops[1]);
            }
            table.add(f.show("params_text", ours.params().toString()));
        }
        out.line("ours / peer: times (lower is better) or throughputs (higher is better) as the unit says;"
                + " 'tie' when the difference is within the two error bars.");
    }

    /**
     * GFLOPS of both sides for the FFT suite, else null: its scores are us per operation of two
     * transforms (a forward and an inverse), {@code 2 * 5 N log2 N} flops.
     */
    private static double[] fftGflops(JmhResult ours, JmhResult peer) {
        String logN = ours.params().get("logN");
        if (!ours.group().startsWith("FftBenchmark") || logN == null || !ours.unit().equals("us/op")) {
            return null;
        }
        int log = Integer.parseInt(logN);
        double flops = 2 * 5.0 * Math.scalb(1.0, log) * log;
        return new double[] {flops / (ours.score() * 1e3), flops / (peer.score() * 1e3)};
    }
}
