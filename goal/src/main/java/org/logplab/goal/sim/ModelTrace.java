package org.logplab.goal.sim;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.ClockKind;
import org.logplab.core.Trace;
import org.logplab.core.TraceEvent;
import org.logplab.goal.GoalSchedule;

/**
 * Records a model-clock run of a GOAL schedule as a {@link Trace} of the core library, which
 * writes it as Chrome/Perfetto JSON: each send as a send on its rank (its CPU's {@code o}), each
 * message as a receive on its destination (the CPU's time handling it), each calc as a compute,
 * in model units. A message larger than 2^31-1 bytes shows as 2^31-1. Not thread-safe.
 */
public final class ModelTrace implements ModelEvents {
    private final GoalSchedule schedule;
    private final List<TraceEvent> events = new ArrayList<>();

    /** A recorder of runs of {@code schedule}. */
    public ModelTrace(GoalSchedule schedule) {
        this.schedule = schedule;
    }

    @Override
    public void send(int op, long start, long end) {
        events.add(new TraceEvent(schedule.owner(op), TraceEvent.Kind.SEND, start, end, schedule.peer(op),
                schedule.tag(op), bytes(op)));
    }

    @Override
    public void arrival(int op, long start, long end) {
        events.add(new TraceEvent(schedule.peer(op), TraceEvent.Kind.RECV, start, end, schedule.owner(op),
                schedule.tag(op), bytes(op)));
    }

    @Override
    public void calc(int op, long start, long end) {
        events.add(new TraceEvent(schedule.owner(op), TraceEvent.Kind.COMPUTE, start, end, -1, 0, 0));
    }

    /** The events recorded so far, as a model-clock trace. */
    public Trace trace() {
        return new Trace(ClockKind.MODEL, events);
    }

    private int bytes(int op) {
        return (int) Math.min(schedule.size(op), Integer.MAX_VALUE);
    }
}
