package org.logplab.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.logplab.bench.output.Cells;

/**
 * A self-contained report folder: {@code index.html} with sections of tables, PNG plots and links,
 * each with a one-line caption, and beside every table the JSON it was made from. Build it section
 * by section, give it its {@link #headlines findings} (shown first, one line per section, linked
 * to the section), then {@link #write()}.
 *
 * <p>Tables show the JSON rows for people ({@link Cells}): the columns {@code L}, {@code o},
 * {@code g} become one {@code parameters} cell ({@code L=50 us o=10 us g=20 us} on rows whose
 * {@code clock} is {@code wall}, else model units); tables longer than {@value #FOLD_ROWS} rows
 * are folded in a {@code <details>} element, a single row with more than {@value #TRANSPOSE_COLUMNS}
 * fields is shown as one field per line, and wide tables scroll inside the page. Headings are words
 * with units ({@link Headings}; the field name shows on hovering); the verdict fields
 * ({@link #VERDICTS}) come first, and the first column stays in view while a wide table scrolls
 * sideways.
 */
public final class HtmlReport {
    /** Tables with more rows than this are folded (the caption and the JSON link stay visible). */
    public static final int FOLD_ROWS = 10;
    /** A single row with more columns than this is shown as a list of fields, one per line. */
    public static final int TRANSPOSE_COLUMNS = 6;
    /** The fields that judge a row, shown first in this order: they are what a reader looks for. */
    public static final List<String> VERDICTS = List.of("ok", "outlier", "disturbed", "oversubscribed");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String PARAMETERS = "parameters";
    private final Path dir;
    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final List<String> files = new ArrayList<>();
    private final Map<String, String> anchors = new LinkedHashMap<>();
    private List<Headline> headlines = List.of();

    /** A report written into {@code dir} (created if missing). */
    public HtmlReport(Path dir, String title) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.title = title;
    }

    /** The folder the report is written to. */
    public Path dir() {
        return dir;
    }

    /** Starts a section; its heading is the name a {@link Headline#section()} refers to. */
    public HtmlReport section(String heading, String text) {
        String id = heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        anchors.put(heading, id);
        body.append("<h2 id=\"").append(id).append("\">").append(escape(heading)).append("</h2>\n");
        if (text != null && !text.isEmpty()) {
            body.append("<p>").append(escape(text)).append("</p>\n");
        }
        return this;
    }

    /** The findings shown at the top of the page, one line per section, in this order. */
    public HtmlReport headlines(List<Headline> lines) {
        headlines = List.copyOf(lines);
        return this;
    }

    /** A warning for the reader, shown where it is added (a suspect or disturbed measurement). */
    public HtmlReport warning(String text) {
        body.append("<p class=\"warn\">").append(escape(text)).append("</p>\n");
        return this;
    }

    /**
     * A table of {@code rows} (columns: the union of their keys, in first-seen order), written as
     * {@code jsonFile} beside the page and linked from it.
     */
    public HtmlReport table(String jsonFile, List<? extends Map<String, ?>> rows, String caption) throws IOException {
        return table(jsonFile, rows, caption, Map.of());
    }

    /**
     * As {@link #table(String, List, String)}, with the headings of some fields in this table's
     * own words ({@code n} is a mesh side in one table, a number of points in another).
     */
    public HtmlReport table(String jsonFile, List<? extends Map<String, ?>> rows, String caption,
            Map<String, String> headings) throws IOException {
        Files.writeString(dir.resolve(jsonFile), JSON.writeValueAsString(rows));
        files.add(jsonFile);
        List<String> columns = columns(rows);
        boolean wall = !rows.isEmpty() && rows.stream().allMatch(r -> "wall".equals(r.get("clock")));
        Function<String, String> th = c -> "<th title=\"" + escape(c) + "\">"
                + escape(headings.getOrDefault(c, Headings.of(c, wall))) + "</th>";
        StringBuilder t = new StringBuilder("<div class=\"scroll\"><table>\n");
        if (rows.size() == 1 && columns.size() > TRANSPOSE_COLUMNS) {
            // One wide row reads better as a list of fields than as a table to scroll sideways.
            for (String c : columns) {
                t.append("<tr>").append(th.apply(c)).append("<td class=\"left\">")
                        .append(escape(cell(rows.get(0), c)))
                        .append("</td></tr>\n");
            }
        } else {
            t.append("<tr>");
            columns.forEach(c -> t.append(th.apply(c)));
            t.append("</tr>\n");
            for (Map<String, ?> r : rows) {
                t.append("<tr>");
                for (String c : columns) {
                    t.append("<td>").append(escape(cell(r, c))).append("</td>");
                }
                t.append("</tr>\n");
            }
        }
        t.append("</table></div>\n");
        String link = " (<a href=\"" + jsonFile + "\">" + jsonFile + "</a>)";
        body.append("<figure>");
        if (rows.size() > FOLD_ROWS) {
            body.append("<details><summary>").append(rows.size()).append(" rows (click to show the table)</summary>\n")
                    .append(t).append("</details>")
                    .append("<figcaption>").append(escape(caption)).append(link).append("</figcaption>");
        } else {
            body.append(t).append("<figcaption>").append(escape(caption)).append(link).append("</figcaption>");
        }
        body.append("</figure>\n");
        return this;
    }

    /** A plot saved as {@code pngFile} and shown with its caption. */
    public HtmlReport plot(String pngFile, LineChart chart, String caption) throws IOException {
        chart.save(dir.resolve(pngFile));
        files.add(pngFile);
        body.append("<figure><img src=\"").append(pngFile).append("\" alt=\"").append(escape(caption))
                .append("\"><figcaption>").append(escape(caption)).append("</figcaption></figure>\n");
        return this;
    }

    /** A link to a file already in the folder, with what it is. */
    public HtmlReport link(String file, String caption) {
        files.add(file);
        body.append("<p><a href=\"").append(file).append("\">").append(file).append("</a>: ").append(escape(caption))
                .append("</p>\n");
        return this;
    }

    /** Every file the page refers to (tables' JSON, plots, links). */
    public List<String> files() {
        return List.copyOf(files);
    }

    /** Writes {@code index.html}; returns its path. */
    public Path write() throws IOException {
        String html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title>\n"
                + "<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto;line-height:1.4}"
                + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px"
                + " 6px;text-align:right;white-space:nowrap}"
                + "th{background:#f0f0f0}figure{margin:1em 0}figcaption{color:#444;font-size:14px;margin-top:4px}"
                + "td.left{text-align:left}.scroll{overflow-x:auto}summary{cursor:pointer;color:#245}"
                // The first column (the verdict, or the row's name) stays in view while the table scrolls.
                + ".scroll td:first-child,.scroll th:first-child{position:sticky;left:0;z-index:1;"
                + "box-shadow:inset -1px 0 #999}.scroll td:first-child{background:#fff}"
                + "img{max-width:100%}.warn{background:#fff3cd;border-left:4px solid #d39e00;padding:4px 8px}"
                + "ul.findings{padding-left:1.2em}ul.findings li{margin:3px 0}.verdict{font-weight:bold;color:#1a6b1a}"
                + ".verdict.attention{color:#a4000f}</style></head><body>\n<h1>" + escape(title) + "</h1>\n"
                + findings() + body + "</body></html>\n";
        Path index = dir.resolve("index.html");
        Files.writeString(index, html);
        return index;
    }

    private String findings() {
        if (headlines.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h2 id=\"findings\">Findings</h2>\n<ul class=\"findings\">\n");
        for (Headline h : headlines) {
            String id = anchors.get(h.section());
            String section = escape(h.section());
            b.append("<li>").append(id == null ? "<b>" + section + "</b>" : "<a href=\"#" + id + "\"><b>" + section
                    + "</b></a>")
                    .append(": ").append(escape(h.headline())).append(" &mdash; <span class=\"verdict")
                    .append(h.ok() ? "" : " attention").append("\">").append(escape(h.verdict()))
                    .append("</span></li>\n");
        }
        return b.append("</ul>\n").toString();
    }

    /**
     * The columns shown: the union of the rows' keys, the {@link #VERDICTS} first, with {@code L},
     * {@code o}, {@code g} merged into one.
     */
    private static List<String> columns(List<? extends Map<String, ?>> rows) {
        Set<String> keys = new LinkedHashSet<>();
        rows.forEach(r -> keys.addAll(r.keySet()));
        List<String> columns = new ArrayList<>(VERDICTS.stream().filter(keys::contains).toList());
        keys.removeAll(VERDICTS);
        boolean merge = keys.containsAll(List.of("L", "o", "g"));
        for (String k : keys) {
            if (merge && k.equals("L")) {
                columns.add(PARAMETERS);
            } else if (!merge || !(k.equals("o") || k.equals("g"))) {
                columns.add(k);
            }
        }
        return columns;
    }

    private static String cell(Map<String, ?> row, String column) {
        if (column.equals(PARAMETERS) && !row.containsKey(PARAMETERS)) {
            if (!(row.get("L") instanceof Number l && row.get("o") instanceof Number o
                    && row.get("g") instanceof Number g)) {
                return "";
            }
            return Cells.params(l.doubleValue(), o.doubleValue(), g.doubleValue(), "wall".equals(row.get("clock")));
        }
        return Cells.format(column, row.get(column));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
