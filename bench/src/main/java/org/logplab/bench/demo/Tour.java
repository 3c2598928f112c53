package org.logplab.bench.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.logplab.bench.Provenance;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Progress;
import org.logplab.bench.report.Headline;
import org.logplab.bench.report.HtmlReport;
import org.logplab.core.LatencySampling;
import org.logplab.core.RunResult;

/**
 * The tour {@code logplab demo} runs: it measures the host's own LogP parameters and Hockney fit,
 * runs one traced tree broadcast under the model clock and under the wall clock with injected
 * delays, then the project's experiments (multicast, summation, gossip, k-tree, FFT speedup, Amdahl
 * with overhead, load balancing), and writes a self-contained report folder: {@code index.html}
 * with the tables and PNG plots, the JSON behind every table ({@code *.json}, the commands' own
 * JSON fields), {@code summary.json}, {@code trace-model.json} and {@code trace-wall.json} (open
 * them in ui.perfetto.dev) and {@code latency-wall.hgrm} (HdrHistogram percentiles, ns, after a
 * header line naming the sampling). Each experiment's rows are made by the code of the command that
 * prints them (the same rows as its {@code --json}).
 *
 * <pre>{@code
 * try (Progress steps = Progress.silent()) {
 *     Tour.Result r = new Tour(dir, true, LatencySampling.ALL, provenance, System.err::println).run(steps);
 * }
 * }</pre>
 */
public final class Tour {
    /** The tour's steps, for a progress over them. */
    public static final int STEPS = 9;

    private final TourContext ctx;
    private final Provenance provenance;

    /**
     * A tour that writes its report into {@code dir} (created if missing).
     *
     * @param quick a shorter tour (fewer repetitions and sizes)
     * @param sampling which message latencies the wall-clock runs record
     * @param provenance what produced the results, for the report and {@code summary.json}
     * @param notes warnings for people (standard error)
     */
    public Tour(Path dir, boolean quick, LatencySampling sampling, Provenance provenance, Consumer<String> notes) {
        this.ctx = new TourContext(dir, quick, sampling, notes);
        this.provenance = provenance;
    }

    /**
     * What the tour found.
     *
     * @param summary {@code summary.json}'s object (its {@code report} the page's absolute path)
     * @param index the report's page
     * @param text the findings for people: the host's figures, the broadcast against its prediction
     *     and one line per finding, ending with the page's path
     */
    public record Result(Map<String, Object> summary, Path index, String text) {
    }

    /** Runs the tour, announcing its {@value #STEPS} steps on {@code progress}. */
    public Result run(Progress progress) throws Exception {
        Files.createDirectories(ctx.dir);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("provenance", provenance.json());
        summary.put("headlines", List.of()); // filled in at the end, kept near the top

        progress.step("measuring the host's LogP parameters (zero injection)");
        HostStep.Result host = HostStep.measure(ctx);
        summary.put("host", host.json());

        progress.step("tree broadcast on " + BroadcastStep.PROCESSORS + " processors, model clock, "
                + BroadcastStep.MODEL);
        RunResult model = BroadcastStep.model(ctx);
        progress.step("the same broadcast on the wall clock with injected L=50us, o=10us, g=20us");
        BroadcastStep.Result broadcast = BroadcastStep.wall(ctx, model);
        summary.put("broadcast", broadcast.json());
        List<Map<String, Object>> wallRows = broadcast.wall().stream().map(BroadcastStep.WallRuns::json).toList();
        summary.put("wall", wallRows);
        ctx.headlines.add(DemoFindings.host(host.figures(), host.problems(), ctx.cores, host.measurements()));
        ctx.headlines.add(DemoFindings.broadcast(BroadcastStep.PROCESSORS, model.makespan(), broadcast.modelPredicted(),
                wallRows));
        writeSummary(summary);

        HostStep.report(ctx, host);
        BroadcastStep.report(ctx, broadcast);
        progress.step("multicast: binomial, Fibonacci and optimal trees over P, model and wall clock");
        MulticastStep.run(ctx);
        progress.step("optimal summation against the naive reduce");
        SummationStep.run(ctx);
        progress.step("gossip on the n x n mesh and k-tree broadcast rounds");
        RoundModelStep.run(ctx);
        progress.step("FFT dual-core speedup of each engine, measured against the models");
        FftStep.run(ctx);
        progress.step("Amdahl with overhead: FFT speedups over 1..8 threads");
        AmdahlStep.run(ctx);
        progress.step("load balancing: policies on Poisson load and the seed's scenario");
        BalanceStep.run(ctx);
        Path index = finish(summary);
        summary.put("report", index.toAbsolutePath().toString());
        return new Result(summary, index, TourText.of(host, broadcast, ctx, index));
    }

    /** The provenance section, the findings, the final {@code summary.json} and the page. */
    private Path finish(Map<String, Object> summary) throws Exception {
        HtmlReport report = ctx.report();
        Map<String, Object> origin = provenance.json();
        origin.put("command", String.join(" ", provenance.command()));
        report.section("Provenance",
                "What produced these results: the LogP Lab build, the JDK, the operating system, the cores the JVM"
                + " could use, the start time (UTC) and the command line (summary.json carries the same).");
        report.table("provenance.json", List.of(origin),
                "version, commit, JDK, OS, cores, maximum heap (bytes), start time, command");
        summary.put("report_files", report.files());
        summary.put("headlines", ctx.headlines.stream().map(Headline::json).toList());
        report.headlines(ctx.headlines);
        writeSummary(summary);
        return report.write();
    }

    private void writeSummary(Map<String, Object> summary) throws java.io.IOException {
        Files.writeString(ctx.dir.resolve("summary.json"),
                JsonLines.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
    }
}
