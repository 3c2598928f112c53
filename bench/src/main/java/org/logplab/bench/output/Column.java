package org.logplab.bench.output;

import java.util.function.Function;

/**
 * One column of a command's text table: its heading and how a {@link Row} becomes its cell. A
 * missing value (null, or NaN) shows as {@value #MISSING}.
 */
public record Column(String heading, Function<Row, Object> cell) {
    /** The cell of a value that is absent or not a number. */
    public static final String MISSING = "-";

    /** The field {@code name} as it is. */
    public static Column of(String heading, String name) {
        return new Column(heading, row -> row.get(name));
    }

    /** The field {@code name} formatted with {@code format} (e.g. {@code "%.3f"}, {@code "%,d"}). */
    public static Column of(String heading, String name, String format) {
        return new Column(heading, row -> format(format, row.get(name)));
    }

    /** A cell computed from the row. */
    public static Column of(String heading, Function<Row, Object> cell) {
        return new Column(heading, cell);
    }

    /** A boolean field as {@code yes} or {@code NO}, the way the tables print a verdict. */
    public static Column yesNo(String heading, String name) {
        return new Column(heading, row -> yesNo(row.get(name)));
    }

    /** {@code value} formatted, or {@link #MISSING} for null or NaN. */
    public static String format(String format, Object value) {
        if (value == null || value instanceof Double d && d.isNaN()) {
            return MISSING;
        }
        return String.format(format, value);
    }

    /** {@code yes} for true, {@code NO} for false, {@link #MISSING} for null. */
    public static String yesNo(Object value) {
        return value == null ? MISSING : Boolean.TRUE.equals(value) ? "yes" : "NO";
    }

    /** The cell of {@code row}, as text ({@link #MISSING} for null). */
    public String text(Row row) {
        Object v = cell.apply(row);
        return v == null ? MISSING : v.toString();
    }
}
