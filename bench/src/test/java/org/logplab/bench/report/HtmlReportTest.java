package org.logplab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report page: findings first, headings and parameters in words, the verdict first and in view,
 * long tables folded; the plots: one colour per name, legends beside the data, whole-number axes,
 * oversubscribed points drawn apart.
 */
class HtmlReportTest {

    private static List<Map<String, Object>> rows(int n, String clock) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("P", i + 2);
            r.put("L", clock.equals("wall") ? 50_000 : 6);
            r.put("o", clock.equals("wall") ? 10_000 : 2);
            r.put("g", clock.equals("wall") ? 20_000 : 4);
            r.put("clock", clock);
            rows.add(r);
        }
        return rows;
    }

    @Test
    void findingsComeFirstAndLinkToTheirSections(@TempDir Path dir) throws Exception {
        HtmlReport report = new HtmlReport(dir, "t");
        report.section("Load balancing", "text");
        report.warning("Disturbed: <busy>");
        report.headlines(List.of(new Headline("Load balancing", "bidirectional, 1.30x better than none",
                "balancing pays", true),
                new Headline("FFT", "speedup 0.04 & model 1.65", "model off by 98 %", false)));
        String html = Files.readString(report.write());
        assertThat(html.indexOf("<h2 id=\"findings\">Findings</h2>"))
                .isLessThan(html.indexOf("<h2 id=\"load-balancing\">"));
        assertThat(html)
                .contains("<li><a href=\"#load-balancing\"><b>Load balancing</b></a>: bidirectional, 1.30x better than"
                + " none &mdash; <span class=\"verdict\">balancing pays</span></li>");
        // a finding whose section the page lacks is shown without a link; text is escaped; attention is marked
        assertThat(html)
                .contains("<li><b>FFT</b>: speedup 0.04 &amp; model 1.65 &mdash; <span class=\"verdict"
                + " attention\">model off by 98 %</span></li>");
        assertThat(html).contains("<p class=\"warn\">Disturbed: &lt;busy&gt;</p>");
    }

    @Test
    void parametersMergeIntoOneCellAndLongTablesFold(@TempDir Path dir) throws Exception {
        HtmlReport report = new HtmlReport(dir, "t");
        report.table("short.json", rows(HtmlReport.FOLD_ROWS, "wall"), "ten rows");
        report.table("long.json", rows(HtmlReport.FOLD_ROWS + 1, "model"), "eleven rows");
        String html = Files.readString(report.write());
        assertThat(html).contains("<tr><th title=\"P\">P (processors)</th><th title=\"parameters\">parameters</th>"
                + "<th title=\"clock\">clock</th></tr>");
        assertThat(html).contains("<td>L=50 us o=10 us g=20 us</td>", "<td>L=6 o=2 g=4 (model units)</td>");
        assertThat(html).doesNotContain("<th>o</th>");
        String shortTable = html.substring(0, html.indexOf("short.json"));
        String longTable = html.substring(html.indexOf("short.json"), html.indexOf("long.json"));
        assertThat(shortTable).doesNotContain("<details>");
        assertThat(longTable).contains("<details><summary>11 rows (click to show the table)</summary>");
        // the JSON keeps the fields as they were
        assertThat(Files.readString(dir.resolve("long.json"))).contains("\"L\" : 6", "\"o\" : 2", "\"g\" : 4");
    }

    @Test
    void aSingleWideRowIsShownAsOneFieldPerLine(@TempDir Path dir) throws Exception {
        Map<String, Object> host = new LinkedHashMap<>();
        for (String k : List.of("L_ns", "o_ns", "g_ns", "t0_ns", "r_inf_bytes_per_ns", "m_half_bytes", "suspect")) {
            host.put(k, 1.5);
        }
        String html = Files.readString(new HtmlReport(dir, "t").table("host.json", List.of(host), "host").write());
        assertThat(html).contains("<tr><th title=\"L_ns\">L (ns)</th><td class=\"left\">1.500</td></tr>");
    }

    @Test
    void oversubscribedPointsAreASeriesOfTheirOwn(@TempDir Path dir) throws Exception {
        LineChart chart = new LineChart("c", "P (processors)", "ratio");
        chart.lineApart("binomial", new double[] {2, 4, 8}, new double[] {1.05, 9, 12}, 2);
        chart.pointsApart("all fit", new double[] {1, 2}, new double[] {1, 1.9}, 2);
        chart.save(dir.resolve("c.png"));
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(dir.resolve("c.png")), 4);
        assertThat(head).isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        assertThat(chart.seriesNames()).containsExactly("binomial", "binomial, oversubscribed: P > 2 cores", "all fit",
                "P = 2 cores");
        assertThatThrownBy(() -> new LineChart("c", "x", "y").lineApart("down", new double[] {4, 2}, new double[] {1,
                1}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x must rise");
    }

    /** A row as wide as the summation's: 17 fields, the verdict {@code ok} last, as the command makes it. */
    private static Map<String, Object> wideRow(int n) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("algo", "optimal-summation");
        r.put("P", 8);
        r.put("N", n);
        r.put("root", 0);
        r.put("L", 5);
        r.put("o", 2);
        r.put("g", 4);
        r.put("clock", "model");
        r.put("time", 1000 + n);
        r.put("predicted", 1000 + n);
        r.put("processors_used", 8);
        r.put("tree_time", 123_456);
        r.put("capacity", 1_000_000);
        r.put("seed_capacity", 2_000_000);
        r.put("seed_time", 3_000_000);
        r.put("msg_latency_p50_ns", 70_123);
        r.put("ok", true);
        r.put("naive_reduce_time", 999_999_999);
        return r;
    }

    @Test
    void headingsAreWordsWithUnitsAndTheVerdictComesFirst(@TempDir Path dir) throws Exception {
        String html = Files.readString(new HtmlReport(dir, "t").table("wide.json", List.of(wideRow(1), wideRow(2)),
                "wide").write());
        String header = html.substring(html.indexOf("<tr>"), html.indexOf("</tr>"));
        // the verdict first, then the fields in their order; each heading in words, its unit in brackets
        assertThat(header).startsWith("<tr><th title=\"ok\">ok</th><th title=\"algo\">algorithm</th>"
                + "<th title=\"P\">P (processors)</th>");
        assertThat(header).contains("<th title=\"time\">time (model units)</th>",
                "<th title=\"msg_latency_p50_ns\">message latency p50 (ns)</th>",
                "<th title=\"naive_reduce_time\">naive reduce time (model units)</th>");
        assertThat(header).doesNotContain(">msg_latency_p50_ns<", ">naive_reduce_time<");
        // the JSON keeps its field names and order: a contract
        assertThat(Files.readString(dir.resolve("wide.json"))).contains("\"msg_latency_p50_ns\" : 70123");
        // a wall-clock table's times are nanoseconds
        Map<String, Object> wall = new LinkedHashMap<>(Map.of("clock", "wall", "time", 70_000));
        String wallHtml = Files.readString(new HtmlReport(dir.resolve("w"), "t").table("w.json", List.of(wall), "w")
                .write());
        assertThat(wallHtml).contains("<th title=\"time\">time (ns)</th>");
        assertThat(Headings.of("r_inf_bytes_per_ns", false)).isEqualTo("r_inf (GB/s)");
        assertThat(Headings.of("mean_response_ci95", false)).contains("95 % interval");
    }

    /**
     * A table wider than the window (18 fields at 1000 px): in headless Chromium the {@code ok}
     * cell of its first row must lie inside the window and inside the table's visible part, both
     * as the page opens and once the table is scrolled to its right end. With the verdict last and
     * nothing pinned, it lay past the right edge until scrolled.
     */
    @Test
    void chromiumShowsTheVerdictOfAWideTableWithoutScrolling(@TempDir Path dir, @TempDir Path scratch)
            throws Exception {
        java.util.Optional<Path> browser = Chromium.find();
        assumeTrue(browser.isPresent(), "no chromium, chromium-browser or google-chrome on the PATH (apt-get install"
                + " chromium)");
        List<Map<String, Object>> rows = List.of(wideRow(1), wideRow(2), wideRow(3));
        Path index = new HtmlReport(dir, "t").section("Summation", "text").table("wide.json", rows, "wide").write();
        Path check = dir.resolve("check.html");
        Files.writeString(check, Files.readString(index).replace("</body>", Chromium.CHECK_SCRIPT + "</body>"));
        com.fasterxml.jackson.databind.JsonNode seen = Chromium.loadAndReport(browser.get(), check, scratch);
        assertThat(seen.get("width").asInt()).isEqualTo(Chromium.WIDTH);
        com.fasterxml.jackson.databind.JsonNode table = seen.get("tables").get(0);
        assertThat(table.get("wide").asBoolean()).as("the table is wider than the page: " + table).isTrue();
        assertThat(table.get("before").get("ok").isNull()).isFalse();
        assertThat(Chromium.hiddenVerdicts(seen)).isEmpty();
        // the pinned column stayed where it was while the rest scrolled
        assertThat(table.get("after").get("first").get("left").asDouble())
                .isCloseTo(table.get("before").get("first").get("left").asDouble(), within(1.0));
    }

    @Test
    void anEngineOrPolicyHasOneColourInEveryChartAndNamesOfAFamilyDiffer() {
        LineChart speedup = new LineChart("s", "log2 N", "speedup");
        LineChart gflops = new LineChart("g", "log2 N", "GFLOPS");
        double[] x = {12, 13};
        List<String> engines = List.of("logp", "logp-distributed", "forkjoin", "jtransforms");
        // in another order in each chart, and with the model curve between them in one
        for (String e : engines) {
            speedup.line(e + " measured", x, x).modelOf(e + " machine model", x, x);
        }
        for (String e : engines.reversed()) {
            gflops.line(e, x, x);
        }
        java.util.Set<java.awt.Color> distinct = new java.util.HashSet<>();
        for (String e : engines) {
            assertThat(speedup.colour(e + " measured")).as(e).isEqualTo(gflops.colour(e));
            assertThat(speedup.colour(e + " machine model")).as(e).isEqualTo(gflops.colour(e));
            distinct.add(gflops.colour(e));
        }
        assertThat(distinct).hasSize(engines.size());
        // the policies light and adaptive, orange and yellow before: now two colours of the Okabe-Ito palette far apart
        LineChart balance = new LineChart("b", "utilisation (%)", "mean response");
        for (String p : List.of("none", "light", "heavy", "bidirectional", "adaptive", "stealing")) {
            balance.line(p, x, x, new double[] {0.1, 0.1});
        }
        java.awt.Color light = balance.colour("light");
        java.awt.Color adaptive = balance.colour("adaptive");
        assertThat(Palette.COLOURS).contains(light, adaptive);
        // no yellow (#F0E442): too faint on white
        assertThat(Palette.COLOURS).doesNotContain(new java.awt.Color(0xF0E442));
        int distance = Math.abs(light.getRed() - adaptive.getRed()) + Math.abs(light.getGreen() - adaptive.getGreen())
                + Math.abs(light.getBlue() - adaptive.getBlue());
        assertThat(distance).as("light %s against adaptive %s", light, adaptive).isGreaterThan(200);
        // an oversubscribed part keeps its algorithm's colour
        LineChart wall = new LineChart("w", "P (processors)", "ratio").log2X();
        wall.lineApart("binomial", new double[] {2, 4, 8}, new double[] {1, 2, 3}, 2);
        assertThat(wall.colour("binomial, oversubscribed: P > 2 cores")).isEqualTo(wall.colour("binomial"));
        assertThat(wall.colour("binomial")).isEqualTo(Palette.of("binomial").orElseThrow().colour());
    }

    @Test
    void legendsSitBesideThePlotAndProcessorAxesTickAtWholeNumbersOnly(@TempDir Path dir) throws Exception {
        // the Amdahl plot: 8 thread counts on 2 cores and a fitted curve sampled every 0.1
        double[] p = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] curve = new double[71];
        for (int i = 0; i < curve.length; i++) {
            curve[i] = 1 + i * 0.1;
        }
        LineChart amdahl = new LineChart("a", "P (threads)", "speedup").integerX().yFromZero()
                .pointsApart("measured", p, p, 2).curve("fit", curve, curve);
        LineChart wall = new LineChart("w", "P (processors)", "ratio").integerX()
                .lineApart("binomial", new double[] {2, 4, 8}, new double[] {1, 2, 3}, 2);
        for (LineChart c : List.of(amdahl, wall)) {
            assertThat(c.xy().getStyler().getLegendPosition())
                    .isIn(org.knowm.xchart.style.Styler.LegendPosition.OutsideE,
                            org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
            c.save(dir.resolve("c.png"));
            List<String> labels = xTickLabels(c);
            assertThat(labels).as("tick labels").isNotEmpty().doesNotHaveDuplicates();
            assertThat(labels).allMatch(l -> l.matches("[0-9]+"), "whole numbers: " + labels);
        }
        assertThat(xTickLabels(amdahl)).contains("1", "2", "8");
    }

    /** The x axis' tick labels as XChart drew them last (its axis is not public: read by reflection). */
    @SuppressWarnings("unchecked")
    private static List<String> xTickLabels(LineChart chart) throws Exception {
        java.lang.reflect.Method axis = org.knowm.xchart.internal.chartpart.AxesChart.class.getDeclaredMethod(
                "getXAxis");
        axis.setAccessible(true);
        Object x = axis.invoke(chart.xy());
        Object calculator = x.getClass().getMethod("getAxisTickCalculator").invoke(x);
        java.lang.reflect.Method labels = calculator.getClass().getMethod("getTickLabels");
        labels.setAccessible(true);
        return ((List<String>) labels.invoke(calculator)).stream().filter(l -> l != null && !l.isBlank()).toList();
    }
}
