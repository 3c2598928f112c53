package org.logplab.bench.experiment.goal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.limits.Limits;
import org.logplab.core.ClockKind;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.sim.GoalSimulator;
import org.logplab.goal.sim.ModelEvents;
import org.logplab.goal.sim.ModelRun;
import org.logplab.goal.sim.ModelTrace;
import org.logplab.goal.sim.Quirk;

/**
 * The model clock for {@code logplab goal}: the schedule simulated exactly as LogGOPSim simulates
 * it ({@link GoalSimulator}, with the quirks asked for), every time in model units; with a trace,
 * the run's intervals written as Chrome/Perfetto JSON by the core library's {@code Trace}. A run
 * still going at the deadline stops with {@code SimulationStopped}. Stateless; any thread.
 */
public final class ModelClockGoal implements GoalClock {
    /** Heap a traced operation takes: its event and its place in the list. */
    private static final double TRACE_BYTES_PER_OPERATION = 120;

    @Override
    public ClockKind kind() {
        return ClockKind.MODEL;
    }

    @Override
    public GoalRun run(GoalSchedule schedule, GoalSettings settings) throws IOException {
        ModelTrace trace = null;
        if (settings.trace() != null) {
            Limits.heap(Limits.heapForArrays(schedule.operations() * TRACE_BYTES_PER_OPERATION)
                    + Runtime.getRuntime().totalMemory(), "--trace of " + schedule.operations() + " operations");
            trace = new ModelTrace(schedule);
        }
        ModelRun run = new GoalSimulator(settings.params(), settings.quirks())
                .run(schedule, trace != null ? trace : ModelEvents.NONE, settings.nanosLeft());
        List<String> notes = new ArrayList<>();
        if (trace != null) {
            trace.trace().writeChromeJson(settings.trace());
            notes.add("wrote " + settings.trace() + " (open it at ui.perfetto.dev; 1 model unit shows as 1 us)");
        }
        List<GoalRun.Count> counts = List.of(new GoalRun.Count("operations", run.operations()),
                new GoalRun.Count("messages", run.messages()), new GoalRun.Count("eager", run.eager()),
                new GoalRun.Count("rendezvous", run.rendezvous()), new GoalRun.Count("events", run.events()),
                new GoalRun.Count("quirks", Quirk.describe(settings.quirks())));
        return new GoalRun(ClockKind.MODEL, run.finishTimes(), counts, run.stuck(), notes);
    }
}
