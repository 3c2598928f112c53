package org.logplab.bench.cli;

import org.logplab.core.LatencySampling;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The option {@code --latency all|sampled|off|1/N}: which message latencies a run records in its
 * histogram ({@link LatencySampling}). Defaults to {@code all}, what every run recorded before the
 * option existed. Mix it into a command with {@code @Mixin}; a command that measures throughput
 * and defaults to another choice declares its own option with {@link Converter} and
 * {@link #CHOICES} instead.
 */
final class LatencyOptions {

    /**
     * What each choice costs, for the help text of every {@code --latency} option; each option
     * appends its default.
     */
    static final String CHOICES = "Message latencies to record: all (two clock reads of ~25 ns and a histogram update"
            + " per message), sampled (1 message in " + LatencySampling.SAMPLED_EVERY + ", a "
            + LatencySampling.SAMPLED_EVERY
            + "th of that cost; percentiles from the sample), 1/N (N a power of two), or off (no latency figures, no"
            + " cost). With nothing injected and no trace an unrecorded message is not time-stamped at all; with"
            + " injected delays every message is stamped anyway and the choice only saves the histogram updates.";

    @Option(names = "--latency", converter = Converter.class, defaultValue = "all", paramLabel = "all|sampled|off|1/N",
            description = CHOICES + " Default all.")
    LatencySampling sampling = LatencySampling.ALL;

    /**
     * Parses the option's value with {@link LatencySampling#parse}; a bad value is a usage error
     * (exit 2) whose message names the accepted forms.
     */
    static final class Converter implements CommandLine.ITypeConverter<LatencySampling> {
        @Override
        public LatencySampling convert(String text) {
            try {
                return LatencySampling.parse(text);
            } catch (IllegalArgumentException e) {
                // Our own wording: for 1/N with N not a power of two, parse passes on the record's
                // check, which does not name the other forms.
                throw new CommandLine.TypeConversionException("must be all, sampled (1 message in "
                        + LatencySampling.SAMPLED_EVERY + "), off, or 1/N with N a power of two; got '" + text + "'");
            }
        }
    }
}
