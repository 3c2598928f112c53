package org.logplab.bench.peers;

import java.util.Arrays;
import java.util.Objects;

/**
 * The finish times LogGOPSim printed for a schedule, in its time units (the units of the L, o, g,
 * G, O it was given: model units here).
 *
 * @param perRank every rank's finish time ({@code Host i: T}, rank order), or null when LogGOPSim
 *                printed only the maximum: it does so for more than 16 ranks and has no flag to
 *                print every host
 * @param max     the largest finish time (the makespan)
 * @param output  all it printed on standard output
 */
public record LogGopSimTimes(long[] perRank, long max, String output) {

    /** Keeps a copy of {@code perRank}; checks that {@code max} is its maximum. */
    public LogGopSimTimes {
        Objects.requireNonNull(output, "output");
        if (perRank != null) {
            perRank = perRank.clone();
            if (perRank.length == 0 || Arrays.stream(perRank).max().getAsLong() != max) {
                throw new IllegalArgumentException("max " + max + " is not the maximum of " + Arrays.toString(perRank));
            }
        }
    }

    /** Every rank's finish time, a copy; null when LogGOPSim printed only the maximum. */
    @Override
    public long[] perRank() {
        return perRank == null ? null : perRank.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LogGopSimTimes t && Arrays.equals(perRank, t.perRank) && max == t.max
                && output.equals(t.output);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(perRank), max, output);
    }

    @Override
    public String toString() {
        return "LogGopSimTimes[perRank=" + Arrays.toString(perRank) + ", max=" + max + "]";
    }
}
