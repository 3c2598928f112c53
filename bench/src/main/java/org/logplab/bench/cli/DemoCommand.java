package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.logplab.bench.demo.DemoFindings;
import org.logplab.bench.demo.HostFigures;
import org.logplab.bench.experiment.BalanceRuns;
import org.logplab.bench.experiment.FftEngine;
import org.logplab.bench.experiment.FftRuns;
import org.logplab.bench.experiment.FftSweep;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.NaiveReduce;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.bench.experiment.TreeBroadcast;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.bench.output.TextTable;
import org.logplab.bench.report.Headline;
import org.logplab.bench.report.HtmlReport;
import org.logplab.bench.report.LineChart;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.gossip.GossipReport;
import org.logplab.core.collective.ktree.KTreeReport;
import org.logplab.core.measure.AmdahlFit;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.PingPong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab demo}: the tour. Measures the host's own LogP parameters and Hockney fit, runs one
 * traced tree broadcast under the model clock and under the wall clock with injected delays, then
 * the project's experiments (multicast, summation, gossip, k-tree, FFT speedup, Amdahl with
 * overhead, load balancing), and writes a self-contained report folder: {@code index.html} with
 * the tables and PNG plots, the JSON behind every table ({@code *.json}, the commands' own JSON
 * fields), {@code summary.json}, {@code trace-model.json} and {@code trace-wall.json} (open them in
 * ui.perfetto.dev) and {@code latency-wall.hgrm} (HdrHistogram percentiles, ns, after a header line
 * naming the sampling: {@code --latency}, which the wall-clock multicast rows use too).
 */
@Command(header = "The tour: measured LogP parameters, a traced broadcast, a report folder.", name = "demo", description = {
    "The tour: the host's measured LogP parameters, one traced broadcast under both clocks,",
    "and a report folder with the traces, histograms and JSON."})
final class DemoCommand extends CommandBase {
    private static final int PROCESSORS = 8;
    private static final LogP MODEL = LogP.of(6, 2, 4, PROCESSORS);
    private static final LogP WALL = LogP.of(50_000, 10_000, 20_000, PROCESSORS);
    /** How often the host is measured at most: once, and twice more while its figures are implausible. */
    private static final int HOST_MEASUREMENTS = 3;

    @Option(names = "--out", description = "Report folder (default reports/<yyyyMMdd-HHmmss>).")
    Path outDir;

    @Option(names = "--quick", description = "A shorter tour (fewer repetitions), for CI.")
    boolean quick;

    @Mixin
    LatencyOptions recording;

    /** Repeated wall-clock runs of the tree broadcast on {@code processors} ranks. */
    private record WallRuns(int processors, long median, long predicted, Histogram latency, LatencySampling sampling,
                            RunResult last, int reps, int discarded, Double loadAverage) {
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
            f.put("discarded", discarded);
            f.put("oversubscribed", last.oversubscribed());
            LatencyFigures.put(f, latency, sampling);
            f.put("ratio", ratio());
            f.put("disturbed", disturbed());
            f.put("load_avg_1m", loadAverage);
            return f;
        }
    }

    private static WallRuns wallRuns(int processors, int reps, LatencySampling sampling) {
        LogP params = WALL.withP(processors);
        long predicted = TreeBroadcast.predictedMakespan(params);
        TimedRepetitions.Result r;
        // The warm-up and the measured run on one machine; the traced run below records a trace,
        // which is part of a machine's configuration, so it runs on a machine of its own.
        try (Machine machine = Machine.open(RunConfig.builder(params).clock(ClockKind.WALL).latency(sampling).build())) {
            r = TimedRepetitions.run(machine, Math.max(200, reps / 2), reps, 4 * predicted,
                    (p, k) -> TreeBroadcast.program(processors).run(p));
        }
        RunResult traced = RunConfig.builder(params).clock(ClockKind.WALL).trace(true).run(TreeBroadcast.program(processors));
        return new WallRuns(processors, r.median(), predicted, r.latency(), sampling, traced, r.nanos().length, r.discarded(),
                WallTolerance.loadAverage());
    }

    /** The host's figures, one measurement: the PRTT estimator, then ping-pongs of 8 B to 1 MiB and their Hockney fit. */
    private HostFigures measureHost() {
        LogPEstimator.Estimate estimate = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), 8, 16, quick ? 15 : 51);
        int[] sizes = {8, 1024, 65536, 1 << 20};
        double[] oneWay = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            oneWay[i] = PingPong.run(LogP.of(0, 0, 0, 2), sizes[i], quick ? 50 : 200, quick ? 200 : 2000).medianOneWayNanos();
        }
        return HostFigures.of(estimate, HockneyFit.fit(Arrays.stream(sizes).asDoubleStream().toArray(), oneWay));
    }

    /** The tour's nine steps on standard error: a bar on a terminal, numbered lines otherwise. */
    private Progress progress;

    @Override
    int execute() throws Exception {
        try (Progress steps = progress("demo", 9)) {
            progress = steps;
            return tour();
        }
    }

    private int tour() throws Exception {
        Path dir = outDir != null ? outDir
                : Path.of("reports", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(dir);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("provenance", provenance().json());

        summary.put("headlines", List.of()); // filled in at the end, kept near the top
        progress.step("measuring the host's LogP parameters (zero injection)");
        HostFigures host = null;
        List<String> problems = List.of();
        int measurements = 0;
        while (measurements < HOST_MEASUREMENTS) {
            measurements++;
            HostFigures h = measureHost();
            List<String> why = h.problems();
            if (host == null || why.size() <= problems.size()) {
                host = h;
                problems = why;
            }
            if (why.isEmpty()) {
                break;
            }
            if (measurements < HOST_MEASUREMENTS) {
                note("warning: implausible host figures (" + String.join("; ", why) + "), measuring again");
            }
        }
        Map<String, Object> hostJson = host.json();
        hostJson.put("measurements", measurements);
        hostJson.put("suspect", !problems.isEmpty());
        hostJson.put("suspect_reasons", problems);
        if (!problems.isEmpty()) {
            hostJson.put("load_avg_1m", WallTolerance.loadAverage());
            note("warning: the host's figures are suspect after " + measurements + " measurements (" + String.join("; ", problems)
                    + "): reported with suspect: true, not as this host's parameters");
        }
        summary.put("host", hostJson);

        progress.step("tree broadcast on " + PROCESSORS + " processors, model clock, " + MODEL);
        RunResult model = RunConfig.builder(MODEL).clock(ClockKind.MODEL).trace(true).run(TreeBroadcast.program(PROCESSORS));
        model.trace().orElseThrow().writeChromeJson(dir.resolve("trace-model.json"));

        progress.step("the same broadcast on the wall clock with injected L=50us, o=10us, g=20us");
        int cores = Runtime.getRuntime().availableProcessors();
        int fitting = Math.max(2, Math.min(PROCESSORS, cores));
        int reps = quick ? 200 : 1000;
        WallRuns fits = wallRuns(fitting, reps, recording.sampling);
        fits.last.trace().orElseThrow().writeChromeJson(dir.resolve("trace-wall.json"));
        LatencyFigures.writeHgrm(dir.resolve("latency-wall.hgrm"), fits.latency, recording.sampling);
        WallRuns over = fitting == PROCESSORS ? null : wallRuns(PROCESSORS, reps, recording.sampling);
        if (over != null) {
            warnIfOversubscribed(PROCESSORS);
        }
        List<WallRuns> wall = over == null ? List.of(fits) : List.of(fits, over);
        for (WallRuns w : wall) {
            if (Boolean.TRUE.equals(w.disturbed())) {
                note(WallTolerance.note("the wall-clock broadcast on " + w.processors + " processors", w.ratio(), w.loadAverage, cores));
            }
        }
        long modelPredicted = TreeBroadcast.predictedMakespan(MODEL);

        Map<String, Object> bc = new LinkedHashMap<>();
        bc.put("algo", "binary-tree");
        bc.put("P", PROCESSORS);
        bc.put("model_params", Map.of("L", MODEL.L(), "o", MODEL.o(), "g", MODEL.g()));
        bc.put("model_time", model.makespan());
        bc.put("model_predicted", modelPredicted);
        summary.put("broadcast", bc);
        List<Map<String, Object>> wallRows = wall.stream().map(WallRuns::json).toList();
        summary.put("wall", wallRows);
        List<Headline> headlines = new ArrayList<>();
        headlines.add(DemoFindings.host(host, problems, cores, measurements));
        headlines.add(DemoFindings.broadcast(PROCESSORS, model.makespan(), modelPredicted, wallRows));
        Files.writeString(dir.resolve("summary.json"),
                JsonLines.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
        Path index = experiments(dir, hostJson, summary, wall, headlines);

        summary.put("report", index.toAbsolutePath().toString());
        if (json) {
            printJson(summary);
            note("report: " + index.toAbsolutePath());
        } else {
            out().println("Host (zero injection), PRTT estimator and Hockney fit:");
            TextTable h = new TextTable("L (ns)", "o (ns)", "g (ns)", "t0 (ns)", "r_inf (GB/s)", "m_half (B)");
            h.row(Cells.nanos(host.lNanos()), Cells.nanos(host.oNanos()), Cells.nanos(host.gNanos()), Cells.nanos(host.t0Nanos()),
                    String.format("%.2f", host.rInfBytesPerNano()), Cells.nanos(host.mHalfBytes()));
            out().print(h.render());
            if (!problems.isEmpty()) {
                out().println("suspect (after " + measurements + " measurements): " + String.join("; ", problems));
            }
            out().println();
            out().println("Binary-tree broadcast on " + PROCESSORS + " processors, prediction beside run:");
            TextTable b = new TextTable("clock", "P", "parameters", "predicted", "measured", "measured / predicted");
            b.row("model", PROCESSORS, Cells.params(MODEL.L(), MODEL.o(), MODEL.g(), false), modelPredicted, model.makespan(),
                    String.format("%.3f", model.makespan() / (double) modelPredicted));
            for (WallRuns w : wall) {
                b.row("wall", w.processors, Cells.params(WALL.L(), WALL.o(), WALL.g(), true), Cells.nanos(w.predicted) + " ns",
                        Cells.nanos(w.median) + " ns (p50 of " + w.reps + ")", String.format("%.3f", w.ratio())
                        + (w.processors > cores ? "  oversubscribed: " + w.processors + " threads on " + cores + " cores" : "")
                        + (Boolean.TRUE.equals(w.disturbed()) ? "  disturbed: outside " + WallTolerance.LOW + "-" + WallTolerance.HIGH + "x" : ""));
            }
            out().print(b.render());
            out().println("message latencies of the wall-clock broadcast on " + fits.processors + " processors (latency-wall.hgrm): "
                    + LatencyFigures.summary(fits.latency, recording.sampling));
            out().println();
            out().println("Findings (the top of index.html; \"headlines\" in summary.json):");
            headlines.forEach(l -> out().println(l.text()));
            out().println("report: " + index.toAbsolutePath());
        }
        return 0;
    }

    /** Steps 4-9 and the page: each experiment's rows are made by the code of the command that prints them (the same rows as its {@code --json}). */
    private Path experiments(Path dir, Map<String, Object> host, Map<String, Object> summary, List<WallRuns> wall,
                             List<Headline> headlines) throws Exception {
        HtmlReport report = new HtmlReport(dir, "LogP Lab tour" + (quick ? " (quick)" : ""));
        int cores = Runtime.getRuntime().availableProcessors();
        report.section(DemoFindings.HOST, "LogP parameters measured with nothing injected (PRTT estimator) and the Hockney fit of"
                + " one-way ping-pong times. Checked before they are reported: L, o, g and t0 between 0 and "
                + Cells.duration(HostFigures.MAX_HANDOFF_NANOS) + " for threads of one process, r_inf between "
                + Cells.trimmed(HostFigures.MIN_COPY_BYTES_PER_NANO) + " and " + Cells.trimmed(HostFigures.MAX_COPY_BYTES_PER_NANO)
                + " GB/s (one core's memory copy); implausible figures are measured again, up to " + HOST_MEASUREMENTS + " times.");
        if (Boolean.TRUE.equals(host.get("suspect"))) {
            report.warning("Suspect: these figures failed the plausibility checks after " + host.get("measurements") + " measurements ("
                    + ((List<?>) host.get("suspect_reasons")).stream().map(String::valueOf).collect(Collectors.joining("; ")) + "); the host was busy"
                    + (host.get("load_avg_1m") instanceof Number l ? " (load average " + Cells.number(l.doubleValue()) + " on " + cores
                    + " cores)" : "") + ". They are not this host's LogP parameters; rerun on a quiet machine.");
        }
        report.table("host.json", List.of(host), "Measured L, o, g (ns), Hockney t0 (ns), r_inf (bytes/ns = GB/s), m_half (bytes)");
        report.section(DemoFindings.BROADCAST, "One item from rank 0 to " + PROCESSORS + " ranks down a binary tree, under the model"
                + " clock (" + Cells.params(MODEL.L(), MODEL.o(), MODEL.g(), false) + ") and on the wall clock with injected "
                + Cells.params(WALL.L(), WALL.o(), WALL.g(), true) + ". A wall-clock row is disturbed when its median is outside "
                + WallTolerance.LOW + "-" + WallTolerance.HIGH + "x its prediction (the runtime's own costs add a few per cent on a"
                + " quiet host); rows with more threads than the " + cores + " cores are oversubscribed and not judged.");
        for (WallRuns w : wall) {
            if (Boolean.TRUE.equals(w.disturbed())) {
                report.warning(WallTolerance.note("the wall-clock broadcast on " + w.processors + " processors", w.ratio(), w.loadAverage, cores)
                        .replaceFirst("^warning: ", "Disturbed: "));
            }
        }
        report.table("broadcast-wall.json", wall.stream().map(WallRuns::json).toList(), "Binary-tree broadcast, wall clock with injected "
                + Cells.params(WALL.L(), WALL.o(), WALL.g(), true) + ": median makespan against the LogP prediction (ns); oversubscribed"
                + " when P exceeds the cores, disturbed when outside the tolerance");
        report.link("trace-model.json", "the model-clock broadcast on 8 processors, a Perfetto trace (open in ui.perfetto.dev)");
        report.link("trace-wall.json", "the wall-clock broadcast, a Perfetto trace");
        report.link("latency-wall.hgrm", "message latencies of the wall-clock broadcast on " + wall.get(0).processors
                + " processors, HdrHistogram percentile distribution (ns); recorded: " + recording.sampling.describe());

        progress.step("multicast: binomial, Fibonacci and optimal trees over P, model and wall clock");
        int maxP = quick ? 64 : 1024;
        List<Map<String, Object>> multicast = new ArrayList<>();
        for (int p = 2; p <= maxP; p *= 2) {
            multicast.addAll(multicast(LogP.of(6, 2, 4, p), ClockKind.MODEL, 0));
        }
        report.section(DemoFindings.MULTICAST, "One item from rank 0 to all P ranks by uniform halving (binomial), the Fibonacci split"
                + " and the optimal LogP tree; exact model times, L=6 o=2 g=4.");
        LineChart mc = new LineChart("Multicast time, model clock (L=6, o=2, g=4)", "P (processors, log scale)", "time (model units)").log2X();
        for (String algo : List.of("binomial", "fibonacci", "optimal")) {
            List<Map<String, Object>> rows = multicast.stream().filter(r -> algo.equals(r.get("algo"))).toList();
            mc.line(algo, column(rows, "P"), column(rows, "time"));
        }
        report.table("multicast-model.json", multicast, "Model time and prediction per algorithm and P (model units)");
        report.plot("multicast-model.png", mc, "Multicast completion time against P: the optimal tree is never slower");
        List<Map<String, Object>> multicastWall = new ArrayList<>();
        for (int p : new int[] {2, 4, 8}) {
            for (Map<String, Object> row : multicast(LogP.of(50_000, 10_000, 20_000, p), ClockKind.WALL, quick ? 30 : 200)) {
                row.put("oversubscribed", p > cores); // its "disturbed" is the collective command's, by the same tolerance
                multicastWall.add(row);
            }
        }
        Double multicastLoad = WallTolerance.loadAverage();
        multicastWall.forEach(r -> r.putIfAbsent("load_avg_1m", multicastLoad));
        // Rows with more threads than cores measure the scheduler: only those that fit the cores count against the host.
        List<Map<String, Object>> disturbed = multicastWall.stream()
                .filter(r -> Boolean.TRUE.equals(r.get("disturbed")) && !Boolean.TRUE.equals(r.get("oversubscribed"))).toList();
        if (!disturbed.isEmpty()) {
            String which = disturbed.stream().map(r -> r.get("algo") + " on P = " + r.get("P") + ": " + Cells.trimmed(((Number) r.get("ratio"))
                    .doubleValue()) + "x").collect(Collectors.joining(", "));
            String line = WallTolerance.note("the slowest of " + disturbed.size() + " disturbed wall-clock multicast rows (" + which + ")",
                    disturbed.stream().mapToDouble(r -> ((Number) r.get("ratio")).doubleValue()).max().orElseThrow(), multicastLoad, cores);
            note(line);
            report.warning(line.replaceFirst("^warning: ", "Disturbed: "));
        }
        report.table("multicast-wall.json", multicastWall, "The same on the wall clock, injected " + Cells.params(50_000, 10_000, 20_000, true)
                + ": median (ns) against the prediction; oversubscribed rows have more threads than this machine's " + cores
                + " cores and measure the scheduler (the collective command marks them disturbed too); disturbed rows are outside "
                + WallTolerance.LOW + "-" + WallTolerance.HIGH + "x");
        LineChart mw = new LineChart("Multicast on the wall clock (L=50us, o=10us, g=20us)", "P (processors)", "median time / predicted (log scale)");
        for (String algo : List.of("binomial", "fibonacci", "optimal")) {
            List<Map<String, Object>> rows = multicastWall.stream().filter(r -> algo.equals(r.get("algo"))).toList();
            mw.lineApart(algo, column(rows, "P"), column(rows, "ratio"), cores);
        }
        report.plot("multicast-wall.png", mw.logY(), "Measured over predicted time: near 1 while the threads fit the cores"
                + (cores < 8 ? " (solid); dashed beyond the dotted line at P = " + cores + " cores, where the threads oversubscribe them"
                + " and the scheduler, not the algorithm, sets the time" : ""));
        long[] gaps = LongStream.iterate(1, g -> g <= 64, g -> g < 8 ? g + 1 : g * 2).toArray(); // 1..8, 16, 32, 64
        List<Map<String, Object>> sweep = maps(CollectiveCommand.sweepRows(6, 2, 64, gaps));
        double[] fibOverBin = sweep.stream().mapToDouble(r -> ((Number) r.get("fibonacci")).doubleValue()
                / ((Number) r.get("binomial")).doubleValue()).toArray();
        report.table("multicast-crossover.json", sweep, "Binomial against Fibonacci on 64 members as the gap grows (model units)");
        report.plot("multicast-crossover.png", new LineChart("Fibonacci / binomial multicast time, P = 64 (L=6, o=2)",
                        "max(g, o) / (L + 2o), log scale", "Fibonacci time / binomial time").logX().line("Fibonacci / binomial", column(sweep, "ratio"), fibOverBin)
                        .curve("equal", new double[] {column(sweep, "ratio")[0], column(sweep, "ratio")[sweep.size() - 1]}, new double[] {1, 1}),
                "Below 1 the Fibonacci split is faster: it wins when the gap is small against L + 2o, binomial when it is large");
        headlines.add(DemoFindings.multicast(multicast, multicastWall, sweep));

        progress.step("optimal summation against the naive reduce");
        LogP sumParams = LogP.of(5, 2, 4, 8);
        long[] ns = quick ? new long[] {1, 8, 50, 100, 500, 1000} : new long[] {1, 8, 20, 50, 100, 200, 500, 1000, 2000, 5000};
        List<Map<String, Object>> summation = new ArrayList<>();
        for (long n : ns) {
            Map<String, Object> row = checked(SummationCommand.row(sumParams, 0, n), "summation, N = " + n);
            row.put("naive_reduce_time", NaiveReduce.time(sumParams, n));
            summation.add(row);
        }
        report.section(DemoFindings.SUMMATION, "N operands on 8 processors, L=5 o=2 g=4, one addition = 1 unit: the optimal LogP"
                + " summation (after Shou and Chen) against each processor adding its share and a binomial reduce.");
        report.table("summation.json", summation, "Optimal summation time (run = plan) beside the naive reduce (model units)");
        report.plot("summation.png", new LineChart("Summation on 8 processors (L=5, o=2, g=4)", "N (operands, log scale)",
                        "time (model units)").logX().line("optimal summation", column(summation, "N"), column(summation, "time"))
                        .line("naive: local sums, then binomial reduce", column(summation, "N"), column(summation, "naive_reduce_time")),
                "Optimal summation against the naive reduce: the optimal schedule overlaps additions with communication");
        headlines.add(DemoFindings.summation(sumParams.P(), summation));

        progress.step("gossip on the n x n mesh and k-tree broadcast rounds");
        List<Map<String, Object>> gossip = new ArrayList<>();
        for (int n = 2; n <= (quick ? 12 : 32); n++) {
            for (String algo : List.of("seed", "improved")) {
                gossip.add(checked(GossipCommand.row(GossipReport.run(n, algo)), "gossip, " + algo + ", n = " + n));
            }
        }
        report.section(DemoFindings.GOSSIP, "Gossip in an n x n mesh (Wang and Ying) under the H* model: half-duplex links, every node on all its links at once,"
                + " one message per packet, a packet crosses one edge per step (every step checked); and"
                + " multiple-message broadcast by k scanning trees in the k-port model of Ding and Li (every round checked).");
        LineChart gc = new LineChart("Gossip steps on the n x n mesh (H* model)", "n (mesh side)", "steps");
        for (String algo : List.of("seed", "improved")) {
            List<Map<String, Object>> rows = gossip.stream().filter(r -> algo.equals(r.get("algo"))).toList();
            gc.line(algo, column(rows, "n"), column(rows, "steps"));
        }
        List<Map<String, Object>> seedRows = gossip.stream().filter(r -> "seed".equals(r.get("algo"))).toList();
        gc.curve("lower bound (n^2 + n)/2", column(seedRows, "n"), column(seedRows, "lower_bound"));
        report.table("gossip.json", gossip, "Steps of Wang and Ying's schedule (seed) and the improved one beside the lower bound");
        report.plot("gossip.png", gc, "Gossip steps against the lower bound: the improved schedule stays within a few steps of it");
        List<Map<String, Object>> ktree = new ArrayList<>();
        for (int m = 1; m <= (quick ? 16 : 64); m++) {
            ktree.add(checked(KTreeCommand.row(KTreeReport.run(m, 64, 2)), "ktree, m = " + m));
        }
        report.table("ktree.json", ktree, "k-tree broadcast of m messages to n = 64 nodes with k = 2 ports: rounds beside both bounds");
        report.plot("ktree.png", new LineChart("k-tree broadcast, n = 64, k = 2", "m (messages)", "rounds")
                        .line("k-tree rounds", column(ktree, "m"), column(ktree, "rounds"))
                        .curve("upper bound", column(ktree, "m"), column(ktree, "upper_bound"))
                        .curve("lower bound", column(ktree, "m"), column(ktree, "lower_bound")),
                "Rounds of the k-tree algorithm between the lower and upper bounds");
        headlines.add(DemoFindings.gossip(gossip, ktree));

        progress.step("FFT dual-core speedup of each engine, measured against the models");
        List<String> fftEngines = List.of("logp", "logp-distributed", "forkjoin", "jtransforms");
        List<Integer> fftSizes = new ArrayList<>();
        for (int n = 1 << 12; n <= (quick ? 1 << 16 : 1 << 20); n *= 2) {
            fftSizes.add(n);
        }
        List<Map<String, Object>> fft = maps(new FftSweep(fftSizes, List.of(2), fftEngines.stream().map(FftEngine::parse).toList(),
                quick ? 5 : 9, false).run(Progress.silent(), this::note).rows());
        report.section(DemoFindings.FFT, "Each engine on 2 cores against our serial FFT, timed in alternation: the master/worker FFT and the"
                + " butterfly exchange on data already distributed, both on the LogP runtime, our fork/join FFT and JTransforms."
                + " GFLOPS = 5 N log2 N / t. The machine model predicts the runtime engines from microbenchmarks of their"
                + " pieces (local FFTs side by side, the exchange's passes over memory, the scatter and gather), never from"
                + " these runs; the seed paper's model (the 2009 modelling-contest paper on the dual-core FFT) from t_elem and"
                + " a ping-pong fit.");
        report.table("fft.json", fft, "Dual-core speedup, efficiency and GFLOPS per N and engine beside the models' predictions");
        LineChart speedupChart = new LineChart("FFT speedup on 2 cores over our serial FFT", "log2 N", "speedup").yFromZero();
        LineChart gflopsChart = new LineChart("FFT GFLOPS on 2 cores", "log2 N", "GFLOPS (5 N log2 N / t)").yFromZero();
        for (String engine : fftEngines) {
            List<Map<String, Object>> rows = fft.stream().filter(r -> engine.equals(r.get("engine"))).toList();
            double[] logN = rows.stream().mapToDouble(r -> Math.log(((Number) r.get("n")).doubleValue()) / Math.log(2)).toArray();
            speedupChart.line(engine + " measured", logN, column(rows, "speedup"));
            gflopsChart.line(engine, logN, column(rows, "gflops"));
            if (rows.stream().allMatch(r -> r.get("machine_predicted_speedup") != null)) {
                speedupChart.modelOf(engine + " machine model", logN, column(rows, "machine_predicted_speedup"));
            }
        }
        report.plot("fft-speedup.png", speedupChart,
                "Measured dual-core speedup of each engine, and the machine model's prediction for the LogP engines");
        report.plot("fft-gflops.png", gflopsChart, "GFLOPS of each engine on 2 cores");
        headlines.add(DemoFindings.fft(fft));

        progress.step("Amdahl with overhead: FFT speedups over 1..8 threads");
        int amdahlN = quick ? 1 << 18 : 1 << 20;
        FftRuns runs = new FftRuns(amdahlN, quick ? 5 : 11, 42);
        List<Map<String, Object>> amdahl = new ArrayList<>();
        double[] ps = new double[8];
        double[] speedups = new double[8];
        for (int p = 1; p <= 8; p++) {
            FftRuns.Pair pair = p == 1 ? runs.serial() : runs.forkJoin(p);
            ps[p - 1] = p;
            speedups[p - 1] = pair.speedup();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("n", amdahlN);
            row.put("p", p);
            row.put("serial_ns", pair.serialNanos());
            row.put("parallel_ns", pair.engineNanos());
            row.put("speedup", pair.speedup());
            row.put("oversubscribed", p > cores);
            amdahl.add(row);
        }
        AmdahlFit fit = AmdahlFit.fit(ps, speedups);
        Map<String, Object> fitRow = new LinkedHashMap<>();
        fitRow.put("F", fit.serialFraction());
        fitRow.put("K1", fit.k1());
        fitRow.put("K2", fit.k2());
        double[] curveP = new double[71];
        double[] curveS = new double[71];
        for (int i = 0; i < curveP.length; i++) {
            curveP[i] = 1 + i * 0.1;
            curveS[i] = fit.speedup(curveP[i]);
        }
        report.section(DemoFindings.AMDAHL, "S(P) = 1 / (F + (1-F)/P + K1 + K2 P^2) fitted to the fork/join FFT's speedups"
                + " at N = 2^" + Integer.numberOfTrailingZeros(amdahlN) + " on 1..8 threads; this machine has " + cores
                + " cores, so P > " + cores + " measures the oversubscribed scheduler.");
        report.table("amdahl.json", amdahl, "Measured speedups per thread count");
        report.table("amdahl-fit.json", List.of(fitRow), "The fitted serial fraction F and overheads K1, K2 (units of the serial time)");
        report.plot("amdahl.png", new LineChart("Amdahl with overhead, FFT N = 2^" + Integer.numberOfTrailingZeros(amdahlN),
                        "P (threads)", "speedup").yFromZero().pointsApart("measured", ps, speedups, cores).curve("fit", curveP, curveS),
                "Measured speedups and the fitted law: it peaks near the core count and falls as the threads oversubscribe"
                        + " the cores" + (cores < 8 ? " (the " + cores + " cores here: the points beyond the dotted line, drawn as triangles)" : ""));
        headlines.add(DemoFindings.amdahl(amdahlN, amdahl, fit.serialFraction(), cores));

        progress.step("load balancing: policies on Poisson load and the seed's scenario");
        List<Integer> loads = quick ? List.of(10, 50, 90) : List.of(10, 30, 50, 70, 90);
        // The sweep: every policy at every load under three message costs, short runs (the
        // README's figures come from the full sweep: 20,000 tasks, 5 seeds).
        List<Map<String, Object>> balanceSweep = new ArrayList<>();
        long[] equalNodes = new long[8];
        Arrays.fill(equalNodes, BalanceRuns.CAPACITY);
        try (BalanceRuns sweepRuns = new BalanceRuns(BalanceRuns.Settings.model("poisson", equalNodes, quick ? 2000 : 5000, quick ? 3 : 4))) {
            for (long[] cost : BalanceRuns.SWEEP_COSTS) {
                balanceSweep.addAll(maps(sweepRuns.sweepRows(sweepRuns.sweep(cost, loads, Progress.silent()))));
            }
        }
        report.section(DemoFindings.BALANCE, "Every node a LogP processor; Poisson arrivals on 8 equal nodes at 10-90 % utilisation under"
                + " three message costs (L/o/g = 2/0/1, 10/2/4, 50/10/20: mean response with its 95 % interval over the seeds,"
                + " the first 10 % of the tasks left out as the warm-up), and the seed's 5 nodes of capacities 20, 90, 30, 20, 40"
                + " at load index 100.");
        List<String> settings = balanceSweep.stream().map(r -> String.valueOf(r.get("cost_setting"))).distinct().toList();
        for (String setting : settings) {
            List<Map<String, Object>> rowsOfSetting = balanceSweep.stream().filter(r -> setting.equals(r.get("cost_setting"))).toList();
            LineChart chart = new LineChart("Mean response on Poisson load, 8 nodes, L/o/g = " + setting, "utilisation (%)",
                    "mean response (model units)");
            for (String policy : rowsOfSetting.stream().map(r -> String.valueOf(r.get("policy"))).distinct().toList()) {
                List<Map<String, Object>> rows = rowsOfSetting.stream().filter(r -> policy.equals(r.get("policy"))).toList();
                chart.line(policy, column(rows, "load"), column(rows, "mean_response"), column(rows, "mean_response_ci95"));
            }
            String file = setting.equals("2/0/1") ? "balance-response.png" : "balance-response-" + setting.replace('/', '-') + ".png";
            report.plot(file, chart, "Mean response against utilisation per policy, L/o/g = " + setting
                    + ", with 95 % intervals");
        }
        report.table("balance-sweep.json", balanceSweep, "Per message cost, utilisation and policy: the mean response, its 95 % interval,"
                + " the best policy at that load and each policy's ratio to it");
        List<Map<String, Object>> poisson = balanceSweep.stream().filter(r -> "2/0/1".equals(r.get("cost_setting"))).toList();
        report.table("balance-poisson.json", poisson, "Per utilisation and policy at L/o/g = 2/0/1: response times, messages and"
                + " migrations per task");
        List<Map<String, Object>> seedRun = new ArrayList<>();
        try (BalanceRuns seedRuns = new BalanceRuns(
                BalanceRuns.Settings.model("seed", BalanceRuns.SEED_CAPACITIES, null, 1))) {
            seedRuns.measure(List.of(100), 2, 0, 1, Progress.silent(), false).get(100).forEach((policy, m) -> seedRun.add(new LinkedHashMap<>(seedRuns.row(100, policy, m).fields())));
        }
        report.table("balance-seed.json", seedRun, "The seed's scenario at load index 100: makespan against the ideal (total work / total capacity)");
        LineChart shares = new LineChart("Work share against capacity share, seed scenario", "capacity share", "work share");
        for (Map<String, Object> r : seedRun) {
            shares.points(String.valueOf(r.get("policy")), toDoubles(r.get("capacity_shares")), toDoubles(r.get("work_shares")));
        }
        shares.curve("work share = capacity share", new double[] {0, 0.5}, new double[] {0, 0.5});
        report.plot("balance-shares.png", shares, "Each node's share of the work against its share of the capacity: balanced"
                + " policies lie on the diagonal, the static split (none) flat at 0.2");
        headlines.add(DemoFindings.balance(balanceSweep, seedRun));
        Map<String, Object> origin = provenance().json();
        origin.put("command", String.join(" ", provenance().command()));
        report.section("Provenance", "What produced these results: the LogP Lab build, the JDK, the operating system, the cores"
                + " the JVM could use, the start time (UTC) and the command line (summary.json carries the same).");
        report.table("provenance.json", List.of(origin), "version, commit, JDK, OS, cores, maximum heap (bytes), start time, command");
        summary.put("report_files", report.files());
        summary.put("headlines", headlines.stream().map(Headline::json).toList());
        report.headlines(headlines);
        Files.writeString(dir.resolve("summary.json"), JsonLines.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
        return report.write();
    }

    /**
     * The multicasts (binomial, Fibonacci, optimal) from rank 0 to all {@code params.P()} ranks, as
     * {@code logplab collective} runs them; {@code reps} wall-clock repetitions.
     */
    private List<Map<String, Object>> multicast(LogP params, ClockKind clock, int reps) throws IOException {
        CollectiveCommand.Runs runs = new CollectiveCommand.Runs(params, Group.all(params.P(), 0), clock, recording.sampling, 1, reps);
        WallTolerance.Tally verdict = new WallTolerance.Tally(); // the demo says which rows were disturbed itself, oversubscribed ones apart
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String algo : List.of("binomial", "fibonacci", "optimal")) {
            rows.add(checked(runs.run(runs.choose(algo), null, verdict), algo + ", P = " + params.P() + ", " + LogPClockOptions.name(clock)));
        }
        return rows;
    }

    /**
     * A row's fields, to go into a table of the report; a row whose check failed ({@code ok}
     * false) stays in, and a warning names it.
     */
    private Map<String, Object> checked(Row row, String what) {
        if (!row.getBoolean("ok")) {
            note("warning: check failed: " + what);
        }
        return new LinkedHashMap<>(row.fields());
    }

    private static List<Map<String, Object>> maps(List<Row> rows) {
        return rows.stream().map(r -> (Map<String, Object>) new LinkedHashMap<>(r.fields())).collect(Collectors.toCollection(ArrayList::new));
    }

    private static double[] column(List<Map<String, Object>> rows, String key) {
        return rows.stream().mapToDouble(r -> r.get(key) instanceof Number v ? v.doubleValue() : Double.NaN).toArray();
    }

    private static double[] toDoubles(Object values) {
        return values instanceof double[] a ? a : ((List<?>) values).stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
    }
}
