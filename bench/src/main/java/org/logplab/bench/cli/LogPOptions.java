package org.logplab.bench.cli;

import org.logplab.core.LogP;
import picocli.CommandLine.Option;

/**
 * The options {@code --L --o --g}: the LogP parameters of a run, in model units, or under the
 * wall clock ({@link LogPClockOptions}) durations such as {@code 50us} (a bare number is ns).
 * Each command gives its own defaults: {@code @Mixin LogPOptions logp = new LogPOptions(5, 2, 4);}.
 */
class LogPOptions {

    @Option(names = "--L", converter = DurationNanosConverter.Delay.class,
            description = "Latency L (default ${DEFAULT-VALUE}): model units; on the wall clock a duration such as 50us"
                    + " (a bare number is ns).")
    long latency;

    @Option(names = "--o", converter = DurationNanosConverter.Delay.class,
            description = "Overhead o, as --L (default ${DEFAULT-VALUE}).")
    long overhead;

    @Option(names = "--g", converter = DurationNanosConverter.Delay.class,
            description = "Gap g, as --L (default ${DEFAULT-VALUE}).")
    long gap;

    /** The options with these defaults. */
    LogPOptions(long latency, long overhead, long gap) {
        this.latency = latency;
        this.overhead = overhead;
        this.gap = gap;
    }

    /** The parameters for {@code processors} processors. */
    LogP params(int processors) {
        return LogP.of(latency, overhead, gap, processors);
    }
}
