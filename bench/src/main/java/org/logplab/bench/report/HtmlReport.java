package org.logplab.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A self-contained report folder: {@code index.html} with sections of tables, PNG plots and links,
 * each with a one-line caption, and beside every table the JSON it was made from. Build it section
 * by section, then {@link #write()}.
 */
public final class HtmlReport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Path dir;
    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final List<String> files = new ArrayList<>();

    /** A report written into {@code dir} (created if missing). */
    public HtmlReport(Path dir, String title) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.title = title;
    }

    /** The folder the report is written to. */
    public Path dir() {
        return dir;
    }

    /** Starts a section. */
    public HtmlReport section(String heading, String text) {
        body.append("<h2>").append(escape(heading)).append("</h2>\n");
        if (text != null && !text.isEmpty()) {
            body.append("<p>").append(escape(text)).append("</p>\n");
        }
        return this;
    }

    /**
     * A table of {@code rows} (columns: the union of their keys, in first-seen order), written as
     * {@code jsonFile} beside the page and linked from it.
     */
    public HtmlReport table(String jsonFile, List<? extends Map<String, ?>> rows, String caption) throws IOException {
        Files.writeString(dir.resolve(jsonFile), JSON.writeValueAsString(rows));
        files.add(jsonFile);
        Set<String> columns = new LinkedHashSet<>();
        rows.forEach(r -> columns.addAll(r.keySet()));
        body.append("<figure><table>\n<tr>");
        columns.forEach(c -> body.append("<th>").append(escape(c)).append("</th>"));
        body.append("</tr>\n");
        for (Map<String, ?> r : rows) {
            body.append("<tr>");
            for (String c : columns) {
                body.append("<td>").append(escape(format(r.get(c)))).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n<figcaption>").append(escape(caption)).append(" (<a href=\"").append(jsonFile)
                .append("\">").append(jsonFile).append("</a>)</figcaption></figure>\n");
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
        body.append("<p><a href=\"").append(file).append("\">").append(file).append("</a>: ").append(escape(caption)).append("</p>\n");
        return this;
    }

    /** Every file the page refers to (tables' JSON, plots, links). */
    public List<String> files() {
        return List.copyOf(files);
    }

    /** Writes {@code index.html}; returns its path. */
    public Path write() throws IOException {
        String html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title) + "</title>\n"
                + "<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto;line-height:1.4}"
                + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}"
                + "th{background:#f0f0f0}figure{margin:1em 0}figcaption{color:#444;font-size:14px;margin-top:4px}"
                + "img{max-width:100%}</style></head><body>\n<h1>" + escape(title) + "</h1>\n" + body + "</body></html>\n";
        Path index = dir.resolve("index.html");
        Files.writeString(index, html);
        return index;
    }

    private static String format(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return Math.abs(d) >= 1000 ? String.format("%,.0f", d) : String.format("%.4g", d);
        }
        if (v instanceof double[] a) {
            StringBuilder b = new StringBuilder();
            for (double x : a) {
                b.append(b.length() == 0 ? "" : " ").append(String.format("%.3f", x));
            }
            return b.toString();
        }
        return String.valueOf(v);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
