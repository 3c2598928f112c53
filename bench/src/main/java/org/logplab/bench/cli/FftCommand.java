package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.FftEngine;
import org.logplab.bench.experiment.FftRuns;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.PingPong;
import org.logplab.fft.ButterflyExchangeFft;
import org.logplab.fft.ComplexArrays;
import org.logplab.fft.Fft;
import org.logplab.fft.FftCostProbe;
import org.logplab.fft.FftPhases;
import org.logplab.fft.FftTiming;
import org.logplab.fft.Handover;
import org.logplab.fft.MachineFftModel;
import org.logplab.fft.MasterWorkerFft;
import org.logplab.fft.SpeedupModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab fft}: the seed's table of the parallel FFT's speedup on this machine. For each
 * size N: our serial FFT's time, then each engine on each p: time, speedup over our serial FFT,
 * efficiency, GFLOPS ({@code 5 N log2 N / t}), and the seed's model's predicted speedup
 * ({@link SpeedupModel}: {@code t_elem} fitted to the serial times of this run, {@code t_a},
 * {@code t_b} from a ping-pong Hockney fit of the runtime).
 *
 * <p>Engines: {@link FftEngine} ({@code logp}: master/worker on the LogP runtime, arrays lent;
 * {@code logp-seed}: the seed's master/worker, every block copied; {@code logp-distributed}: the
 * butterfly exchange with the data already distributed, partners lending each other their blocks;
 * {@code logp-distributed-seed}: the same with the seed's exchange messages, copies of the block;
 * {@code forkjoin}; {@code jtransforms} and {@code fftw}, the peers), wall clock, nothing injected. With
 * {@code --breakdown}, where each runtime engine's time goes ({@link FftPhases}), ns per
 * transform, the mean over ranks and rank 0 (the master) alone.
 *
 * <p>JSON Lines, one object per (n, p, engine): {@code n}, {@code p}, {@code engine},
 * {@code serial_ns}, {@code parallel_ns}, {@code speedup}, {@code efficiency}, {@code gflops},
 * {@code predicted_speedup}, {@code predicted_efficiency}, {@code reps}, {@code oversubscribed},
 * {@code machine_predicted_speedup} ({@link MachineFftModel}, null where it does not apply); then one {@code model} object:
 * {@code t_elem_ns}, {@code t_a_ns}, {@code t_b_ns_per_byte}. With {@code --breakdown}, one object per
 * (n, p, runtime engine): {@code breakdown: true}, {@code n}, {@code p}, {@code engine}, and per phase
 * {@code <phase>_ns} (mean over ranks) and {@code <phase>_rank0_ns}, phases {@code scatter},
 * {@code local_fft}, {@code snapshot}, {@code wait}, {@code combine}, {@code gather}.
 */
@Command(name = "fft", header = "Dual-core speedup of the parallel FFT beside the seed's model.",
        description = "Times are medians of --reps in-place forward transforms after a warm-up.")
final class FftCommand extends RowsCommand {

    @Option(names = "--n", split = ",", defaultValue = "2^13..2^20",
            description = "Sizes: powers of two as 8192 or 2^13, ranges 2^13..2^22 (default 2^13..2^20).")
    List<String> sizes;

    @Option(names = "--p", split = ",", defaultValue = "1,2", description = "Processor counts, powers of two (default 1,2).")
    List<Integer> processors;

    @Option(names = "--engine", split = ",", defaultValue = "logp,forkjoin,jtransforms",
            description = "logp (master/worker, arrays lent), logp-seed (the seed's master/worker: every block "
                    + "copied), logp-distributed (data already distributed, partners lend each other their blocks), "
                    + "logp-distributed-seed (data already distributed, the seed's exchange: copies), forkjoin, "
                    + "jtransforms, fftw (FFTW 3 on one thread where it is installed: apt-get install libfftw3-dev) "
                    + "(default logp,forkjoin,jtransforms).")
    List<String> engines;

    @Option(names = "--breakdown",
            description = "Also show where each runtime engine's time goes, per phase: scatter, local FFT, snapshot "
                    + "(copying the block that is sent, in the engines that copy; the upper rank of a pair also "
                    + "twiddles it), wait for partner, combine (the butterflies), gather (ns per transform).")
    boolean breakdown;

    @Option(names = "--reps", defaultValue = "21", description = "Timed repetitions per measurement, at least (default 21); "
            + "small sizes repeat more, to fill about 150 ms (up to 1000), and the JSON's reps says how many.")
    int reps;

    /** The model clock's parameters; the wall clock (the default) measures and injects nothing. */
    @Mixin
    LogPClockOptions logp = new LogPClockOptions(100, 20, 20, ClockKind.WALL);

    @Option(names = "--G", defaultValue = "0", description = "Model clock: gap per byte, units (default 0).")
    long gapPerByte;

    @Option(names = "--elem-cost", defaultValue = "1",
            description = "Model clock: units per point per radix-2 stage, the seed's t_elem (default 1).")
    long elementCost;

    @Mixin
    TimeLimit timeLimit;

    /** Complex arrays of N points one measurement keeps: the serial and the engine's input and work copies, blocks, spares. */
    private static final int ARRAYS_PER_MEASUREMENT = 6;
    /** The least a wall-clock repetition costs per thread, ns (CollectiveCommand measures the same: starting and waking it). */
    private static final long WALL_NANOS_PER_THREAD = 50_000;

    @Override
    int execute() {
        List<Integer> ns = parseSizes();
        List<FftEngine> chosen = engines.stream().map(String::trim).map(FftEngine::parse).toList();
        long largest = ns.stream().mapToLong(Integer::longValue).max().orElse(2);
        int mostP = processors.stream().mapToInt(Integer::intValue).max().orElse(1);
        if (!logp.wall()) {
            Limits.heap(ProcessorHeap.needed(ProcessorHeap.Channels.LOG_P, Math.max(1, mostP)) + 3 * 16 * largest,
                    String.format("the model-clock FFT of N = %,d points on p = %,d", largest, mostP));
            return modelTable(ns, chosen);
        }
        for (String modelOnly : List.of("--L", "--o", "--g", "--G", "--elem-cost")) {
            if (given(modelOnly)) {
                throw new IllegalArgumentException(modelOnly + " is a parameter of the model clock (--clock model);"
                        + " the wall clock measures the transforms as they run and injects nothing");
            }
        }
        for (int p : processors) {
            if (p < 1 || Integer.bitCount(p) != 1) {
                throw new IllegalArgumentException("--p must be a power of two, got " + p);
            }
            for (int n : ns) {
                if (n / p < 2) {
                    throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + p);
                }
            }
            warnIfOversubscribed(p);
        }
        if (reps < 3) {
            throw new IllegalArgumentException("--reps must be at least 3, got " + reps);
        }
        refuseWhatCannotRun(ns, chosen, largest);
        PingPong.warmUpJit();
        HockneyFit hockney = hockney(16L * largest / Math.max(2, processors.stream().filter(q -> q > 1).mapToInt(Integer::intValue).min().orElse(2)));
        if (chosen.contains(FftEngine.FFTW) && processors.stream().anyMatch(q -> q != 1)) {
            note("fftw runs on one thread: it has rows for p = 1 only" + (processors.contains(1) ? "" : ", and --p has no 1"));
        }
        boolean fftwMissing = false;
        // One message's hand-over, for the machine model of the runtime engines (measured only if one runs).
        boolean runtimeRows = chosen.stream().anyMatch(FftEngine::onRuntime) && processors.stream().anyMatch(q -> q > 1);
        double messageNanos = runtimeRows ? PingPong.run(LogP.of(0, 0, 0, 2), 8, 200, 2000).medianOneWayNanos() : Double.NaN;
        Map<Long, MachineFftModel> machineModels = new java.util.HashMap<>();
        List<Object[]> rows = new ArrayList<>();
        List<Object[]> phaseRows = new ArrayList<>();
        long[] serial = new long[ns.size()];
        try (Progress steps = progress("fft", ns.size())) {
            for (int i = 0; i < ns.size(); i++) {
                int n = ns.get(i);
                steps.step("N = " + n);
                int timedReps = FftRuns.repetitions(n, reps);
                FftRuns runs = new FftRuns(n, timedReps, n);
                List<Long> serialTimes = new ArrayList<>();
                for (FftEngine engine : chosen) {
                    for (int p : processors) {
                        if (engine == FftEngine.FFTW && (p != 1 || fftwMissing)) {
                            continue; // said once, below
                        }
                        boolean oversubscribed = p > Runtime.getRuntime().availableProcessors();
                        FftRuns.Pair pair;
                        try {
                            pair = engine.time(runs, p);
                        } catch (FftRuns.PeerUnavailable e) {
                            note("fftw left out: " + e.getMessage());
                            fftwMissing = true;
                            continue;
                        }
                        serialTimes.add(pair.serialNanos());
                        Double machine = null;
                        if (engine.onRuntime() && p > 1 && !oversubscribed) {
                            MachineFftModel m = machineModels.computeIfAbsent((long) n << 32 | p,
                                    k -> new MachineFftModel(FftCostProbe.measure(n, p, timedReps), messageNanos));
                            machine = m.speedup(engine.masterWorker(), engine.handover());
                        }
                        rows.add(new Object[] {n, p, engine, pair.serialNanos(), pair.engineNanos(), oversubscribed, machine});
                        if (breakdown && engine.onRuntime() && p > 1) {
                            phaseRows.add(new Object[] {n, p, engine.label(), engine.phases(runs, p), pair.engineNanos()});
                        }
                    }
                }
                if (serialTimes.isEmpty()) {
                    continue; // no engine ran at this size (fftw alone, and missing)
                }
                serialTimes.sort(null);
                serial[i] = serialTimes.get(serialTimes.size() / 2);
            }
        }
        if (rows.isEmpty()) {
            note("no engine ran: nothing to show");
            return 0;
        }
        long[] sizesLong = ns.stream().mapToLong(Integer::longValue).toArray();
        double[] serialNanos = java.util.Arrays.stream(serial).asDoubleStream().toArray();
        SpeedupModel model = new SpeedupModel(SpeedupModel.fitElementNanos(sizesLong, serialNanos),
                hockney.t0Nanos(), 1 / hockney.rInfBytesPerNano());
        Output.Table table = output().table(Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine"),
                Column.of("serial (us)", r -> String.format("%,.1f", r.getLong("serial_ns") / 1e3)),
                Column.of("parallel (us)", r -> String.format("%,.1f", r.getLong("parallel_ns") / 1e3)),
                Column.of("speedup", "speedup", "%.2f"), Column.of("efficiency", "efficiency", "%.2f"), Column.of("GFLOPS", "gflops", "%.2f"),
                Column.of("predicted speedup", "predicted_speedup", "%.2f"),
                Column.of("machine model", "machine_predicted_speedup", "%.2f"),
                Column.of("measured / machine", r -> r.get("machine_predicted_speedup") == null ? "-"
                        : String.format("%.2f", r.getDouble("speedup") / r.getDouble("machine_predicted_speedup"))),
                Column.of("", r -> (boolean) r.get("oversubscribed") ? "oversubscribed" : ""));
        for (Object[] row : rows) {
            int n = (int) row[0];
            int p = (int) row[1];
            long s = (long) row[3];
            long t = (long) row[4];
            double speedup = s / (double) t;
            // The distributed form skips the master's scatter and gather: log2 p rounds, not 2 + log2 p.
            FftEngine engine = (FftEngine) row[2];
            double predicted = model.speedup(n, p, engine.masterWorker());
            table.add(new Row().put("n", n).put("p", p).put("engine", engine.label()).put("serial_ns", s).put("parallel_ns", t)
                    .put("speedup", speedup).put("efficiency", speedup / p).put("gflops", Fft.flops(n) / t)
                    .put("predicted_speedup", predicted).put("predicted_efficiency", predicted / p)
                    .put("reps", FftRuns.repetitions(n, reps)).put("oversubscribed", row[5]).put("machine_predicted_speedup", row[6]));
        }
        if (breakdown) {
            output().line("where the time goes (runtime engines, ns per transform measured in separate runs with the phases timed;"
                    + " each cell the mean over ranks / rank 0 alone, us):");
            Output.Table phases = output().table(phaseColumns());
            for (Object[] row : phaseRows) {
                FftPhases measured = (FftPhases) row[3];
                Row f = new Row().put("breakdown", true).put("n", row[0]).put("p", row[1]).put("engine", row[2]);
                for (FftPhases.Phase phase : FftPhases.Phase.values()) {
                    String key = phase.name().toLowerCase(java.util.Locale.ROOT);
                    f.put(key + "_ns", Math.round(measured.meanNanos(phase))).put(key + "_rank0_ns", measured.nanos(0, phase));
                }
                phases.add(f.show("timed_ns", row[4]));
            }
        }
        List<String> crossovers = crossovers(rows);
        output().record(new Row().put("model", "seed-004").put("t_elem_ns", model.elementNanos()).put("t_a_ns", model.startupNanos())
                        .put("t_b_ns_per_byte", model.perByteNanos()),
                String.format("model: t_elem = %.3f ns (fitted to the serial times above), t_a = %.0f ns, t_b = %.4f ns/B (ping-pong"
                        + " Hockney fit)", model.elementNanos(), model.startupNanos(), model.perByteNanos()));
        if (!machineModels.isEmpty()) {
            output().line(String.format("machine model: the seed's model with the local FFTs, the exchange's passes over memory and the "
                    + "master's packing each timed on its own, all ranks at once (message hand-over %.0f ns); it never "
                    + "sees the FFT runs above", messageNanos));
        }
        crossovers.forEach(output()::line);
        return 0;
    }

    /**
     * Refuses sizes whose arrays do not fit the heap and a sweep beyond the time limit. Each
     * measurement times the serial FFT and the engine alternately, {@link FftRuns#repetitions}
     * times each, at its own estimate of N log2 N ns a transform; the runtime engines on p > 1
     * are measured once more for the machine model (and for --breakdown), and every repetition
     * starts and wakes p threads.
     */
    private void refuseWhatCannotRun(List<Integer> ns, List<FftEngine> chosen, long largest) {
        Limits.heap(Limits.heapForArrays(ARRAYS_PER_MEASUREMENT * 16.0 * largest) + (192L << 20), String.format("the FFT of N = %,d points (%d arrays of"
                + " %,d bytes)", largest, ARRAYS_PER_MEASUREMENT, 16 * largest));
        double total = 0;
        for (int n : ns) {
            double transform = n * (double) Math.max(1, Integer.numberOfTrailingZeros(n));
            int timed = FftRuns.repetitions(n, reps);
            for (FftEngine engine : chosen) {
                for (int p : processors) {
                    int passes = 2 + (engine.onRuntime() && p > 1 ? 1 + (breakdown ? 1 : 0) : 0);
                    total += passes * timed * (transform + (double) WALL_NANOS_PER_THREAD * p);
                }
            }
        }
        timeLimit.check(total, String.format("%d size%s x %d engine%s x %d processor count%s, each timed %d+ times against the"
                + " serial FFT at about N log2 N ns a transform", ns.size(), ns.size() == 1 ? "" : "s", chosen.size(),
                chosen.size() == 1 ? "" : "s", processors.size(), processors.size() == 1 ? "" : "s", reps));
    }

    /**
     * The breakdown's columns: per runtime engine, N and p, each phase as the mean over ranks and
     * rank 0's own figure (the master's share in the master/worker forms), us per transform; their
     * sums; and the timed median the phases should roughly add up to.
     */
    private static Column[] phaseColumns() {
        List<Column> c = new ArrayList<>(List.of(Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine")));
        for (FftPhases.Phase phase : FftPhases.Phase.values()) {
            String key = phase.name().toLowerCase(java.util.Locale.ROOT);
            c.add(Column.of(phase.label(), r -> micros(r.getDouble(key + "_ns")) + " / " + micros(r.getDouble(key + "_rank0_ns"))));
        }
        c.add(Column.of("sum", r -> micros(phaseSum(r, "_ns")) + " / " + micros(phaseSum(r, "_rank0_ns"))));
        c.add(Column.of("timed", r -> micros(r.getDouble("timed_ns"))));
        return c.toArray(Column[]::new);
    }

    private static double phaseSum(Row r, String suffix) {
        double sum = 0;
        for (FftPhases.Phase phase : FftPhases.Phase.values()) {
            sum += r.getDouble(phase.name().toLowerCase(java.util.Locale.ROOT) + suffix);
        }
        return sum;
    }

    private static String micros(double nanos) {
        return String.format("%,.1f", nanos / 1e3);
    }

    /**
     * The model-clock table: the master/worker FFT's model time on the runtime, its exact
     * prediction ({@link FftTiming}), and the seed's cost model with {@code t_elem = elem-cost},
     * {@code t_a = L + 2o} (one message's time) and {@code t_b = G} per byte.
     */
    private int modelTable(List<Integer> ns, List<FftEngine> chosen) {
        List<FftEngine> runtime = chosen.stream().filter(FftEngine::onRuntime).toList();
        List<String> skipped = chosen.stream().filter(e -> !e.onRuntime()).map(FftEngine::label).toList();
        if (runtime.isEmpty()) {
            throw new IllegalArgumentException("--clock model runs the engines on the LogP runtime ("
                    + String.join(", ", java.util.Arrays.stream(FftEngine.values()).filter(FftEngine::onRuntime)
                            .map(FftEngine::label).toList()) + "); --engine names none of them");
        }
        if (!skipped.isEmpty()) {
            note("model clock: " + String.join(", ", skipped) + " do not run on the LogP runtime, so they have no model time");
        }
        Output.Table table = output().table(Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine"),
                Column.of("model time", "time"), Column.of("predicted", "predicted"), Column.of("serial (p = 1)", "serial"),
                Column.of("speedup", "speedup", "%.2f"), Column.of("seed model speedup", "seed_predicted_speedup", "%.2f"),
                Column.yesNo("ok", "ok"));
        SpeedupModel seed = new SpeedupModel(elementCost, logp.latency + 2.0 * logp.overhead, gapPerByte);
        for (int n : ns) {
            for (int p : processors) {
                for (FftEngine engine : runtime) {
                    LogP params = new LogP(logp.latency, logp.overhead, logp.gap, p, gapPerByte);
                    double[] a = new java.util.Random(n).doubles(2L * n).toArray();
                    double[] expected = a.clone();
                    Fft.forward(expected);
                    ModelRun run = modelRun(engine, params, a);
                    long serial = FftTiming.masterWorker(params.withP(1), 1, n, elementCost);
                    boolean ok = check(run.time() == run.predicted() && ComplexArrays.relativeRmsError(run.output(), expected) < 1e-12,
                            engine.label() + ", N = " + n + ", p = " + p + ": time " + run.time() + " vs predicted " + run.predicted()
                                    + ", or the transform differs from the serial FFT");
                    double speedup = serial / (double) run.time();
                    double seedSpeedup = seed.speedup(n, p, engine.masterWorker());
                    table.add(new Row().put("n", n).put("p", p).put("engine", engine.label()).put("clock", "model")
                            .put("L", logp.latency).put("o", logp.overhead).put("g", logp.gap).put("G", gapPerByte)
                            .put("elem_cost", elementCost).put("time", run.time()).put("predicted", run.predicted())
                            .put("serial", serial).put("speedup", speedup).put("efficiency", speedup / p)
                            .put("seed_predicted_speedup", seedSpeedup).put("ok", ok));
                }
            }
        }
        return 0;
    }

    /** A model-clock run: its makespan, the exact prediction, and the transform it produced. */
    private record ModelRun(long time, long predicted, double[] output) { }

    private ModelRun modelRun(FftEngine engine, LogP params, double[] a) {
        int p = params.P();
        int n = a.length / 2;
        Handover handover = engine.handover();
        if (!engine.masterWorker()) {
            double[][] blocks = new double[p][];
            for (int r = 0; r < p; r++) {
                blocks[r] = ButterflyExchangeFft.inputBlock(a, p, r);
            }
            RunResult r = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL,
                    proc -> ButterflyExchangeFft.transform(proc, blocks[proc.rank()], null, elementCost, handover, null));
            double[] out = new double[a.length];
            for (int q = 0; q < p; q++) {
                System.arraycopy(blocks[q], 0, out, q * blocks[q].length, blocks[q].length);
            }
            return new ModelRun(r.makespan(), FftTiming.distributed(params, p, n / p, elementCost, handover), out);
        }
        RunResult r = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL,
                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? a : null, elementCost, handover));
        return new ModelRun(r.makespan(), FftTiming.masterWorker(params, p, n, elementCost, handover), a);
    }

    /**
     * For each engine and p > 1 within the cores: the smallest measured N from which on the engine beats our serial
     * FFT at every larger measured N (the crossover below which parallel loses), or that it never does.
     */
    private static List<String> crossovers(List<Object[]> rows) {
        Map<String, List<Object[]>> byEngine = new java.util.LinkedHashMap<>();
        for (Object[] row : rows) {
            // Oversubscribed rows measure the scheduler: no speedup claim rests on them.
            if ((int) row[1] > 1 && !(boolean) row[5]) {
                byEngine.computeIfAbsent(((FftEngine) row[2]).label() + " p=" + row[1], k -> new ArrayList<>()).add(row);
            }
        }
        List<String> lines = new ArrayList<>();
        byEngine.forEach((key, list) -> {
            Integer from = null;
            for (Object[] row : list) {
                boolean wins = (long) row[4] < (long) row[3];
                if (wins && from == null) {
                    from = (Integer) row[0];
                } else if (!wins) {
                    from = null;
                }
            }
            lines.add("crossover " + key + ": " + (from == null ? "never faster than serial in this range"
                    : "faster than serial from N = " + from + " on"));
        });
        return lines;
    }

    /**
     * The runtime's Hockney fit over message sizes up to the largest block the FFT will send
     * ({@code blockBytes}, at most 64 MiB): large copies run at memory bandwidth, not at the cache
     * bandwidth of a 1 MiB ping-pong, and {@code t_b} should say so.
     */
    private HockneyFit hockney(long blockBytes) {
        List<Integer> list = new ArrayList<>(List.of(8, 1024, 65536, 1 << 20));
        if (blockBytes > (1 << 20)) {
            list.add((int) Math.min(blockBytes, 1L << 26));
        }
        int[] bytes = list.stream().mapToInt(Integer::intValue).toArray();
        double[] sizes = new double[bytes.length];
        double[] nanos = new double[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            int reps = bytes[i] > (1 << 20) ? 20 : bytes[i] >= 65536 ? 300 : 2000;
            PingPong.Result r = PingPong.run(LogP.of(0, 0, 0, 2), bytes[i], Math.min(200, reps), reps);
            sizes[i] = bytes[i];
            nanos[i] = r.medianOneWayNanos();
        }
        return HockneyFit.fit(sizes, nanos);
    }

    private List<Integer> parseSizes() {
        List<Integer> ns = new ArrayList<>();
        for (String s : sizes) {
            String[] range = s.trim().split("\\.\\.", -1);
            if (range.length > 2) {
                throw new IllegalArgumentException("--n takes sizes or ranges A..B, got '" + s + "'");
            }
            int from = size(range[0]);
            int to = range.length == 2 ? size(range[1]) : from;
            for (long n = from; n <= to; n *= 2) {
                ns.add((int) n);
            }
        }
        return ns;
    }

    private static int size(String text) {
        String t = text.trim();
        long n;
        try {
            n = t.startsWith("2^") ? 1L << Integer.parseInt(t.substring(2)) : Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--n takes powers of two such as 8192 or 2^13, got '" + text + "'");
        }
        if (n < 2 || n > (1 << 26) || Long.bitCount(n) != 1) {
            throw new IllegalArgumentException("--n sizes must be powers of two from 2 to 2^26, got '" + text + "'");
        }
        return (int) n;
    }
}
