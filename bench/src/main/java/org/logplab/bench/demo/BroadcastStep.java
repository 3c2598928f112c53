package org.logplab.bench.demo;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.experiment.collective.TreeBroadcast;
import org.logplab.bench.output.Cells;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;

/**
 * The tour's traced broadcast: one item down a binary tree to {@value #PROCESSORS} ranks under the
 * model clock ({@link #MODEL}) and on the wall clock with injected delays ({@link #WALL}), on as
 * many ranks as there are cores and, where that is fewer, on all {@value #PROCESSORS} as well.
 */
final class BroadcastStep {
    static final int PROCESSORS = 8;
    static final LogP MODEL = LogP.of(6, 2, 4, PROCESSORS);
    static final LogP WALL = LogP.of(50_000, 10_000, 20_000, PROCESSORS);

    /** Repeated wall-clock runs of the tree broadcast on {@code processors} ranks (times in ns). */
    record WallRuns(int processors, long median, long predicted, Histogram latency, LatencySampling sampling,
                    RunResult last, int reps, int warmup, int discarded, Double loadAverage) {
        double ratio() {
            return median / (double) predicted;
        }

        /** Null when oversubscribed (not judged), else whether the ratio left the tolerance. */
        Boolean disturbed() {
            return WallTolerance.disturbed(ratio(), last.oversubscribed());
        }

        Map<String, Object> json() {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("P", processors);
            f.put("params_ns", Map.of("L", WALL.L(), "o", WALL.o(), "g", WALL.g()));
            f.put("p50_ns", median);
            f.put("predicted_ns", predicted);
            f.put("reps", reps);
            f.put("warmup", warmup);
            f.put("discarded", discarded);
            f.put("oversubscribed", last.oversubscribed());
            LatencyFigures.put(f, latency, sampling);
            f.put("ratio", ratio());
            f.put("disturbed", disturbed());
            f.put("load_avg_1m", loadAverage);
            return f;
        }
    }

    /** The model-clock run, its prediction, and the wall-clock runs (the first on ranks that fit the cores). */
    record Result(RunResult model, long modelPredicted, List<WallRuns> wall) {
        WallRuns fits() {
            return wall.get(0);
        }

        /** The {@code broadcast} object of the summary. */
        Map<String, Object> json() {
            Map<String, Object> bc = new LinkedHashMap<>();
            bc.put("algo", "binary-tree");
            bc.put("P", PROCESSORS);
            bc.put("model_params", Map.of("L", MODEL.L(), "o", MODEL.o(), "g", MODEL.g()));
            bc.put("model_time", model.makespan());
            bc.put("model_predicted", modelPredicted);
            return bc;
        }
    }

    private BroadcastStep() {
    }

    /** The model-clock run, traced; its trace is written to {@code trace-model.json}. */
    static RunResult model(TourContext ctx) throws IOException {
        RunResult model = RunConfig.builder(MODEL).clock(ClockKind.MODEL).trace(true)
                .run(TreeBroadcast.program(PROCESSORS));
        model.trace().orElseThrow().writeChromeJson(ctx.dir.resolve("trace-model.json"));
        return model;
    }

    /**
     * The wall-clock runs; the first one's trace and latency histogram are written to
     * {@code trace-wall.json} and {@code latency-wall.hgrm}. Notes say when the runs oversubscribe the
     * cores and which were disturbed.
     */
    static Result wall(TourContext ctx, RunResult model) throws IOException {
        int fitting = Math.max(2, Math.min(PROCESSORS, ctx.cores));
        int reps = ctx.quick ? 200 : 1000;
        WallRuns fits = wallRuns(fitting, reps, ctx.sampling);
        fits.last().trace().orElseThrow().writeChromeJson(ctx.dir.resolve("trace-wall.json"));
        LatencyFigures.writeHgrm(ctx.dir.resolve("latency-wall.hgrm"), fits.latency(), ctx.sampling);
        WallRuns over = fitting == PROCESSORS ? null : wallRuns(PROCESSORS, reps, ctx.sampling);
        if (over != null) {
            WallTolerance.oversubscription(PROCESSORS).ifPresent(ctx::note);
        }
        List<WallRuns> wall = over == null ? List.of(fits) : List.of(fits, over);
        for (WallRuns w : wall) {
            if (Boolean.TRUE.equals(w.disturbed())) {
                ctx.note(WallTolerance.note("the wall-clock broadcast on " + w.processors() + " processors", w.ratio(),
                        w.loadAverage(), ctx.cores, w.processors()));
            }
        }
        return new Result(model, TreeBroadcast.predictedMakespan(MODEL), wall);
    }

    /** The broadcast's section of the report. */
    static void report(TourContext ctx, Result r) throws IOException {
        ctx.report().section(DemoFindings.BROADCAST, "One item from rank 0 to " + PROCESSORS
                + " ranks down a binary tree, under the model clock ("
                + Cells.params(MODEL.L(), MODEL.o(), MODEL.g(), false)
                + ") and on the wall clock with injected " + Cells.params(WALL.L(), WALL.o(), WALL.g(), true)
                + ". A wall-clock row is disturbed when its median is outside " + WallTolerance.LOW + "-"
                + WallTolerance.HIGH + "x its"
                + " prediction (the runtime's own costs add a few per cent on a quiet host); rows with more threads"
                + " than the " + ctx.cores + " cores are oversubscribed and not judged.");
        for (WallRuns w : r.wall()) {
            if (Boolean.TRUE.equals(w.disturbed())) {
                ctx.report().warning(WallTolerance.note("the wall-clock broadcast on " + w.processors() + " processors",
                        w.ratio(), w.loadAverage(), ctx.cores, w.processors())
                        .replaceFirst("^warning: ", "Disturbed: "));
            }
        }
        ctx.report().table("broadcast-wall.json", r.wall().stream().map(WallRuns::json).toList(),
                "Binary-tree broadcast, wall clock with injected " + Cells.params(WALL.L(), WALL.o(), WALL.g(), true)
                + ": median makespan against the LogP prediction (ns); oversubscribed when P exceeds the cores,"
                + " disturbed when outside the tolerance");
        ctx.report().link("trace-model.json", "the model-clock broadcast on 8 processors, a Perfetto trace (open in"
                + " ui.perfetto.dev)");
        ctx.report().link("trace-wall.json", "the wall-clock broadcast, a Perfetto trace");
        ctx.report().link("latency-wall.hgrm", "message latencies of the wall-clock broadcast on "
                + r.fits().processors() + " processors, HdrHistogram percentile distribution (ns); recorded: "
                + ctx.sampling.describe());
    }

    private static WallRuns wallRuns(int processors, int reps, LatencySampling sampling) {
        LogP params = WALL.withP(processors);
        long predicted = TreeBroadcast.predictedMakespan(params);
        TimedRepetitions.Result r;
        // The warm-up and the measured run on one machine; the traced run below records a trace,
        // which is part of a machine's configuration, so it runs on a machine of its own.
        try (Machine machine = Machine.open(RunConfig.builder(params).clock(ClockKind.WALL).latency(sampling)
                .build())) {
            r = TimedRepetitions.run(machine, Math.max(200, reps / 2), reps, 4 * predicted,
                    (p, k) -> TreeBroadcast.program(processors).run(p));
        }
        RunResult traced = RunConfig.builder(params).clock(ClockKind.WALL).trace(true)
                .run(TreeBroadcast.program(processors));
        return new WallRuns(processors, r.median(), predicted, r.latency(), sampling, traced, r.nanos().length,
                r.warmup(), r.discarded(), WallTolerance.loadAverage());
    }
}
