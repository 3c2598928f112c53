package org.logplab.bench.experiment.collective;

import java.io.IOException;
import java.nio.file.Path;
import org.logplab.core.LogP;
import org.logplab.core.RunResult;
import org.logplab.goal.trace.TraceToGoal;

/**
 * {@code --goal-out}: the schedule a traced model-clock run executed, written as GOAL
 * ({@link TraceToGoal}) for LogGOPSim and {@code logplab goal}.
 */
public final class GoalOut {
    /** The option's help: what it writes and the LogGOPSim parameters that give the same finish times. */
    public static final String HELP = "Write the schedule of the model-clock run in GOAL, LogGOPSim's text format:"
            + " each rank's sends, receives (bytes, peer, tag) and computations (calc) in program order, each"
            + " requiring the one before. LogGOPSim gives every rank the finish time of the model clock with the same"
            + " L, o, g and G=0, O=0, S at least the largest message whenever each rank's messages arrive in the order"
            + " it receives them, each after the rank started the operation before that receive (the broadcasts,"
            + " tree-reduce, butterfly on a power of 2, summation); a line on standard error gives the flags, or says"
            + " where the run is not such a schedule.";

    private GoalOut() {
    }

    /**
     * Writes the schedule of {@code run}, a traced model-clock run on {@code params}, to
     * {@code file}.
     *
     * @return one line for people: what was written and LogGOPSim's flags for the same finish times
     */
    public static String write(RunResult run, LogP params, Path file) throws IOException {
        TraceToGoal.Summary s = TraceToGoal.write(run.trace().orElseThrow(
                () -> new IllegalStateException("the run was not traced")), params, file);
        return String.format("goal-out: wrote %s: %,d ranks, %,d sends, %,d receives, %,d calcs. %s", file, s.ranks(),
                s.sends(), s.receives(), s.calcs(), s.logGopSimLine(params));
    }
}
