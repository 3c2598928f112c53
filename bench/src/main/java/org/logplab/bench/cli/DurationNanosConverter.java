package org.logplab.bench.cli;

import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine;

/**
 * Parses a duration such as {@code 50us}, {@code 10µs}, {@code 1.5ms}, {@code 200ns}, {@code 2s},
 * {@code 10min} (or {@code 10m}) or {@code 2h} into whole nanoseconds; a bare number is nanoseconds. Rejects negative values and anything
 * else with a message naming the text and the accepted units.
 */
public final class DurationNanosConverter implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String text) {
        return parse(text);
    }

    /** The nanoseconds {@code text} denotes. */
    public static long parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        long scale;
        String number;
        if (t.endsWith("ns")) {
            scale = 1;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us") || t.endsWith("µs")) {
            scale = 1_000;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ms")) {
            scale = 1_000_000;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            scale = 1_000_000_000;
            number = t.substring(0, t.length() - 1);
        } else if (t.endsWith("min")) {
            scale = 60_000_000_000L;
            number = t.substring(0, t.length() - 3);
        } else if (t.endsWith("m")) {
            scale = 60_000_000_000L;
            number = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            scale = 3_600_000_000_000L;
            number = t.substring(0, t.length() - 1);
        } else {
            scale = 1;
            number = t;
        }
        try {
            BigDecimal value = new BigDecimal(number.trim()).multiply(BigDecimal.valueOf(scale));
            if (value.signum() < 0) {
                throw new CommandLine.TypeConversionException("duration must not be negative: '" + text + "'");
            }
            return value.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CommandLine.TypeConversionException("'" + text
                    + "' is not a duration; use a number with ns, us, ms, s, min or h (a bare number is ns)");
        }
    }
}
