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
 * the two error bars, {@code ours_forks}, {@code peer_forks}, {@code ours_steadiness},
 * {@code peer_steadiness} ({@link Steadiness}; null for fewer than two forks), {@code compared},
 * {@code ours_compared}, {@code peer_compared}, {@code compared_ratio} (what is compared like with
 * like: {@link Comparison}), and for the FFT suite {@code ours_gflops}, {@code peer_gflops}).
 * {@code ours}, {@code peer} and {@code ratio} stay JMH's scores whatever the steadiness; when a
 * side is bimodal the text shows its modes instead of its mean, the ratio of what is compared,
 * and {@code better} is the comparison's ({@code unknown} when nothing is compared).
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
                Column.of("unit", "unit"), Column.of("ours", "ours_text"), Column.of("peer", "peer_text"),
                Column.of("ours / peer", "compared_ratio", "%.2f"), Column.of("compared", "compared"),
                Column.of("better", "better"),
                Column.of("GFLOPS ours / peer", r -> r.get("ours_gflops") == null ? ""
                        : String.format("%.2f / %.2f", r.get("ours_gflops"), r.get("peer_gflops"))));
        List<String> notCompared = new ArrayList<>();
        boolean modesCompared = false;
        for (JmhResult[] pair : pairs) {
            JmhResult ours = pair[0];
            JmhResult peer = pair[1];
            Comparison c = Comparison.of(ours, peer);
            String name = ours.name();
            if (groups.get(ours.group()).size() > 2) {
                name += " " + ours.side() + "/" + peer.side();
            }
            Row f = new Row().put("table", "ratio").put("benchmark", name).put("params", ours.params())
                    .put("mode", ours.mode()).put("unit", ours.unit()).put("ours", ours.score())
                    .put("ours_error", ours.error()).put("peer", peer.score()).put("peer_error", peer.error())
                    .put("ratio", ours.score() / peer.score()).put("better", c.better())
                    .put("ours_forks", ours.forks()).put("peer_forks", peer.forks())
                    .put("ours_steadiness", verdict(ours)).put("peer_steadiness", verdict(peer))
                    .put("compared", c.basis()).put("ours_compared", finiteOrNull(c.ours()))
                    .put("peer_compared", finiteOrNull(c.peer())).put("compared_ratio", finiteOrNull(c.ratio()));
            double[] gflops = fftGflops(ours, peer);
            if (gflops != null) {
                f.put("ours_gflops", gflops[0]).put("peer_gflops", gflops[1]);
            }
            table.add(f.show("params_text", ours.params().toString()).show("ours_text", cell(ours))
                    .show("peer_text", cell(peer)));
            modesCompared |= c.basis().equals(Comparison.FASTER_MODES);
            if (c.whyNot() != null) {
                notCompared.add(name + " " + ours.params() + ": not compared: " + c.whyNot() + ".");
            }
        }
        out.line("ours / peer: times (lower is better) or throughputs (higher is better) as the unit says;"
                + " 'tie' when the difference is within the two error bars.");
        if (modesCompared) {
            out.line(String.format("faster modes: a side is bimodal (below), so its mean is no figure; compared are"
                    + " the medians of the fork means of each side's faster mode (of all its forks when steady),"
                    + " 'tie' within %.0f %%.", (Steadiness.WITHIN - 1) * 100));
        }
        notCompared.forEach(out::line);
    }

    /** A side's cell: JMH's score and error bar, or the medians of its two modes when it is bimodal. */
    private static String cell(JmhResult r) {
        if (r.steadiness() != null && r.steadiness().verdict() == Steadiness.Verdict.BIMODAL) {
            List<Steadiness.Mode> modes = r.steadiness().modes();
            return String.format("modes %,.3f | %,.3f", modes.get(0).median(), modes.get(1).median());
        }
        return String.format("%,.3f +- %,.3f", r.score(), r.error());
    }

    private static String verdict(JmhResult r) {
        return r.steadiness() == null ? null : r.steadiness().verdict().word();
    }

    private static Double finiteOrNull(double x) {
        return Double.isFinite(x) ? x : null;
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
