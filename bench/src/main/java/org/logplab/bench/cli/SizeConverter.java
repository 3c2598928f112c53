package org.logplab.bench.cli;

import java.util.Locale;
import picocli.CommandLine;

/**
 * Parses a byte size such as {@code 8}, {@code 64B}, {@code 4k} / {@code 4KiB}, {@code 1M} /
 * {@code 1MiB} (binary multiples) into bytes. Rejects negative values and garbage with a message
 * naming the text.
 */
public final class SizeConverter implements CommandLine.ITypeConverter<Integer> {

    @Override
    public Integer convert(String text) {
        return parse(text);
    }

    /** The bytes {@code text} denotes. */
    public static int parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.endsWith("ib")) {
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("b")) {
            t = t.substring(0, t.length() - 1);
        }
        long scale = 1;
        if (t.endsWith("k")) {
            scale = 1L << 10;
        } else if (t.endsWith("m")) {
            scale = 1L << 20;
        } else if (t.endsWith("g")) {
            scale = 1L << 30;
        }
        if (scale > 1) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            long value = Long.parseLong(t.trim()) * scale;
            if (value < 0 || value > Integer.MAX_VALUE) {
                throw new CommandLine.TypeConversionException("size out of range 0.." + Integer.MAX_VALUE + " bytes: '"
                        + text + "'");
            }
            return (int) value;
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + text
                    + "' is not a size; use bytes, or k / M / G (binary) such as 64, 4k, 1M");
        }
    }
}
