package org.logplab.bench.experiment.goal;

import java.nio.file.Path;
import java.util.Set;
import org.logplab.goal.sim.LogGopsParams;
import org.logplab.goal.sim.Quirk;

/**
 * What a run of a GOAL file is asked for.
 *
 * @param file the GOAL file
 * @param params the LogGOPS parameters, LogGOPSim's units
 * @param quirks LogGOPSim's quirks the model clock reproduces ({@link Quirk#ALL}: its numbers)
 * @param trace where to write a Chrome/Perfetto trace of the run, or null
 * @param deadlineNanos the {@link System#nanoTime()} by which the run must be over ({@code --max-time}
 *                      from the command's start)
 */
public record GoalSettings(Path file, LogGopsParams params, Set<Quirk> quirks, Path trace, long deadlineNanos) {

    /** Real time left until the deadline, ns (at least 1). */
    public long nanosLeft() {
        return Math.max(1, deadlineNanos - System.nanoTime());
    }
}
