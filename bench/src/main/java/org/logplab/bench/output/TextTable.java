package org.logplab.bench.output;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table with aligned columns: numbers right-aligned, text left-aligned, a rule under
 * the header. Build it row by row, then {@link #render()}.
 */
public final class TextTable {
    private final String[] headers;
    private final List<String[]> rows = new ArrayList<>();

    /** A table with these column headers. */
    public TextTable(String... headers) {
        this.headers = headers.clone();
    }

    /** Adds a row; it must have one cell per header. */
    public TextTable row(Object... cells) {
        if (cells.length != headers.length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + headers.length
                    + " columns");
        }
        rows.add(Arrays.stream(cells).map(c -> c == null ? "" : c.toString()).toArray(String[]::new));
        return this;
    }

    /** The table as text, one line per row, ending with a newline. */
    public String render() {
        int[] width = new int[headers.length];
        for (int c = 0; c < headers.length; c++) {
            width[c] = headers[c].length();
            for (String[] r : rows) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, headers, width, false);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < headers.length; c++) {
            rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
        }
        b.append(rule.toString().stripTrailing()).append('\n');
        for (String[] r : rows) {
            line(b, r, width, true);
        }
        return b.toString();
    }

    /** One line, without trailing blanks (an empty last column would leave them). */
    private static void line(StringBuilder b, String[] cells, int[] width, boolean alignNumbers) {
        StringBuilder l = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            String cell = cells[c];
            boolean right = alignNumbers && isNumber(cell);
            String pad = " ".repeat(width[c] - cell.length());
            l.append(c == 0 ? "" : "  ").append(right ? pad + cell : (c == cells.length - 1 ? cell : cell + pad));
        }
        b.append(l.toString().stripTrailing()).append('\n');
    }

    private static boolean isNumber(String s) {
        return s.matches("[-+]?[0-9][0-9,_]*(\\.[0-9]+)?([eE][-+]?[0-9]+)?%?x?");
    }
}
