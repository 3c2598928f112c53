package org.logplab.bench.cli;

import picocli.CommandLine.Option;

/**
 * The option {@code --max-time D} (default 10 minutes): a command estimates how long its run will
 * take from its parameters (repetitions times what each takes at the least, or at the rate measured
 * on a 2-core machine; each command says which) and refuses
 * (exit 2) a run whose estimate is longer, before it starts, saying so. Mix it into a command with
 * {@code @Mixin}.
 */
final class TimeLimit {
    /** The default limit, ns: ten minutes. */
    static final long DEFAULT_NANOS = 600_000_000_000L;

    @Option(names = "--max-time", converter = DurationNanosConverter.class, defaultValue = "10min", paramLabel = "D",
            description = "Refuse, before it starts, a run estimated to take longer than D (default 10min; e.g. 2h).")
    long maxNanos = DEFAULT_NANOS;

    /**
     * Refuses a run estimated at {@code estimateNanos} beyond the limit.
     *
     * @param basis how the estimate was made, for the message, e.g. {@code "400 runs of at least 2 ms"}
     */
    void check(double estimateNanos, String basis) {
        if (estimateNanos > maxNanos) {
            throw new IllegalArgumentException("this run would take about " + Limits.duration(estimateNanos) + " (" + basis
                    + "), more than --max-time " + Limits.duration(maxNanos) + ": give --max-time " + suggestion(estimateNanos * 1.5)
                    + " to run it anyway, or ask for less");
        }
    }

    /** A limit above {@code nanos} as the option takes it: whole minutes, or hours beyond two. */
    static String suggestion(double nanos) {
        double minutes = Math.ceil(nanos / 60e9);
        return minutes <= 120 ? (long) minutes + "min" : (long) Math.ceil(minutes / 60) + "h";
    }
}
