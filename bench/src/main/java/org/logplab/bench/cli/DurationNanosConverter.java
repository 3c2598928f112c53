package org.logplab.bench.cli;

import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine;

/**
 * Parses a duration such as {@code 50us}, {@code 10µs}, {@code 1.5ms}, {@code 200ns}, {@code 2s},
 * {@code 10min} (or {@code 10m}) or {@code 2h} into whole nanoseconds; a bare number is nanoseconds. Rejects negative
 * values and anything
 * else with a message naming the text and the accepted units.
 */
public final class DurationNanosConverter implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String text) {
        return parse(text);
    }

    /**
     * A LogP delay or cost ({@code --L --o --g --G}, model units or ns): a duration as above, at
     * most {@link #MAX_DELAY}. A run adds up many delays in 64-bit times; beyond this bound a
     * large run could overflow them, and under the wall clock a single delay would last 18 minutes.
     */
    public static final class Delay implements CommandLine.ITypeConverter<Long> {
        /** The largest delay, 2^40 (model units, or ns: about 18 minutes). */
        public static final long MAX_DELAY = 1L << 40;

        @Override
        public Long convert(String text) {
            long value = parse(text);
            if (value > MAX_DELAY) {
                throw new CommandLine.TypeConversionException(String.format(Locale.ROOT,
                        "'%s' is beyond the largest delay, 2^40 = %,d (model units, or ns: about 18 min), which keeps a"
                        + " run's 64-bit times from overflowing",
                        text, MAX_DELAY));
            }
            return value;
        }
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
