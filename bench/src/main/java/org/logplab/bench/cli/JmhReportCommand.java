package org.logplab.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code logplab jmh-report FILE.json}: turns the JSON that JMH writes ({@code -rf json -rff FILE})
 * into ratio tables of ours against the peer measured in the same run, since ratios are what hold
 * on a noisy machine.
 *
 * <p>A result is ours or the peer's by its method name ({@code ours} / {@code jtransforms},
 * {@code raw}, ...) or, failing that, by a parameter value ({@code impl = runtime} / {@code raw});
 * results that differ only in that are paired. The ratio is ours / peer for times (lower is
 * better) and for throughputs (higher is better), and the table says which is better. For the FFT
 * suite it adds GFLOPS ({@code 2 * 5 N log2 N} per operation: a forward and an inverse transform).
 *
 * <p>JSON Lines, one object per pair: {@code benchmark}, {@code params}, {@code mode}, {@code unit},
 * {@code ours}, {@code ours_error}, {@code peer}, {@code peer_error}, {@code ratio},
 * {@code better} ({@code ours}, {@code peer} or {@code tie} within the error bars), and for the FFT
 * {@code ours_gflops}, {@code peer_gflops}.
 *
 * <p>Suites with a {@code threads} parameter also get a scaling table: for each side and the other
 * parameters, the time at one thread over the time at each larger count (the speedup; the
 * dual-core speedup of the FFT suite). JSON: {@code table = "scaling"} with {@code benchmark},
 * {@code side}, {@code params}, {@code threads}, {@code speedup}; the pair objects carry
 * {@code table = "ratio"}.
 *
 * <p>Exit code 1 when the file holds no results (JMH writes {@code [ ]} when every benchmark
 * failed) or a result without a finite score.
 */
@Command(name = "jmh-report", header = "Ratio tables (ours / peer) from a JMH JSON result file.")
final class JmhReportCommand extends RowsCommand {
    private static final Set<String> OURS = Set.of("ours", "runtime", "logplab");
    private static final Set<String> PEERS = Set.of("peer", "raw", "jtransforms", "jdk", "forkjoinpool", "forkjoin");

    @Parameters(index = "0", paramLabel = "FILE", description = "JMH results written with -rf json.")
    Path file;

    /** One benchmark result: where it belongs and its score. */
    private record Result(String group, boolean ours, String side, String mode, String unit, double score, double error,
            Map<String, String> params) { }

    @Override
    int execute() throws IOException {
        OutputPaths.checkReadableFile(null, file);
        Limits.heap(16 * Files.size(file) + (64L << 20), "reading " + file + " (" + Files.size(file) + " bytes)");
        JsonNode root;
        try {
            root = JsonLines.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                    ? j.getOriginalMessage() : e.getMessage()));
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(file + " is not a JMH result array (run JMH with -rf json)");
        }
        if (root.isEmpty()) {
            return failed(file + " holds no results: every benchmark failed or none matched the pattern"
                    + " (JMH's own output says which; look for <failure>)");
        }
        List<String> broken = new ArrayList<>();
        for (JsonNode b : root) {
            JsonNode score = b.path("primaryMetric").path("score");
            if (!score.isNumber() || !Double.isFinite(score.asDouble())) {
                broken.add(b.path("benchmark").asText("?") + " " + b.path("params"));
            }
        }
        if (!broken.isEmpty()) {
            return failed(broken.size() + " of " + root.size() + " results in " + file + " have no score (the benchmark failed): "
                    + String.join(", ", broken));
        }
        Map<String, List<Result>> groups = new LinkedHashMap<>();
        List<String> unpaired = new ArrayList<>();
        List<Result> results = new ArrayList<>();
        for (JsonNode b : root) {
            Result r = parse(b);
            if (r == null) {
                unpaired.add(b.path("benchmark").asText("?"));
                continue;
            }
            results.add(r);
            groups.computeIfAbsent(r.group, k -> new ArrayList<>()).add(r);
        }
        // Every one of ours against every peer of its group (a suite may hold several of each).
        List<Result[]> pairs = new ArrayList<>();
        for (Map.Entry<String, List<Result>> g : groups.entrySet()) {
            List<Result> ourSide = g.getValue().stream().filter(Result::ours).toList();
            List<Result> peerSide = g.getValue().stream().filter(r -> !r.ours()).toList();
            if (ourSide.isEmpty() || peerSide.isEmpty()) {
                unpaired.add(g.getKey());
            }
            for (Result o : ourSide) {
                for (Result q : peerSide) {
                    pairs.add(new Result[] {o, q});
                }
            }
        }
        Output.Table table = output().table(Column.of("benchmark", "benchmark"), Column.of("params", "params_text"), Column.of("unit", "unit"),
                Column.of("ours", r -> String.format("%,.3f +- %,.3f", r.get("ours"), r.get("ours_error"))),
                Column.of("peer", r -> String.format("%,.3f +- %,.3f", r.get("peer"), r.get("peer_error"))),
                Column.of("ours / peer", "ratio", "%.2f"), Column.of("better", "better"),
                Column.of("GFLOPS ours / peer", r -> r.get("ours_gflops") == null ? ""
                        : String.format("%.2f / %.2f", r.get("ours_gflops"), r.get("peer_gflops"))));
        for (Result[] pair : pairs) {
            Result ours = pair[0];
            Result peer = pair[1];
            double ratio = ours.score / peer.score;
            boolean timeMode = !ours.mode.equals("thrpt");
            String better = Math.abs(ours.score - peer.score) <= ours.error + peer.error ? "tie"
                    : (ours.score < peer.score) == timeMode ? "ours" : "peer";
            double[] gflops = fftGflops(ours.group(), ours, peer);
            String name = ours.group().substring(0, ours.group().indexOf(' '));
            if (groups.get(ours.group()).size() > 2) {
                name += " " + ours.side() + "/" + peer.side();
            }
            Row f = new Row().put("table", "ratio").put("benchmark", name).put("params", ours.params).put("mode", ours.mode)
                    .put("unit", ours.unit).put("ours", ours.score).put("ours_error", ours.error).put("peer", peer.score)
                    .put("peer_error", peer.error).put("ratio", ratio).put("better", better);
            if (gflops != null) {
                f.put("ours_gflops", gflops[0]).put("peer_gflops", gflops[1]);
            }
            table.add(f.show("params_text", ours.params.toString()));
        }
        output().line("ours / peer: times (lower is better) or throughputs (higher is better) as the unit says;"
                + " 'tie' when the difference is within the two error bars.");
        printScaling(results);
        if (!unpaired.isEmpty()) {
            note("not paired with a peer (left out): " + String.join(", ", unpaired));
        }
        return 0;
    }

    /** Speedups over one thread for results with a {@code threads} parameter, side by side per configuration. */
    private void printScaling(List<Result> results) {
        Map<String, Map<Integer, Result>> byConfig = new LinkedHashMap<>();
        for (Result r : results) {
            String threads = r.params.get("threads");
            if (threads == null || !r.unit.endsWith("/op")) {
                continue;
            }
            Map<String, String> others = new TreeMap<>(r.params);
            others.remove("threads");
            String name = r.group.substring(0, r.group.indexOf(' '));
            byConfig.computeIfAbsent(name + "\t" + (r.ours ? "ours" : "peer") + "\t" + others, k -> new TreeMap<>())
                    .put(Integer.parseInt(threads), r);
        }
        Output.Table table = null;
        for (Map.Entry<String, Map<Integer, Result>> e : byConfig.entrySet()) {
            Result one = e.getValue().get(1);
            if (one == null) {
                continue;
            }
            String[] key = e.getKey().split("\t");
            for (Map.Entry<Integer, Result> t : e.getValue().entrySet()) {
                if (t.getKey() == 1) {
                    continue;
                }
                if (table == null) {
                    output().line("");
                    table = output().table(Column.of("benchmark", "benchmark"), Column.of("side", "side"), Column.of("params", "params"),
                            Column.of("threads", "threads"), Column.of("speedup over 1 thread", "speedup", "%.2f"));
                }
                table.add(new Row().put("table", "scaling").put("benchmark", key[0]).put("side", key[1]).put("params", key[2])
                        .put("threads", t.getKey()).put("speedup", one.score / t.getValue().score));
            }
        }
        if (table != null) {
            output().line("speedup = time at 1 thread / time at the given threads, same run.");
        }
    }

    /** Which pair a result belongs to and on which side, or null when it has no side. */
    private static Result parse(JsonNode b) {
        String benchmark = b.path("benchmark").asText();
        int dot = benchmark.lastIndexOf('.');
        String className = benchmark.substring(0, Math.max(dot, 0));
        className = className.substring(className.lastIndexOf('.') + 1);
        String method = benchmark.substring(dot + 1);
        Map<String, String> params = new TreeMap<>();
        for (Map.Entry<String, JsonNode> p : b.path("params").properties()) {
            params.put(p.getKey(), p.getValue().asText());
        }
        Boolean ours = side(method);
        String group;
        String sideName = method;
        if (ours != null) {
            group = className + " " + params;
        } else {
            String sideParam = null;
            for (Map.Entry<String, String> p : params.entrySet()) {
                if (side(p.getValue()) != null) {
                    sideParam = p.getKey();
                    sideName = p.getValue();
                    ours = side(p.getValue());
                }
            }
            if (sideParam == null) {
                return null;
            }
            params.remove(sideParam);
            group = className + "." + method + " " + params;
        }
        JsonNode metric = b.path("primaryMetric");
        double error = metric.path("scoreError").asDouble(0);
        return new Result(group, ours, sideName, b.path("mode").asText(), metric.path("scoreUnit").asText(),
                metric.path("score").asDouble(), Double.isNaN(error) ? 0 : error, params);
    }

    private static Boolean side(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        return OURS.contains(n) || n.startsWith("ours") ? Boolean.TRUE : PEERS.contains(n) ? Boolean.FALSE : null;
    }

    /** GFLOPS of both sides for the FFT suite (us per operation of two transforms), else null. */
    private static double[] fftGflops(String group, Result ours, Result peer) {
        String logN = ours.params.get("logN");
        if (!group.startsWith("FftBenchmark") || logN == null || !ours.unit.equals("us/op")) {
            return null;
        }
        int log = Integer.parseInt(logN);
        double flops = 2 * 5.0 * Math.scalb(1.0, log) * log;
        return new double[] {flops / (ours.score * 1e3), flops / (peer.score * 1e3)};
    }
}
