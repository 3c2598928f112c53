package org.logplab.bench.cli;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.experiment.goal.GoalRows;
import org.logplab.bench.experiment.goal.GoalRun;
import org.logplab.bench.experiment.goal.GoalRuns;
import org.logplab.bench.experiment.goal.GoalSettings;
import org.logplab.bench.experiment.goal.WallClockGoal;
import org.logplab.bench.output.Cells;
import org.logplab.bench.peers.LogGopSimPeer;
import org.logplab.bench.peers.LogGopSimTimes;
import org.logplab.core.ClockKind;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.sim.LogGopsParams;
import org.logplab.goal.sim.Quirk;
import org.logplab.goal.sim.SimulationStopped;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab goal FILE.goal}: runs a schedule in GOAL, the text format of the LogGOPSim
 * simulator (Hoefler, Schneider, Lumsdaine, HPDC 2010), on the model clock exactly as LogGOPSim
 * simulates it, with LogGOPSim's own times beside where it is installed. Exit 2 for a file that is
 * not GOAL or is refused (the file, line and column of a syntax error; an undefined label, a
 * cycle, a rank out of order or range, in words), 1 for a schedule that cannot finish (each
 * operation left, on standard error), for a run stopped at {@code --max-time}, and, with every
 * quirk, for times that differ from LogGOPSim's. JSON fields: {@link GoalRows}.
 */
@Command(name = "goal", header = "Run a GOAL schedule (LogGOPSim's format) on the model clock, beside LogGOPSim.",
        description = {"The schedule's every rank finishes when LogGOPSim says it does, with the same L, o, g, G,"
                + " O, S (LogGOPSim's defaults unless given): LogGOPSim's rules, event order and quirks are"
                + " reproduced (--quirks none gives the model's rules where its code departs from them;"
                + " docs/algorithms.md section 13). With LogGOPSim installed, its times stand beside ours"
                + " (columns LogGOPSim and difference); a difference is a failed check (exit 1).",
            "",
            "A schedule that cannot finish is named operation by operation on standard error: receives and messages"
                + " left unmatched, rendezvous sends never released, operations waiting and on what (exit 1)."})
final class GoalCommand extends RowsCommand {

    @Mixin
    GoalOptions options;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        long started = System.nanoTime();
        GoalSettings settings = options.settings(started + timeLimit.maxNanos);
        List<ClockKind> clocks = options.clockKinds();
        Optional<LogGopSimPeer> peer = clocks.contains(ClockKind.MODEL) ? options.logGopSim() : Optional.empty();
        GoalSchedule schedule = GoalRuns.read(settings.file(), timeLimit.maxNanos);
        WallClockGoal wallClock = clocks.contains(ClockKind.WALL) ? new WallClockGoal(options.unit, options.reps)
                : null;
        if (wallClock != null) {
            warnIfOversubscribed(schedule.ranks());
            WallClockGoal.departures(schedule, settings.params()).ifPresent(this::note);
        }
        GoalRun model;
        try {
            // the wall clock needs the model's times too: its prediction and its time limit
            model = GoalRuns.clock(ClockKind.MODEL).run(schedule, settings);
        } catch (SimulationStopped e) {
            return failed("stopped at --max-time " + Cells.duration(timeLimit.maxNanos) + ": " + e.getMessage());
        }
        model.notes().forEach(this::note);
        if (!model.complete()) {
            GoalRows.stuckLines(model.stuck()).forEach(this::note);
            if (wallClock != null) {
                GoalRun wall = wallClock.run(schedule, settings, model);
                wall.notes().forEach(this::note);
                note("on the wall clock:");
                GoalRows.stuckLines(wall.stuck()).forEach(this::note);
            }
            return failed(GoalRows.stuckVerdict(model.stuck()));
        }
        if (clocks.contains(ClockKind.MODEL)) {
            int code = printModel(model, settings, peer);
            if (code != 0) {
                return code;
            }
        }
        if (wallClock != null) {
            GoalRun wall = wallClock.run(schedule, settings, model);
            wall.notes().forEach(this::note);
            if (!wall.complete()) {
                GoalRows.stuckLines(wall.stuck()).forEach(this::note);
                return failed("the wall-clock run did not finish although the model clock's did: "
                        + wall.stuck().size() + " operations left (listed above)");
            }
            WallTolerance.Tally verdict = new WallTolerance.Tally();
            GoalRows.printWall(output(), wall, model, options.unit, settings, verdict);
            check(wall.counts().stream().filter(c -> c.name().equals("messages") || c.name().equals("received"))
                    .map(GoalRun.Count::value).distinct().count() == 1, "every message sent was received");
            verdict.warning(schedule.ranks()).ifPresent(this::note);
        }
        return 0;
    }

    /** The model clock's rows, with LogGOPSim's times beside where it is installed. */
    private int printModel(GoalRun run, GoalSettings settings, Optional<LogGopSimPeer> peer) {
        LogGopSimTimes times = null;
        String failure = null;
        if (peer.isPresent()) {
            LogGopsParams p = settings.params();
            try {
                times = peer.get().run(settings.file().toAbsolutePath(), p.L(), p.o(), p.g(), p.G(), p.O(), p.S(),
                        Duration.ofNanos(settings.nanosLeft()));
            } catch (LogGopSimPeer.NoTimesException e) {
                note(e.getMessage());
                check(false, "LogGOPSim printed no times, but the " + Cells.clock(run.clock()) + " clock finished"
                        + " the schedule");
            } catch (IOException e) {
                failure = "LogGOPSim (" + peer.get().logGopSim() + ") failed: " + e.getMessage();
            }
        } else if (!options.noLogGopSim) {
            note(LogGopSimPeer.HOW_TO_BUILD);
        }
        GoalRows.print(output(), run, settings, times);
        if (times != null && settings.quirks().containsAll(Quirk.ALL)) {
            check(GoalRows.sameAsLogGopSim(run, times), "the finish times differ from LogGOPSim's (column"
                    + " difference)");
        }
        return failure == null ? 0 : failed(failure);
    }
}
