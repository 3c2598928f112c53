package org.logplab.bench.program;

import java.nio.file.Path;
import java.time.Duration;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.ThreadKind;

/**
 * How {@code logplab run} runs a program, beside the clock: the machine, the recording, the
 * repetitions and the time limit that every run of the command shares.
 *
 * @param params the LogP parameters: model units under the model clock, the same numbers as ns
 *     under the wall clock
 * @param threads platform or virtual threads, or null for the clock's default (virtual under the
 *     model clock, platform under the wall clock)
 * @param sampling which message latencies the runs record
 * @param trace where to write a Chrome/Perfetto trace of the model-clock run, or null
 * @param reps wall clock: the measured repetitions, after as many unmeasured ones
 * @param maxNanos the time limit of the whole command ({@code --max-time}), ns
 * @param startedNanos when the command started ({@link System#nanoTime()})
 */
public record RunSettings(LogP params, ThreadKind threads, LatencySampling sampling, Path trace, int reps,
                          long maxNanos, long startedNanos) {

    /** Time left before the limit, ns; negative once it has passed. */
    public long remainingNanos() {
        return startedNanos + maxNanos - System.nanoTime();
    }

    /** Time since the command started, ns. */
    public long elapsedNanos() {
        return System.nanoTime() - startedNanos;
    }

    /** The timeout of the next run: the time left, at least a millisecond (a run must be given some). */
    public Duration timeout() {
        return Duration.ofNanos(Math.max(1_000_000, remainingNanos()));
    }
}
