package org.logplab.bench.program;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.report.LineChart;
import org.logplab.core.ClockKind;

/**
 * The chart {@code logplab run --plot} draws: one clock's makespan against P, and the prediction
 * beside it as a dashed curve of the same colour where the program gives one. Under the wall
 * clock the points beyond the host's cores are drawn apart (they measure the scheduler). Add runs
 * in any order of P; not thread-safe.
 */
public final class MakespanPlot {
    private final ClockKind clock;
    private final List<ProgramRun> runs = new ArrayList<>();

    /** An empty chart of {@code clock}'s runs. */
    public MakespanPlot(ClockKind clock) {
        this.clock = clock;
    }

    /** Adds {@code run}, which must be of this chart's clock. */
    public void add(ProgramRun run) {
        if (run.clock() != clock) {
            throw new IllegalArgumentException("a " + run.clock() + " run on the chart of the " + clock + " clock");
        }
        runs.add(run);
    }

    /** Writes the chart as a PNG at {@code file}. */
    public void save(Path file, int cores) throws IOException {
        List<ProgramRun> byP = runs.stream().sorted((a, b) -> Integer.compare(a.params().P(), b.params().P())).toList();
        if (byP.isEmpty()) {
            throw new IllegalStateException("no runs to plot");
        }
        double[] p = byP.stream().mapToDouble(r -> r.params().P()).toArray();
        double[] makespan = byP.stream().mapToDouble(ProgramRun::makespan).toArray();
        boolean wall = clock == ClockKind.WALL;
        String program = byP.get(0).program();
        LineChart chart = new LineChart(program + ": makespan against P, " + (wall ? "wall" : "model") + " clock",
                "P (processors)", wall ? "makespan (ns, median of the repetitions)" : "makespan (model units)")
                .yFromZero();
        if (wall) {
            chart.lineApart("measured", p, makespan, cores);
        } else {
            chart.line("measured", p, makespan);
        }
        if (byP.stream().allMatch(r -> r.predicted() != null)) {
            chart.modelOf("predicted", p, byP.stream().mapToDouble(ProgramRun::predicted).toArray());
        }
        chart.save(file);
    }
}
