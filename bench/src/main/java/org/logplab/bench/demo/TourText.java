package org.logplab.bench.demo;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.TextTable;
import org.logplab.bench.report.Headline;

/** The tour's findings as {@code logplab demo} prints them without {@code --json}. */
final class TourText {
    private TourText() {
    }

    static String of(HostStep.Result hostResult, BroadcastStep.Result broadcast, TourContext ctx, Path index) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        HostFigures host = hostResult.figures();
        out.println("Host (zero injection), PRTT estimator and Hockney fit:");
        TextTable h = new TextTable("L (ns)", "o (ns)", "g (ns)", "t0 (ns)", "r_inf (GB/s)", "m_half (B)");
        h.row(Cells.nanos(host.lNanos()), Cells.nanos(host.oNanos()), Cells.nanos(host.gNanos()),
                Cells.nanos(host.t0Nanos()), String.format("%.2f", host.rInfBytesPerNano()),
                Cells.nanos(host.mHalfBytes()));
        out.print(h.render());
        if (!hostResult.problems().isEmpty()) {
            out.println("suspect (after " + hostResult.measurements() + " measurements): "
                    + String.join("; ", hostResult.problems()));
        }
        out.println();
        int processors = BroadcastStep.PROCESSORS;
        long modelTime = broadcast.model().makespan();
        out.println("Binary-tree broadcast on " + processors + " processors, prediction beside run:");
        TextTable b = new TextTable("clock", "P", "parameters", "predicted", "measured", "measured / predicted");
        b.row("model", processors, Cells.params(BroadcastStep.MODEL.L(), BroadcastStep.MODEL.o(),
                BroadcastStep.MODEL.g(), false),
                broadcast.modelPredicted(), modelTime, String.format("%.3f",
                modelTime / (double) broadcast.modelPredicted()));
        for (BroadcastStep.WallRuns w : broadcast.wall()) {
            b.row("wall", w.processors(), Cells.params(BroadcastStep.WALL.L(), BroadcastStep.WALL.o(),
                    BroadcastStep.WALL.g(), true),
                    Cells.nanos(w.predicted()) + " ns", Cells.nanos(w.median()) + " ns (p50 of " + w.reps() + ")",
                    String.format("%.3f", w.ratio())
                    + (w.processors() > ctx.cores ? "  oversubscribed: " + w.processors() + " threads on " + ctx.cores
                    + " cores" : "")
                    + (Boolean.TRUE.equals(w.disturbed()) ? "  disturbed: outside " + WallTolerance.LOW + "-"
                    + WallTolerance.HIGH + "x" : ""));
        }
        out.print(b.render());
        out.println("message latencies of the wall-clock broadcast on " + broadcast.fits().processors()
                + " processors (latency-wall.hgrm): " + LatencyFigures.summary(broadcast.fits().latency(),
                ctx.sampling));
        out.println();
        out.println("Findings (the top of index.html; \"headlines\" in summary.json):");
        ctx.headlines.stream().map(Headline::text).forEach(out::println);
        out.println("report: " + index.toAbsolutePath());
        out.flush();
        return text.toString();
    }
}
