package org.logplab.bench.experiment.goal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.logplab.bench.limits.Limits;
import org.logplab.core.ClockKind;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * The work of {@code logplab goal} before and around a run: a GOAL file read once its schedule is
 * known to fit the heap and its run the time limit, and the clock that runs it. Stateless; any
 * thread.
 */
public final class GoalRuns {
    /**
     * The least real time a byte of GOAL text takes to be read and simulated, ns: Schedgen's
     * 2^20-rank binomial broadcast (94 MB) takes about 45 ns a byte on a quiet 2-core host.
     */
    static final double NANOS_PER_TEXT_BYTE = 20;

    private GoalRuns() {
    }

    /**
     * Reads the schedule of {@code file}, refusing first a file whose schedule and run would not
     * fit this JVM's heap ({@link GoalParser#heapFor}) or whose run would take longer than
     * {@code maxNanos} (at {@value #NANOS_PER_TEXT_BYTE} ns a byte at the least).
     */
    public static GoalSchedule read(Path file, long maxNanos) throws IOException {
        long bytes = Files.size(file);
        Limits.heap(GoalParser.heapFor(bytes), String.format(Locale.ROOT, "%s (%,d bytes of GOAL), its schedule and"
                + " a run of it,", file, bytes));
        Limits.time(bytes * NANOS_PER_TEXT_BYTE, maxNanos, String.format(Locale.ROOT, "%,d bytes of GOAL read and"
                + " simulated at %.0f ns a byte at the least", bytes, NANOS_PER_TEXT_BYTE));
        return GoalParser.parse(file);
    }

    /** The clock {@code --clock} names. */
    public static GoalClock clock(ClockKind kind) {
        return switch (kind) {
            case MODEL -> new ModelClockGoal();
            case WALL -> throw new IllegalArgumentException("--clock wall is not available for goal yet: give --clock"
                    + " model");
        };
    }
}
