package org.logplab.bench.experiment.goal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.bench.peers.LogGopSimTimes;
import org.logplab.goal.sim.LogGopsParams;
import org.logplab.goal.sim.StuckOperation;

/**
 * The rows of {@code logplab goal}: one per rank, then one summary row. JSON fields of a rank's
 * row: {@code clock}, {@code rank}, {@code finish}; of the summary: {@code clock},
 * {@code makespan}, {@code slowest_rank}, {@code ranks}, the run's counts (model clock:
 * {@code operations}, {@code messages}, {@code eager}, {@code rendezvous}, {@code events},
 * {@code quirks}), {@code L}, {@code o}, {@code g}, {@code G}, {@code O}, {@code S},
 * {@code file}. With LogGOPSim's times beside, each also {@code loggopsim} (its {@code Host i},
 * null where it printed only its maximum; in the summary its maximum) and {@code difference}
 * (ours minus LogGOPSim's). Times are model units on the model clock. The text shows every rank
 * up to {@value #TEXT_RANKS} ranks (as LogGOPSim prints every host up to 16), beyond that the
 * summary and the {@value #SLOWEST} slowest ranks. Stateless; any thread.
 */
public final class GoalRows {
    /** The most ranks the text shows one by one. */
    public static final int TEXT_RANKS = 16;
    /** The slowest ranks the text shows beyond {@link #TEXT_RANKS}. */
    public static final int SLOWEST = 10;
    /** The most operations that cannot finish listed one a line. */
    public static final int STUCK_LINES = 20;

    private GoalRows() {
    }

    /** Adds the rows of {@code run} to {@code out}: every rank's, then the summary; {@code times} may be null. */
    public static void print(Output out, GoalRun run, GoalSettings settings, LogGopSimTimes times) {
        List<Row> ranks = ranks(run, times);
        Row summary = summary(run, settings, times);
        boolean beside = times != null;
        if (ranks.size() <= TEXT_RANKS || !out.text()) {
            Output.Table t = out.table(columns(beside));
            ranks.forEach(t::add);
            out.record(summary, text(run, summary));
            return;
        }
        out.record(summary, text(run, summary));
        out.line("The " + SLOWEST + " slowest of " + ranks.size() + " ranks (--json lists every rank):");
        Output.Table t = out.table(columns(beside));
        ranks.stream().sorted(Comparator.comparingLong((Row r) -> r.getLong("finish")).reversed()
                .thenComparingLong(r -> r.getLong("rank"))).limit(SLOWEST).forEach(t::add);
    }

    /** One row per rank. */
    static List<Row> ranks(GoalRun run, LogGopSimTimes times) {
        long[] theirs = times == null ? null : times.perRank();
        List<Row> rows = new ArrayList<>(run.finish().length);
        for (int r = 0; r < run.finish().length; r++) {
            Row row = new Row().put("clock", Cells.clock(run.clock())).put("rank", r).put("finish", run.finish()[r]);
            if (times != null) {
                Long t = theirs == null || r >= theirs.length ? null : theirs[r];
                row.put("loggopsim", t).put("difference", t == null ? null : run.finish()[r] - t);
            }
            rows.add(row);
        }
        return rows;
    }

    /** The summary row. */
    static Row summary(GoalRun run, GoalSettings settings, LogGopSimTimes times) {
        LogGopsParams p = settings.params();
        Row row = new Row().put("clock", Cells.clock(run.clock())).put("makespan", run.makespan())
                .put("slowest_rank", run.slowestRank()).put("ranks", run.finish().length);
        run.counts().forEach(c -> row.put(c.name(), c.value()));
        row.put("L", p.L()).put("o", p.o()).put("g", p.g()).put("G", p.G()).put("O", p.O()).put("S", p.S())
                .put("file", settings.file().toString());
        if (times != null) {
            row.put("loggopsim", times.max()).put("difference", run.makespan() - times.max());
        }
        return row;
    }

    /**
     * Adds the rows of the wall-clock run {@code wall} beside the model's prediction: every rank's
     * (up to {@value #TEXT_RANKS} in the text) with {@code predicted} (the model's finish times
     * {@code unit} ns) and {@code ratio}, then the summary with {@code predicted}, {@code ratio},
     * {@code oversubscribed} and {@code disturbed} ({@code verdict} marks and judges it; null when
     * the run oversubscribed the cores).
     */
    public static void printWall(Output out, GoalRun wall, GoalRun model, long unit, GoalSettings settings,
            WallTolerance.Tally verdict) {
        List<Row> ranks = new ArrayList<>();
        for (int r = 0; r < wall.finish().length; r++) {
            long predicted = model.finish()[r] * unit;
            ranks.add(new Row().put("clock", Cells.clock(wall.clock())).put("rank", r).put("finish", wall.finish()[r])
                    .put("predicted", predicted).put("ratio", predicted == 0 ? null
                            : wall.finish()[r] / (double) predicted));
        }
        Row summary = summary(wall, settings, null);
        long predicted = model.makespan() * unit;
        summary.put("predicted", predicted).put("ratio", predicted == 0 ? null : wall.makespan() / (double) predicted);
        verdict.mark(summary, wall.makespan(), predicted, wall.finish().length);
        Column[] columns = {Column.of("rank", "rank"), Column.of("finish (ns)", "finish"),
            Column.of("predicted (ns)", "predicted"), Column.of("finish / predicted", "ratio", "%.3f")};
        Output.Table t = out.table(columns);
        if (ranks.size() <= TEXT_RANKS || !out.text()) {
            ranks.forEach(t::add);
        } else {
            ranks.stream().sorted(Comparator.comparingLong((Row r) -> r.getLong("finish")).reversed()
                    .thenComparingLong(r -> r.getLong("rank"))).limit(SLOWEST).forEach(t::add);
        }
        out.record(summary, text(wall, summary) + String.format(Locale.ROOT, "; predicted %d ns, ratio %.3f%s",
                predicted, wall.makespan() / (double) Math.max(1, predicted), summary.get("disturbed") == null
                        ? (Boolean.TRUE.equals(summary.get("oversubscribed")) ? ", not judged (oversubscribed)" : "")
                        : (boolean) summary.get("disturbed") ? ", DISTURBED" : ", within the tolerance"));
    }

    /** Whether LogGOPSim's times beside are ours, rank for rank (its maximum where it printed only that). */
    public static boolean sameAsLogGopSim(GoalRun run, LogGopSimTimes times) {
        long[] theirs = times.perRank();
        return theirs == null ? run.makespan() == times.max() : Arrays.equals(theirs, run.finish());
    }

    /** The lines naming what could not finish, at most {@value #STUCK_LINES} and a count of the rest. */
    public static List<String> stuckLines(List<StuckOperation> stuck) {
        List<String> lines = new ArrayList<>();
        stuck.stream().limit(STUCK_LINES).map(StuckOperation::line).forEach(lines::add);
        if (stuck.size() > STUCK_LINES) {
            lines.add("... and " + (stuck.size() - STUCK_LINES) + " more");
        }
        return lines;
    }

    /** The verdict on a run that cannot finish: how many operations on how many ranks. */
    public static String stuckVerdict(List<StuckOperation> stuck) {
        long ranks = stuck.stream().mapToInt(StuckOperation::rank).distinct().count();
        return String.format(Locale.ROOT, "the schedule cannot finish: %d operation%s on %d rank%s could not (listed"
                + " above)", stuck.size(), stuck.size() == 1 ? "" : "s", ranks, ranks == 1 ? "" : "s");
    }

    private static Column[] columns(boolean beside) {
        List<Column> c = new ArrayList<>(List.of(Column.of("rank", "rank"), Column.of("finish", "finish")));
        if (beside) {
            c.add(Column.of("LogGOPSim", "loggopsim"));
            c.add(Column.of("difference", "difference"));
        }
        return c.toArray(Column[]::new);
    }

    /** The summary as one line of text. */
    private static String text(GoalRun run, Row s) {
        StringBuilder b = new StringBuilder();
        b.append(s.get("clock")).append(" clock: makespan ").append(s.get("makespan")).append(" (rank ")
                .append(s.get("slowest_rank")).append(" of ").append(s.get("ranks")).append(')');
        List<String> counts = run.counts().stream().map(c -> c.name() + " " + c.value()).toList();
        if (!counts.isEmpty()) {
            b.append("; ").append(String.join(", ", counts));
        }
        b.append("; L=").append(s.get("L")).append(" o=").append(s.get("o")).append(" g=").append(s.get("g"))
                .append(" G=").append(s.get("G")).append(" O=").append(s.get("O")).append(" S=").append(s.get("S"));
        if (s.get("loggopsim") != null) {
            b.append("; LogGOPSim ").append(s.get("loggopsim")).append(", difference ").append(s.get("difference"));
        }
        return b.toString();
    }
}
