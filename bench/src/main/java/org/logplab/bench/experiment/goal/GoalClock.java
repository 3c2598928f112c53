package org.logplab.bench.experiment.goal;

import java.io.IOException;
import org.logplab.core.ClockKind;
import org.logplab.goal.GoalSchedule;

/**
 * A clock a GOAL schedule runs on for {@code logplab goal --clock}: the model clock
 * ({@link ModelClockGoal}) or another that {@link GoalRuns#clock} hands out.
 */
public interface GoalClock {
    /** The clock. */
    ClockKind kind();

    /**
     * Runs {@code schedule} as {@code settings} ask, ending by {@link GoalSettings#deadlineNanos()}.
     *
     * @throws IOException when the trace cannot be written
     */
    GoalRun run(GoalSchedule schedule, GoalSettings settings) throws IOException;
}
