package org.logplab.bench.cli;

import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options {@code --L --o --g --clock} with the defaults of the collective commands (L = 6,
 * o = 2, g = 4, model clock): model units under the model clock, durations such as {@code 50us}
 * under the wall clock; and {@code --latency} ({@link LatencyOptions}), which goes with the clock
 * into every run configuration built from these options. Mix it into a command with {@code @Mixin}.
 */
final class LogPClockOptions {

    @Option(names = "--L", converter = DurationNanosConverter.class, defaultValue = "6",
            description = "Latency: model units, or a duration such as 50us for the wall clock (default 6).")
    long latency;

    @Option(names = "--o", converter = DurationNanosConverter.class, defaultValue = "2", description = "Overhead (default 2).")
    long overhead;

    @Option(names = "--g", converter = DurationNanosConverter.class, defaultValue = "4", description = "Gap (default 4).")
    long gap;

    @Option(names = "--clock", defaultValue = "model", description = "model or wall (default model).")
    String clock;

    @Mixin
    LatencyOptions recording;

    /** The clock named by {@code --clock}. */
    ClockKind clockKind() {
        return switch (clock) {
            case "model" -> ClockKind.MODEL;
            case "wall" -> ClockKind.WALL;
            default -> throw new IllegalArgumentException("--clock must be model or wall, got '" + clock + "'");
        };
    }

    /** The parameters for {@code processors} processors. */
    LogP params(int processors) {
        return LogP.of(latency, overhead, gap, processors);
    }

    /** A run configuration with {@code params} on the chosen clock, recording the chosen latencies. */
    RunConfig.Builder runConfig(LogP params) {
        return RunConfig.builder(params).clock(clockKind()).latency(recording.sampling);
    }
}
