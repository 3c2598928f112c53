package org.logplab.bench.experiment.fft;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.core.LogP;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.PingPong;
import org.logplab.fft.Fft;
import org.logplab.fft.FftCostProbe;
import org.logplab.fft.FftKernels;
import org.logplab.fft.FftPhases;
import org.logplab.fft.MachineFftModel;
import org.logplab.fft.SpeedupModel;

/**
 * The wall-clock speedup sweep of {@code logplab fft} (and of the demo's FFT section): each size
 * N, each engine on each processor count p, timed against our serial FFT in alternation, and its
 * speedup over the best serial time of the sweep at N ({@link BestSerial}); the seed's
 * model ({@link SpeedupModel}) with {@code t_elem} fitted to the serial times of the sweep and
 * {@code t_a}, {@code t_b} from a ping-pong Hockney fit of the runtime; the machine model
 * ({@link MachineFftModel}) of the runtime engines from microbenchmarks of their pieces; with
 * {@code breakdown}, where each runtime engine's time goes. The caller checks the inputs first
 * (powers of two, N/p at least 2, reps at least 3). Times in ns.
 *
 * @param reps the least timed repetitions per measurement ({@link FftRuns#repetitions} adds more for small N)
 */
public record FftSweep(List<Integer> sizes, List<Integer> processors, List<FftEngine> engines, int reps,
                       boolean breakdown) {

    /**
     * What the sweep measured: one {@code rows} entry per (N, p, engine) that ran (the JSON fields
     * {@code logplab fft} lists), the {@code phases} rows of the breakdown (per phase the mean over
     * ranks and rank 0's ns, and for the table only {@code timed_ns}, the timed median, and
     * {@code sum_ns}, {@code sum_rank0_ns}, the phases' sums), the {@code model} row with its
     * sentence, the machine model's line (null when no runtime engine ran on p > 1), one
     * crossover line per engine and p, and the best serial time at each N ({@link BestSerial}, by N
     * ascending), the baseline of each row's {@code speedup_vs_best}.
     */
    public record Result(List<Row> rows, List<Row> phases, Row model, String modelText, String machineModelText,
                         List<String> crossovers, Map<Integer, BestSerial> bestSerial) { }

    /**
     * Runs the sweep, announcing each size to {@code progress} and saying on {@code note} what it
     * leaves out (fftw on p > 1 or missing); null when no engine ran.
     */
    public Result run(Progress progress, Consumer<String> note) {
        long largest = sizes.stream().mapToLong(Integer::longValue).max().orElse(2);
        PingPong.warmUpJit();
        int fewestParallel = processors.stream().filter(q -> q > 1).mapToInt(Integer::intValue).min().orElse(2);
        HockneyFit hockney = hockney(16L * largest / Math.max(2, fewestParallel));
        if (engines.contains(FftEngine.FFTW) && processors.stream().anyMatch(q -> q != 1)) {
            note.accept("fftw runs on one thread: it has rows for p = 1 only"
                    + (processors.contains(1) ? "" : ", and --p has no 1"));
        }
        boolean fftwMissing = false;
        // One message's hand-over, for the machine model of the runtime engines (measured only if one runs).
        boolean runtimeRows = engines.stream().anyMatch(FftEngine::onRuntime)
                && processors.stream().anyMatch(q -> q > 1);
        double messageNanos = runtimeRows
                ? PingPong.run(LogP.of(0, 0, 0, 2), 8, 200, 2000).medianOneWayNanos() : Double.NaN;
        Map<Long, MachineFftModel> machineModels = new HashMap<>();
        List<Measured> measured = new ArrayList<>();
        List<Row> phases = new ArrayList<>();
        long[] serial = new long[sizes.size()];
        for (int i = 0; i < sizes.size(); i++) {
            int n = sizes.get(i);
            progress.step("N = " + n);
            int timedReps = FftRuns.repetitions(n, reps);
            FftRuns runs = new FftRuns(n, timedReps, n);
            List<Long> serialTimes = new ArrayList<>();
            for (FftEngine engine : engines) {
                for (int p : processors) {
                    if (engine == FftEngine.FFTW && (p != 1 || fftwMissing)) {
                        continue; // said once, above
                    }
                    boolean oversubscribed = p > Runtime.getRuntime().availableProcessors();
                    FftRuns.Pair pair;
                    try {
                        pair = engine.time(runs, p);
                    } catch (FftRuns.PeerUnavailable e) {
                        note.accept("fftw left out: " + e.getMessage());
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
                    measured.add(new Measured(n, p, engine, pair.serialNanos(), pair.engineNanos(), oversubscribed,
                            machine));
                    if (breakdown && engine.onRuntime() && p > 1) {
                        phases.add(phaseRow(n, p, engine, engine.phases(runs, p), pair.engineNanos()));
                    }
                }
            }
            if (serialTimes.isEmpty()) {
                continue; // no engine ran at this size (fftw alone, and missing)
            }
            serialTimes.sort(null);
            serial[i] = serialTimes.get(serialTimes.size() / 2);
        }
        if (measured.isEmpty()) {
            return null;
        }
        long[] sizesLong = sizes.stream().mapToLong(Integer::longValue).toArray();
        double[] serialNanos = Arrays.stream(serial).asDoubleStream().toArray();
        SpeedupModel model = new SpeedupModel(SpeedupModel.fitElementNanos(sizesLong, serialNanos),
                hockney.t0Nanos(), 1 / hockney.rInfBytesPerNano());
        List<Row> rows = new ArrayList<>();
        for (Measured m : measured) {
            double speedup = m.serialNanos() / (double) m.engineNanos();
            // The distributed form skips the master's scatter and gather: log2 p rounds, not 2 + log2 p.
            double predicted = model.speedup(m.n(), m.p(), m.engine().masterWorker());
            rows.add(new Row().put("n", m.n()).put("p", m.p()).put("engine", m.engine().label())
                    .put("serial_ns", m.serialNanos()).put("parallel_ns", m.engineNanos()).put("speedup", speedup)
                    .put("efficiency", speedup / m.p()).put("gflops", Fft.flops(m.n()) / m.engineNanos())
                    .put("predicted_speedup", predicted).put("predicted_efficiency", predicted / m.p())
                    .put("reps", FftRuns.repetitions(m.n(), reps)).put("oversubscribed", m.oversubscribed())
                    .put("machine_predicted_speedup", m.machine()).put("kernels", FftKernels.active().label()));
        }
        Map<Integer, BestSerial> best = BestSerial.perSize(rows.stream().map(Row::fields).toList());
        for (Row r : rows) {
            r.putAll(best.get((int) r.getLong("n")).fields(r.getLong("parallel_ns")));
        }
        Row modelRow = new Row().put("model", "seed-004").put("t_elem_ns", model.elementNanos())
                .put("t_a_ns", model.startupNanos()).put("t_b_ns_per_byte", model.perByteNanos());
        String modelText = String.format("model: t_elem = %.3f ns (fitted to the serial times above), t_a = %.0f ns,"
                + " t_b = %.4f ns/B (ping-pong Hockney fit)", model.elementNanos(), model.startupNanos(),
                model.perByteNanos());
        String machineText = machineModels.isEmpty() ? null : String.format("machine model: the seed's model with the"
                + " local FFTs, the exchange's passes over memory and the master's packing each timed on its own, all"
                + " ranks at once (message hand-over %.0f ns); it never sees the FFT runs above", messageNanos);
        return new Result(rows, phases, modelRow, modelText, machineText, crossovers(measured), best);
    }

    /**
     * One measurement: an engine on p against the serial FFT at N, and the machine model's speedup
     * (null where it does not apply).
     */
    private record Measured(int n, int p, FftEngine engine, long serialNanos, long engineNanos, boolean oversubscribed,
                            Double machine) { }

    /**
     * A breakdown row: per phase the mean over ranks and rank 0's own ns, and (for the table only)
     * the phases' sums and the timed median.
     */
    private static Row phaseRow(int n, int p, FftEngine engine, FftPhases measured, long timedNanos) {
        Row f = new Row().put("breakdown", true).put("n", n).put("p", p).put("engine", engine.label());
        double sum = 0;
        double sumRank0 = 0;
        for (FftPhases.Phase phase : FftPhases.Phase.values()) {
            String key = phase.name().toLowerCase(Locale.ROOT);
            long mean = Math.round(measured.meanNanos(phase));
            long rank0 = measured.nanos(0, phase);
            f.put(key + "_ns", mean).put(key + "_rank0_ns", rank0);
            sum += mean;
            sumRank0 += rank0;
        }
        return f.show("sum_ns", sum).show("sum_rank0_ns", sumRank0).show("timed_ns", timedNanos);
    }

    /**
     * For each engine and p > 1 within the cores: the smallest measured N from which on the engine
     * beats our serial FFT at every larger measured N (the crossover below which parallel loses),
     * or that it never does.
     */
    private static List<String> crossovers(List<Measured> measured) {
        Map<String, List<Measured>> byEngine = new LinkedHashMap<>();
        for (Measured m : measured) {
            // Oversubscribed rows measure the scheduler: no speedup claim rests on them.
            if (m.p() > 1 && !m.oversubscribed()) {
                byEngine.computeIfAbsent(m.engine().label() + " p=" + m.p(), k -> new ArrayList<>()).add(m);
            }
        }
        List<String> lines = new ArrayList<>();
        byEngine.forEach((key, list) -> {
            Integer from = null;
            for (Measured m : list) {
                boolean wins = m.engineNanos() < m.serialNanos();
                if (wins && from == null) {
                    from = m.n();
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
    private static HockneyFit hockney(long blockBytes) {
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
}
