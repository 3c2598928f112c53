package org.logplab.bench.experiment.goal;

import java.util.List;
import org.logplab.core.ClockKind;
import org.logplab.goal.sim.StuckOperation;

/**
 * One run of a GOAL schedule on one clock, as the command reports it.
 *
 * @param clock the clock
 * @param finish every rank's finish time, rank order: model units on the model clock, ns on the wall clock
 * @param counts what the run did, as fields of the summary row in order (for the model clock
 *               {@code operations}, {@code messages}, {@code eager}, {@code rendezvous}, {@code events})
 * @param stuck what could not finish (empty for a complete run)
 * @param notes lines for people about the run (a trace written, ...)
 */
public record GoalRun(ClockKind clock, long[] finish, List<Count> counts, List<StuckOperation> stuck,
        List<String> notes) {

    /** One named count of the summary row. */
    public record Count(String name, Object value) {
    }

    /** The latest finish time. */
    public long makespan() {
        return finish[slowestRank()];
    }

    /** The lowest rank that finishes last. */
    public int slowestRank() {
        int slowest = 0;
        for (int r = 1; r < finish.length; r++) {
            if (finish[r] > finish[slowest]) {
                slowest = r;
            }
        }
        return slowest;
    }

    /** Whether every operation finished. */
    public boolean complete() {
        return stuck.isEmpty();
    }
}
