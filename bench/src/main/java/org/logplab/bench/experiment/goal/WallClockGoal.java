package org.logplab.bench.experiment.goal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.OpKind;
import org.logplab.goal.sim.LogGopsParams;
import org.logplab.goal.wall.GoalProgram;

/**
 * The wall clock for {@code logplab goal}: the schedule run for real ({@link GoalProgram}) on a
 * machine of one processor per rank, with {@code L}, {@code o}, {@code g} and {@code G} injected
 * as the parameters times {@code unit} ns and a calc of {@code c} busy for {@code c x unit} ns.
 * One run first (its messages counted and checked), then {@code reps} repetitions after a warm-up
 * of at least as many, not recorded ({@link TimedRepetitions}), as far apart as the warm-up found
 * they need (four times a warm repetition, at least 100 us; not the cold first run's time), on the
 * machine that stays up; each rank's finish is its median over the measured repetitions, in ns.
 *
 * <p>A run still going at {@link #STOP_FACTOR} times the model's makespan (or at
 * {@link #MIN_WAIT}, whichever is later, and never after the deadline) is stopped, and what each
 * rank left undone is the run's {@code stuck} list; a schedule the model clock cannot finish runs
 * once, for {@link #MIN_WAIT}, to name what the wall clock leaves undone too. Stateless; any thread.
 */
public final class WallClockGoal {
    /** A wall run this many times longer than the model's makespan is taken for one that cannot finish. */
    public static final int STOP_FACTOR = 50;
    /** The least time a wall run is given before it is stopped. */
    public static final Duration MIN_WAIT = Duration.ofSeconds(5);

    private final long unit;
    private final int reps;

    /** Runs with {@code unit} ns per model unit and {@code reps} measured repetitions. */
    public WallClockGoal(long unit, int reps) {
        if (unit < 1 || reps < 1) {
            throw new IllegalArgumentException("unit and reps must be at least 1, got " + unit + " and " + reps);
        }
        this.unit = unit;
        this.reps = reps;
    }

    /** The machine's parameters: LogGOPSim's, scaled to ns ({@code O} and {@code S} have no counterpart). */
    public LogP machine(LogGopsParams p, int ranks) {
        return new LogP(Math.multiplyExact(p.L(), unit), Math.multiplyExact(p.o(), unit),
                Math.multiplyExact(p.g(), unit), ranks, Math.multiplyExact(p.G(), unit));
    }

    /**
     * A note on what of {@code params} the wall clock does not model for {@code schedule}: {@code O}
     * when it is not 0, and the rendezvous of messages above {@code S} when there are any; empty
     * when the two clocks follow the same rules for it.
     */
    public static Optional<String> departures(GoalSchedule schedule, LogGopsParams params) {
        long rendezvous = 0;
        for (int op = 0; op < schedule.operations(); op++) {
            if (schedule.kind(op) == OpKind.SEND && schedule.size(op) > params.S()) {
                rendezvous++;
            }
        }
        List<String> what = new ArrayList<>();
        if (params.O() != 0) {
            what.add("O = " + params.O() + " is not charged");
        }
        if (rendezvous > 0) {
            what.add(rendezvous + " sends above S = " + params.S() + " bytes go eagerly, without a rendezvous");
        }
        return what.isEmpty() ? Optional.empty() : Optional.of("note: on the wall clock " + String.join(", and ", what)
                + "; the model clock's prediction includes them");
    }

    /** Runs {@code schedule} as {@code settings} ask; {@code model} is its model-clock run, for the time limit. */
    public GoalRun run(GoalSchedule schedule, GoalSettings settings, GoalRun model) {
        double stop = model.complete() ? STOP_FACTOR * (double) model.makespan() * unit : 0;
        long wait = (long) Math.min(Math.max(MIN_WAIT.toNanos(), stop), Long.MAX_VALUE / 2.0);
        long timeout = Math.min(wait, settings.nanosLeft());
        GoalProgram program = new GoalProgram(schedule, unit);
        LogP params = machine(settings.params(), schedule.ranks());
        RunResult once;
        // the first run alone, on a machine with the stop time as its limit; the repetitions on another
        // whose limit is the command's, since they run as two long runs of many repetitions each
        try (Machine first = Machine.open(config(params, timeout))) {
            once = first.run(program);
        } catch (RunFailedException e) {
            return new GoalRun(ClockKind.WALL, new long[schedule.ranks()], List.of(), program.unfinished(),
                    List.of("the wall-clock run stopped (its limit: " + Duration.ofNanos(timeout).toMillis()
                            + " ms): " + e.getMessage()));
        }
        if (!model.complete()) {
            return new GoalRun(ClockKind.WALL, once.finishTimes(), counts(once, 0, 0), List.of(), List.of());
        }
        TimedRepetitions.Result r;
        try (Machine machine = Machine.open(config(params, settings.nanosLeft()))) {
            r = TimedRepetitions.run(machine, reps, reps, (p, k) -> program.run(p));
        }
        return new GoalRun(ClockKind.WALL, r.finish(), counts(once, r.nanos().length, r.warmup()), List.of(),
                List.of());
    }

    private static RunConfig config(LogP params, long timeoutNanos) {
        return RunConfig.builder(params).clock(ClockKind.WALL).timeout(Duration.ofNanos(timeoutNanos)).build();
    }

    private List<GoalRun.Count> counts(RunResult once, int measured, int warmup) {
        return List.of(new GoalRun.Count("reps", measured), new GoalRun.Count("warmup", warmup),
                new GoalRun.Count("messages", once.messagesSent()),
                new GoalRun.Count("received", once.messagesReceived()), new GoalRun.Count("unit_ns", unit),
                new GoalRun.Count("oversubscribed", once.oversubscribed()));
    }
}
