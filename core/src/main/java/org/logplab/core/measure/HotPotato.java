package org.logplab.core.measure;

import org.HdrHistogram.Histogram;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;

/**
 * Hot potato (fire brigade, docs/algorithms.md §10) on the wall clock: a token travels
 * {@code 0 -> 1 -> ... -> P-1 -> 0}; time per hop = lap time / P. With more processors than
 * cores it measures the scheduler's hand-offs, not the channels ({@link #oversubscribed}).
 */
public final class HotPotato {
    private HotPotato() {
    }

    /**
     * Hop times of a ring.
     *
     * @param processors ring length
     * @param hopNanos histogram of lap time / P per lap, ns
     */
    public record Result(int processors, Histogram hopNanos) {
        /** Median time per hop, ns. */
        public long medianHopNanos() {
            return hopNanos.getValueAtPercentile(50);
        }
    }

    /** Whether a ring of {@code processors} exceeds this machine's cores. */
    public static boolean oversubscribed(int processors) {
        return processors > Runtime.getRuntime().availableProcessors();
    }

    /** Runs {@code warmup + laps} laps of an 8-byte token with the injected parameters (ns), recording the last {@code
     * laps}. */
    public static Result run(LogP injected, int warmup, int laps) {
        if (injected.P() < 2) {
            throw new IllegalArgumentException("a hot-potato ring needs at least 2 processors, got " + injected.P());
        }
        if (warmup < 0 || laps < 1) {
            throw new IllegalArgumentException("need warmup >= 0 and laps >= 1; got " + warmup + ", " + laps);
        }
        int n = injected.P();
        Histogram hops = new Histogram(3);
        Machine.run(RunConfig.builder(injected).clock(ClockKind.WALL).build(), p -> {
            int next = (p.rank() + 1) % n;
            int prev = (p.rank() + n - 1) % n;
            for (int lap = 0; lap < warmup + laps; lap++) {
                if (p.rank() == 0) {
                    long start = p.now();
                    p.send(next, 0, (long) lap);
                    p.recv(prev);
                    if (lap >= warmup) {
                        hops.recordValue((p.now() - start) / n);
                    }
                } else {
                    p.send(next, 0, p.recv(prev).asLong());
                }
            }
        });
        return new Result(n, hops);
    }
}
