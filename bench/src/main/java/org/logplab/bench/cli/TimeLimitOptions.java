package org.logplab.bench.cli;

import org.logplab.bench.limits.Limits;
import picocli.CommandLine.Option;

/**
 * The option {@code --max-time D} (default 10 minutes): a command estimates how long its run will
 * take from its parameters (repetitions times what each takes at the least, or at a measured rate;
 * each command says which) and refuses (exit 2) a run whose estimate is longer, before it starts,
 * saying so. Mix it into a command with
 * {@code @Mixin}.
 */
final class TimeLimitOptions {
    /** The default limit, ns: ten minutes. */
    static final long DEFAULT_NANOS = 600_000_000_000L;

    @Option(names = "--max-time", converter = DurationNanosConverter.class, defaultValue = "10min", paramLabel = "D",
            description = "Refuse, before it starts, a run estimated to take longer than D (default 10min; e.g. 2h).")
    long maxNanos = DEFAULT_NANOS;

    /**
     * Refuses a run estimated at {@code estimateNanos} beyond the limit ({@link Limits#time}).
     *
     * @param basis how the estimate was made, for the message, e.g. {@code "400 runs of at least 2 ms"}
     */
    void check(double estimateNanos, String basis) {
        Limits.time(estimateNanos, maxNanos, basis);
    }
}
