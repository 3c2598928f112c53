package org.logplab.bench.cli;

import java.util.Locale;
import org.logplab.bench.output.Cells;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options {@code --L --o --g} ({@link LogPOptions}) and {@code --clock model|wall}: model
 * units under the model clock, durations such as {@code 50us} under the wall clock. Each command
 * gives its own defaults: {@code @Mixin LogPClockOptions logp = new LogPClockOptions(6, 2, 4, ClockKind.MODEL);}.
 * The one parser of {@code --clock} ({@link ClockConverter}): any case, stored lower-case, as the
 * JSON rows' {@code clock} field shows it.
 */
final class LogPClockOptions extends LogPOptions {

    @Option(names = "--clock", converter = ClockConverter.class, paramLabel = "model|wall",
            description = "model (exact model time) or wall (measured) (default ${DEFAULT-VALUE}).")
    String clock;

    /** The options with these defaults. */
    LogPClockOptions(long latency, long overhead, long gap, ClockKind clock) {
        super(latency, overhead, gap);
        this.clock = name(clock);
    }

    /** The clock named by {@code --clock}. */
    ClockKind clockKind() {
        return ClockConverter.parse(clock);
    }

    /** Whether the run is on the wall clock. */
    boolean wall() {
        return clockKind() == ClockKind.WALL;
    }

    /** A run configuration with {@code params} on the chosen clock. */
    RunConfig.Builder runConfig(LogP params) {
        return RunConfig.builder(params).clock(clockKind());
    }

    /** {@code model} or {@code wall}. */
    static String name(ClockKind kind) {
        return Cells.clock(kind);
    }

    /** Parses {@code model} or {@code wall} (any case); anything else is bad usage naming the text. */
    static final class ClockConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String text) {
            return name(parse(text));
        }

        static ClockKind parse(String text) {
            return switch (text == null ? "" : text.trim().toLowerCase(Locale.ROOT)) {
                case "model" -> ClockKind.MODEL;
                case "wall" -> ClockKind.WALL;
                default -> throw new CommandLine.TypeConversionException("--clock must be model or wall, got '" + text
                        + "'");
            };
        }
    }
}
