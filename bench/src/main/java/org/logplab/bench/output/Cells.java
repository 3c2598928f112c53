package org.logplab.bench.output;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import org.logplab.core.ClockKind;

/**
 * Renders JSON values for people: numbers with a sensible precision and thousands separators,
 * nanoseconds in the unit that reads best ({@code 50 us}), LogP parameters as
 * {@code L=50 us o=10 us g=20 us} (wall clock, ns) or {@code L=6 o=2 g=4 (model units)}, maps as
 * {@code key=value} pairs and lists as comma-separated values, never as a Java {@code toString}.
 * Stateless; any thread.
 */
public final class Cells {
    private Cells() {
    }

    /**
     * The cell for {@code value} in a column named {@code column}: a map or number in a column
     * whose name ends in {@code _ns} is read as nanoseconds; a map holding {@code L}, {@code o}
     * and {@code g} is a set of LogP parameters (model units unless the column says ns).
     */
    public static String format(String column, Object value) {
        boolean nanos = column.endsWith("_ns");
        if (value == null) {
            return "";
        }
        if (value instanceof Map<?, ?> map) {
            if (map.containsKey("L") && map.containsKey("o") && map.containsKey("g")) {
                return params(toDouble(map.get("L")), toDouble(map.get("o")), toDouble(map.get("g")), nanos);
            }
            StringJoiner j = new StringJoiner(" ");
            map.forEach((k, v) -> j.add(k + "=" + (nanos && v instanceof Number n ? duration(n.doubleValue())
                    : format("", v))));
            return j.toString();
        }
        if (value instanceof Collection<?> list) {
            StringJoiner j = new StringJoiner(", ");
            list.forEach(v -> j.add(v instanceof Double d ? String.format(Locale.ROOT, "%.3g", d) : format("", v)));
            return j.toString();
        }
        if (value instanceof double[] a) {
            StringJoiner j = new StringJoiner(", ");
            for (double x : a) {
                j.add(String.format(Locale.ROOT, "%.3g", x));
            }
            return j.toString();
        }
        if (value instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        if (value instanceof Double || value instanceof Float) {
            return number(((Number) value).doubleValue());
        }
        if (value instanceof Long || value instanceof Integer) {
            long v = ((Number) value).longValue();
            return Math.abs(v) >= 1000 ? String.format(Locale.ROOT, "%,d", v) : Long.toString(v);
        }
        return String.valueOf(value);
    }

    /** A real number: separators from 1,000 up, otherwise four significant digits ({@code 1.159}, {@code 0.01234}). */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (v == Math.rint(v)) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /**
     * A time in nanoseconds in the unit that reads best, up to three significant digits: {@code 850 ns},
     * {@code 50 us}, {@code 2.31 ms}, {@code 1.5 s}, {@code 21.3 min} (from two minutes), {@code 7.3 h}
     * (from two hours), {@code 12 days} (from two days). The one duration format of every table,
     * message and report.
     */
    public static String duration(double nanos) {
        double a = Math.abs(nanos);
        if (Double.isNaN(nanos) || Double.isInfinite(nanos)) {
            return nanos + " ns";
        }
        if (a < 1e3) {
            return trimmed(nanos) + " ns";
        }
        if (a < 1e6) {
            return trimmed(nanos / 1e3) + " us";
        }
        if (a < 1e9) {
            return trimmed(nanos / 1e6) + " ms";
        }
        if (a < 120e9) {
            return trimmed(nanos / 1e9) + " s";
        }
        if (a < 2 * 3600e9) {
            return trimmed(nanos / 60e9) + " min";
        }
        if (a < 2 * 86400e9) {
            return trimmed(nanos / 3600e9) + " h";
        }
        return trimmed(nanos / 86400e9) + " days";
    }

    /** Whole nanoseconds with thousands separators, as the tables print times: {@code 1,530}. */
    public static String nanos(double nanos) {
        return String.format("%,.0f", nanos);
    }

    /**
     * A size in bytes in the largest binary unit it reaches, with one decimal: {@code 5.9 GiB},
     * {@code 8.0 MiB}, {@code 1.5 KiB}, or {@code 512 bytes}; so that a small heap does not read
     * as {@code 0.0 GiB}.
     */
    public static String bytes(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        if (Math.abs(bytes) < 1024) {
            return bytes + " bytes";
        }
        int unit = 0;
        while (unit < units.length - 1 && Math.abs(bytes) >= 1L << (10 * (unit + 2))) {
            unit++;
        }
        return String.format(Locale.ROOT, "%,.1f %s", bytes / (double) (1L << (10 * (unit + 1))), units[unit]);
    }

    /** A clock as {@code --clock} and the rows' {@code clock} field name it: {@code model} or {@code wall}. */
    public static String clock(ClockKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    /**
     * LogP parameters: {@code L=50 us o=10 us g=20 us} when they are wall-clock nanoseconds,
     * {@code L=6 o=2 g=4 (model units)} otherwise.
     */
    public static String params(double l, double o, double g, boolean nanos) {
        if (nanos) {
            return "L=" + duration(l) + " o=" + duration(o) + " g=" + duration(g);
        }
        return "L=" + trimmed(l) + " o=" + trimmed(o) + " g=" + trimmed(g) + " (model units)";
    }

    /** Up to three significant digits, no trailing zeros: {@code 50}, {@code 12.5}, {@code 2.31}, {@code 123}. */
    public static String trimmed(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
        return s.contains(".") && !s.contains("e") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    private static double toDouble(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
