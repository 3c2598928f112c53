package org.logplab.bench.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The one renderer of a command's results. A command adds its {@link Row}s once, to tables
 * ({@link #table}) or as records shown as a sentence ({@link #record}), and lines for people
 * ({@link #line}: legends, verdicts, footnotes); this makes of them, by {@link Format}:
 * <ul>
 *   <li>text: each table with its columns, aligned ({@link TextTable}), and the lines, in the
 *       order the command made them, when the command ends;</li>
 *   <li>JSON Lines: every row as one object the moment it is added (a long run shows its rows as
 *       they come), with the run's provenance; lines for people go nowhere;</li>
 *   <li>CSV: a header of every field name any row has (in the order they first appear) and
 *       {@code provenance} last, then one line per row, when the command ends; RFC 4180 quoting
 *       (a cell with a comma, a double quote or a line break is put in double quotes, its quotes
 *       doubled); a missing field and null are empty cells, a list or object is its JSON text.</li>
 * </ul>
 */
public final class Output {
    /** How results are printed: {@code --json}, {@code --csv} or neither. */
    public enum Format { TEXT, JSON, CSV }

    private final Format format;
    private final PrintWriter out;
    private final Consumer<Map<String, Object>> json;
    private final Map<String, Object> provenance;
    private final List<Object> sections = new ArrayList<>();
    private final List<Map<String, Object>> csvRows = new ArrayList<>();

    /**
     * @param json prints one JSON Lines object, provenance added
     * @param provenance the run's provenance, the last CSV column
     */
    public Output(Format format, PrintWriter out, Consumer<Map<String, Object>> json, Map<String, Object> provenance) {
        this.format = format;
        this.out = out;
        this.json = json;
        this.provenance = provenance;
    }

    /** A table section with these columns; in text it is printed where it was made, after what came before. */
    public Table table(Column... columns) {
        Table t = new Table(List.of(columns));
        sections.add(t);
        return t;
    }

    /** A line for people (text only): a legend, a verdict, a note under a table. */
    public Output line(String text) {
        sections.add(text);
        return this;
    }

    /**
     * A row that has no text of its own: the command shows it in a view made of several rows
     * (such as a table of one row per policy and one column per load), added with {@link #line}.
     */
    public void record(Row row) {
        emit(row);
    }

    /** A row shown in text as one sentence ({@code text}) rather than in a table, e.g. a summary. */
    public void record(Row row, String text) {
        if (emit(row)) {
            sections.add(text);
        }
    }

    /** Prints what is left: the text sections, or the CSV. Call once, when the command ends. */
    public void finish() {
        switch (format) {
            case TEXT -> {
                for (Object s : sections) {
                    if (s instanceof Table t) {
                        t.render();
                    } else {
                        out.println(s);
                    }
                }
            }
            case CSV -> printCsv();
            case JSON -> { }
        }
        sections.clear();
        out.flush();
    }

    /** Whether the output is text (people's), so that the text of a record is worth making. */
    public boolean text() {
        return format == Format.TEXT;
    }

    /** Prints a row now (JSON) or keeps it for the CSV; true if the text form is wanted. */
    private boolean emit(Row row) {
        switch (format) {
            case JSON -> {
                json.accept(new java.util.LinkedHashMap<>(row.fields()));
                return false;
            }
            case CSV -> {
                csvRows.add(row.fields());
                return false;
            }
            default -> {
                return true;
            }
        }
    }

    private void printCsv() {
        Set<String> header = new LinkedHashSet<>();
        csvRows.forEach(r -> header.addAll(r.keySet()));
        header.remove("provenance");
        header.add("provenance");
        out.println(String.join(",", header.stream().map(Csv::quote).toList()));
        for (Map<String, Object> r : csvRows) {
            List<String> cells = new ArrayList<>();
            for (String name : header) {
                cells.add(Csv.cell(name.equals("provenance") ? provenance : r.get(name)));
            }
            out.println(String.join(",", cells));
        }
        csvRows.clear();
    }

    /** A table of the output: rows added to it are printed at once as JSON, or kept for the text or CSV. */
    public final class Table {
        private final List<Column> columns;
        private final List<Row> rows = new ArrayList<>();

        private Table(List<Column> columns) {
            this.columns = columns;
        }

        /** Adds a row. */
        public Table add(Row row) {
            if (emit(row)) {
                rows.add(row);
            }
            return this;
        }

        private void render() {
            if (rows.isEmpty()) {
                return;
            }
            TextTable t = new TextTable(columns.stream().map(Column::heading).toArray(String[]::new));
            for (Row r : rows) {
                t.row(columns.stream().map(c -> c.text(r)).toArray());
            }
            out.print(t.render());
        }
    }

    /** RFC 4180 cells. */
    public static final class Csv {
        private Csv() {
        }

        /** A value as a CSV cell: text as it is, null empty, anything else its JSON text; quoted where it must be. */
        public static String cell(Object value) {
            if (value == null) {
                return "";
            }
            String text = value instanceof String s ? s : JsonLines.toJson(value);
            return quote(text);
        }

        /** {@code text} in double quotes, its quotes doubled, if it holds a comma, a quote or a line break. */
        public static String quote(String text) {
            if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
                return text;
            }
            return '"' + text.replace("\"", "\"\"") + '"';
        }
    }
}
