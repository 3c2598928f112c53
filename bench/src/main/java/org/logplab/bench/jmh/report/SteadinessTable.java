package org.logplab.bench.jmh.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;

/**
 * The steadiness table of a JMH run: every result of two forks or more, paired or not, with its
 * per-fork means and the verdict on them ({@link Steadiness}), one row each
 * ({@code table = "steadiness"}, {@code benchmark}, {@code params} (all of them), {@code mode},
 * {@code unit}, {@code score}, {@code score_error}, {@code forks}, {@code fork_means} (in the
 * unit, in fork order), {@code fork_spread} (max / min), {@code steadiness}: {@code steady},
 * {@code unsteady} or {@code bimodal}, and {@code modes}: for a bimodal result its two modes, the
 * lower means first, each {@code forks} (numbered from 1) and {@code median}, else null). Under
 * the table, one line for each bimodal result says that the host ran it in two states, so that its
 * mean is no figure; the results of fewer than two forks are counted once in a note.
 */
final class SteadinessTable {
    private SteadinessTable() {
    }

    /**
     * Prints the steadiness of {@code results} (JMH's array) to {@code out}, and to {@code notes}
     * how many results had fewer than two forks.
     */
    static void print(Output out, JsonNode results, Consumer<String> notes) {
        Output.Table table = null;
        List<String> bimodal = new ArrayList<>();
        int fewForks = 0;
        for (JsonNode b : results) {
            Steadiness s = Steadiness.of(b);
            if (s == null) {
                fewForks++;
                continue;
            }
            String name = JmhResult.shortName(b.path("benchmark").asText());
            Map<String, String> params = new TreeMap<>();
            b.path("params").properties().forEach(p -> params.put(p.getKey(), p.getValue().asText()));
            String unit = b.path("primaryMetric").path("scoreUnit").asText();
            double score = b.path("primaryMetric").path("score").asDouble();
            double error = b.path("primaryMetric").path("scoreError").asDouble(0);
            if (table == null) {
                out.line("");
                table = out.table(Column.of("benchmark", "benchmark"), Column.of("params", "params_text"),
                        Column.of("unit", "unit"), Column.of("forks", "forks"),
                        Column.of("fork means", "means_text"),
                        Column.of("spread", "fork_spread", "%.2fx"), Column.of("steadiness", "steadiness"));
            }
            List<Map<String, Object>> modes = s.modes().stream()
                    .map(m -> new Row().put("forks", m.forks()).put("median", m.median()).fields()).toList();
            table.add(new Row().put("table", "steadiness").put("benchmark", name).put("params", params)
                    .put("mode", b.path("mode").asText()).put("unit", unit).put("score", score)
                    .put("score_error", Double.isNaN(error) ? null : error).put("forks", s.forkMeans().length)
                    .put("fork_means", Arrays.stream(s.forkMeans()).boxed().toList())
                    .put("fork_spread", Double.isFinite(s.spread()) ? s.spread() : null)
                    .put("steadiness", s.verdict().word()).put("modes", modes.isEmpty() ? null : modes)
                    .show("params_text", params.toString()).show("means_text", Arrays.stream(s.forkMeans())
                            .mapToObj(SteadinessTable::figure).collect(Collectors.joining(", "))));
            if (s.verdict() == Steadiness.Verdict.BIMODAL) {
                bimodal.add(bimodalLine(name + " " + params, unit, score, s));
            }
        }
        if (table != null) {
            out.line(String.format("steady: every fork mean within %.0f %% of every other; bimodal: two such groups"
                    + " more than %.1fx apart; unsteady: anything else.", (Steadiness.WITHIN - 1) * 100,
                    Steadiness.APART));
            bimodal.forEach(out::line);
        }
        if (fewForks > 0) {
            notes.accept(fewForks + " of " + results.size() + " results ran fewer than two forks, which say nothing"
                    + " about steadiness (run with -f 5, or --alternate 5)");
        }
    }

    /** The line that says a result ran in two states, with each mode's forks and median. */
    private static String bimodalLine(String what, String unit, double mean, Steadiness s) {
        List<String> modes = new ArrayList<>();
        for (Steadiness.Mode m : s.modes()) {
            modes.add((m.forks().size() == 1 ? "fork " : "forks ")
                    + m.forks().stream().map(String::valueOf).collect(Collectors.joining(", ")) + " at "
                    + figure(m.median()) + " " + unit);
        }
        return what + ": bimodal, " + String.join(" and ", modes) + " (medians of the fork means): the host ran"
                + " this benchmark in two states (a thread sharing a core with another thread or program, or two"
                + " cores of different distance), so the mean of the two (" + figure(mean) + ") is not a figure.";
    }

    /** A figure to four significant digits, without an exponent. */
    private static String figure(double x) {
        return Double.isFinite(x) ? new BigDecimal(x).round(new MathContext(4)).stripTrailingZeros().toPlainString()
                : String.valueOf(x);
    }
}
