package org.logplab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report page: findings first, parameters in words, long tables folded, oversubscribed points drawn apart. */
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
        assertThat(html).contains("<tr><th>P</th><th>parameters</th><th>clock</th></tr>");
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
        assertThat(html).contains("<tr><th>L_ns</th><td class=\"left\">1.500</td></tr>");
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
}
