package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.FftEngine;
import org.logplab.bench.experiment.FftRuns;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;
import org.logplab.fft.ButterflyExchangeFft;
import org.logplab.fft.ComplexArrays;
import org.logplab.fft.Fft;
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

    @Option(names = "--G", defaultValue = "0", converter = DurationNanosConverter.Delay.class, description = "Model clock: gap per byte, units (default 0).")
    long gapPerByte;

    @Option(names = "--elem-cost", defaultValue = "1", converter = DurationNanosConverter.Delay.class,
            description = "Model clock: units per point per radix-2 stage, the seed's t_elem (default 1).")
    long elementCost;

    @Mixin
    TimeLimitOptions timeLimit;

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
        FftSweep.Result result;
        try (Progress steps = progress("fft", ns.size())) {
            result = new FftSweep(ns, processors, chosen, reps, breakdown).run(steps, this::note);
        }
        if (result == null) {
            note("no engine ran: nothing to show");
            return 0;
        }
        Output.Table table = output().table(Column.of("N", "n"), Column.of("p", "p"), Column.of("engine", "engine"),
                Column.of("serial (us)", r -> String.format("%,.1f", r.getLong("serial_ns") / 1e3)),
                Column.of("parallel (us)", r -> String.format("%,.1f", r.getLong("parallel_ns") / 1e3)),
                Column.of("speedup", "speedup", "%.2f"), Column.of("efficiency", "efficiency", "%.2f"), Column.of("GFLOPS", "gflops", "%.2f"),
                Column.of("predicted speedup", "predicted_speedup", "%.2f"),
                Column.of("machine model", "machine_predicted_speedup", "%.2f"),
                Column.of("measured / machine", r -> r.get("machine_predicted_speedup") == null ? "-"
                        : String.format("%.2f", r.getDouble("speedup") / r.getDouble("machine_predicted_speedup"))),
                Column.of("", r -> r.getBoolean("oversubscribed") ? "oversubscribed" : ""));
        result.rows().forEach(table::add);
        if (breakdown) {
            output().line("where the time goes (runtime engines, ns per transform measured in separate runs with the phases timed;"
                    + " each cell the mean over ranks / rank 0 alone, us):");
            Output.Table phases = output().table(phaseColumns());
            result.phases().forEach(phases::add);
        }
        output().record(result.model(), result.modelText());
        if (result.machineModelText() != null) {
            output().line(result.machineModelText());
        }
        result.crossovers().forEach(output()::line);
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
