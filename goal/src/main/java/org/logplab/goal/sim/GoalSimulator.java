package org.logplab.goal.sim;

import java.util.EnumSet;
import java.util.Set;
import org.logplab.goal.GoalException;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.OpKind;

/**
 * Runs GOAL schedules on the model clock exactly as LogGOPSim simulates them: every rank's finish
 * time equals LogGOPSim's {@code Host i} for the same schedule and {@link LogGopsParams} (with its
 * default LogGP network, no noise), and where LogGOPSim stops without a word the run says what
 * could not finish ({@link ModelRun#stuck()}).
 *
 * <p>LogGOPSim's rules, as its event loop has them: an event queue ordered by time, then by the
 * order events were first queued. A rank's operations without dependencies are queued at time 0;
 * an operation whose dependencies are met is queued, sorted with the others that became ready in
 * the same event (sends, receives, calcs), at the time its CPU is free (a send: its CPU and its
 * NIC). A calc holds its CPU for its time. A send waits for its CPU and NIC, holds the CPU
 * {@code o + (s-1)O} and the NIC {@code g + (s-1)G}, and its message arrives {@code o + L} after
 * it started; a message of at most {@code S} bytes is eager (the send is finished when it
 * starts), a larger one rendezvous (finished when a receive takes the message; the sender's CPU
 * and NIC are then busy at least until that moment). A message waits for the receiver's CPU and
 * NIC of the send's indices, holds the CPU {@code o + max((s-1)O, (s-1)G)} and the NIC
 * {@code g + (s-1)G}, and is matched against the posted receives in the order they were posted,
 * first match wins ({@code -1} matching any source or tag), or else joins the unexpected
 * messages. A receive is posted at once, costs nothing, and takes the first matching unexpected
 * message. A rank's finish time is the latest free time of its CPUs. Where this is LogGOPSim's
 * choice rather than the model's, {@link Quirk} names it and a run without the quirk follows the
 * model. Stateless; any thread.
 */
public final class GoalSimulator {
    private final LogGopsParams params;
    private final EnumSet<Quirk> quirks;

    /** A simulator with {@code params} and the quirks {@code quirks} (all of them: LogGOPSim's numbers). */
    public GoalSimulator(LogGopsParams params, Set<Quirk> quirks) {
        this.params = params;
        this.quirks = quirks.isEmpty() ? EnumSet.noneOf(Quirk.class) : EnumSet.copyOf(quirks);
    }

    /** A simulator that gives LogGOPSim's numbers for {@code params}. */
    public static GoalSimulator loggopsim(LogGopsParams params) {
        return new GoalSimulator(params, Quirk.ALL);
    }

    /** The parameters. */
    public LogGopsParams params() {
        return params;
    }

    /** The quirks reproduced. */
    public Set<Quirk> quirks() {
        return EnumSet.copyOf(quirks);
    }

    /** Runs {@code schedule} to its end. */
    public ModelRun run(GoalSchedule schedule) {
        return run(schedule, ModelEvents.NONE, Long.MAX_VALUE);
    }

    /**
     * Runs {@code schedule}, telling {@code events} what each operation did, and stops with
     * {@link SimulationStopped} once {@code timeoutNanos} of real time have passed.
     */
    public ModelRun run(GoalSchedule schedule, ModelEvents events, long timeoutNanos) {
        refuse(schedule);
        long deadline = System.nanoTime() + Math.min(timeoutNanos, Long.MAX_VALUE / 4);
        return new Simulation(schedule, params, quirks, events, deadline).run();
    }

    /** Without {@link Quirk#ANY_TAG_SEND}, a send with tag -1 is refused. */
    private void refuse(GoalSchedule schedule) {
        if (quirks.contains(Quirk.ANY_TAG_SEND)) {
            return;
        }
        for (int op = 0; op < schedule.operations(); op++) {
            if (schedule.kind(op) == OpKind.SEND && schedule.tag(op) == GoalSchedule.ANY) {
                throw new GoalException("rank " + schedule.owner(op) + ", " + schedule.name(op) + " ("
                        + schedule.text(op) + "): a send with tag -1 matches any receive only under the quirk "
                        + Quirk.ANY_TAG_SEND.option() + "; give the send a tag, or keep that quirk");
            }
        }
    }
}
