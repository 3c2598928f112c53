package org.logplab.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.bench.experiment.TreeBroadcast;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.PingPong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code logplab demo}: the tour. Measures the host's own LogP parameters and Hockney fit, then
 * runs one traced tree broadcast under the model clock and under the wall clock with injected
 * delays, prints prediction and measurement side by side, and writes a report folder:
 * {@code summary.json}, {@code trace-model.json} and {@code trace-wall.json} (open them in
 * ui.perfetto.dev) and {@code latency-wall.hgrm} (HdrHistogram percentiles, ns).
 */
@Command(header = "The tour: measured LogP parameters, a traced broadcast, a report folder.", name = "demo", description = {
    "The tour: the host's measured LogP parameters, one traced broadcast under both clocks,",
    "and a report folder with the traces, histograms and JSON."})
final class DemoCommand extends CommandBase {
    private static final int PROCESSORS = 8;
    private static final LogP MODEL = LogP.of(6, 2, 4, PROCESSORS);
    private static final LogP WALL = LogP.of(50_000, 10_000, 20_000, PROCESSORS);

    @Option(names = "--out", description = "Report folder (default reports/<yyyyMMdd-HHmmss>).")
    Path outDir;

    @Option(names = "--quick", description = "A shorter tour (fewer repetitions), for CI.")
    boolean quick;

    /** Repeated wall-clock runs of the tree broadcast on {@code processors} ranks. */
    private record WallRuns(int processors, long median, long predicted, Histogram latency, RunResult last, int reps,
                            int discarded) {
        Map<String, Object> json() {
            Map<String, Object> f = fields();
            f.put("P", processors);
            f.put("params_ns", Map.of("L", WALL.L(), "o", WALL.o(), "g", WALL.g()));
            f.put("p50_ns", median);
            f.put("predicted_ns", predicted);
            f.put("reps", reps);
            f.put("discarded", discarded);
            f.put("oversubscribed", last.oversubscribed());
            return f;
        }
    }

    private static WallRuns wallRuns(int processors, int reps) {
        LogP params = WALL.withP(processors);
        long predicted = TreeBroadcast.predictedMakespan(params);
        TimedRepetitions.Result r = TimedRepetitions.run(params, Math.max(200, reps / 2), reps, 4 * predicted,
                (p, k) -> TreeBroadcast.program(processors).run(p));
        RunResult traced = RunConfig.builder(params).clock(ClockKind.WALL).trace(true).run(TreeBroadcast.program(processors));
        return new WallRuns(processors, r.median(), predicted, r.latency(), traced, r.nanos().length, r.discarded());
    }

    @Override
    int execute() throws Exception {
        Path dir = outDir != null ? outDir
                : Path.of("reports", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(dir);
        Map<String, Object> summary = fields();

        note("[1/3] measuring the host's LogP parameters (zero injection)...");
        LogPEstimator.Estimate host = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), 8, 16, quick ? 15 : 51);
        int[] sizes = {8, 1024, 65536, 1 << 20};
        double[] oneWay = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            oneWay[i] = PingPong.run(LogP.of(0, 0, 0, 2), sizes[i], quick ? 50 : 200, quick ? 200 : 2000).medianOneWayNanos();
        }
        HockneyFit fit = HockneyFit.fit(Arrays.stream(sizes).asDoubleStream().toArray(), oneWay);
        Map<String, Object> hostJson = fields();
        hostJson.put("L_ns", host.lNanos());
        hostJson.put("o_ns", host.oNanos());
        hostJson.put("g_ns", host.gNanos());
        hostJson.put("t0_ns", fit.t0Nanos());
        hostJson.put("r_inf_bytes_per_ns", fit.rInfBytesPerNano());
        hostJson.put("m_half_bytes", fit.mHalfBytes());
        summary.put("host", hostJson);

        note("[2/3] tree broadcast on " + PROCESSORS + " processors, model clock, " + MODEL + "...");
        RunResult model = RunConfig.builder(MODEL).clock(ClockKind.MODEL).trace(true).run(TreeBroadcast.program(PROCESSORS));
        model.trace().orElseThrow().writeChromeJson(dir.resolve("trace-model.json"));

        note("[3/3] the same broadcast on the wall clock with injected L=50us, o=10us, g=20us...");
        int cores = Runtime.getRuntime().availableProcessors();
        int fitting = Math.max(2, Math.min(PROCESSORS, cores));
        int reps = quick ? 200 : 1000;
        WallRuns fits = wallRuns(fitting, reps);
        fits.last.trace().orElseThrow().writeChromeJson(dir.resolve("trace-wall.json"));
        try (PrintStream hgrm = new PrintStream(Files.newOutputStream(dir.resolve("latency-wall.hgrm")))) {
            fits.latency.outputPercentileDistribution(hgrm, 1.0);
        }
        WallRuns over = fitting == PROCESSORS ? null : wallRuns(PROCESSORS, reps);
        if (over != null) {
            warnIfOversubscribed(PROCESSORS);
        }
        long modelPredicted = TreeBroadcast.predictedMakespan(MODEL);

        Map<String, Object> bc = fields();
        bc.put("algo", "binary-tree");
        bc.put("P", PROCESSORS);
        bc.put("model_params", Map.of("L", MODEL.L(), "o", MODEL.o(), "g", MODEL.g()));
        bc.put("model_time", model.makespan());
        bc.put("model_predicted", modelPredicted);
        summary.put("broadcast", bc);
        summary.put("wall", over == null ? java.util.List.of(fits.json()) : java.util.List.of(fits.json(), over.json()));
        Files.writeString(dir.resolve("summary.json"),
                JsonLines.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary));

        if (json) {
            printJson(summary);
        } else {
            out().println("Host (zero injection), PRTT estimator and Hockney fit:");
            TextTable h = new TextTable("L (ns)", "o (ns)", "g (ns)", "t0 (ns)", "r_inf (GB/s)", "m_half (B)");
            h.row(ns(host.lNanos()), ns(host.oNanos()), ns(host.gNanos()), ns(fit.t0Nanos()),
                    String.format("%.2f", fit.rInfBytesPerNano()), ns(fit.mHalfBytes()));
            out().print(h.render());
            out().println();
            out().println("Binary-tree broadcast on " + PROCESSORS + " processors, prediction beside run:");
            TextTable b = new TextTable("clock", "P", "parameters", "predicted", "measured", "measured / predicted");
            b.row("model", PROCESSORS, "L=6 o=2 g=4 (units)", modelPredicted, model.makespan(),
                    String.format("%.3f", model.makespan() / (double) modelPredicted));
            for (WallRuns w : over == null ? new WallRuns[] {fits} : new WallRuns[] {fits, over}) {
                b.row("wall", w.processors, "L=50us o=10us g=20us", ns(w.predicted) + " ns",
                        ns(w.median) + " ns (p50 of " + w.reps + ")", String.format("%.3f", w.median / (double) w.predicted)
                        + (w.processors > cores ? "  oversubscribed: " + w.processors + " threads on " + cores + " cores" : ""));
            }
            out().print(b.render());
        }
        out().println("report: " + dir.toAbsolutePath());
        return 0;
    }
}
