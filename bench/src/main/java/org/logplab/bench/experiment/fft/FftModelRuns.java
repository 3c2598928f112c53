package org.logplab.bench.experiment.fft;

import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;
import org.logplab.fft.ButterflyExchangeFft;
import org.logplab.fft.ComplexArrays;
import org.logplab.fft.Fft;
import org.logplab.fft.FftTiming;
import org.logplab.fft.Handover;
import org.logplab.fft.MasterWorkerFft;
import org.logplab.fft.SpeedupModel;

/**
 * The model-clock runs of {@code logplab fft}: each size N, each processor count p and each engine
 * that runs on the LogP runtime, the FFT's model time on the runtime beside its exact prediction
 * ({@link FftTiming}), the serial time (p = 1) and the seed's cost model ({@link SpeedupModel})
 * with {@code t_elem = elementCost}, {@code t_a = L + 2o} (one message's time) and {@code t_b = G}
 * per byte. Each run is checked: its time equals the prediction and its transform the serial FFT's.
 * Times in model units. The engines that do not run on the runtime are {@link #skipped}.
 *
 * @param delays L, o, g and G, model units (its P is not used: each run has its own p)
 * @param elementCost units per point per radix-2 stage, the seed's {@code t_elem}
 */
public record FftModelRuns(List<Integer> sizes, List<Integer> processors, List<FftEngine> engines, LogP delays,
                           long elementCost) {

    /**
     * One run: its row ({@code n}, {@code p}, {@code engine}, {@code clock}, {@code L}, {@code o},
     * {@code g}, {@code G}, {@code elem_cost}, {@code time}, {@code predicted}, {@code serial},
     * {@code speedup}, {@code efficiency}, {@code seed_predicted_speedup}, {@code ok}) and its check:
     * whether it passed, and what it was, for the verdict.
     */
    public record Checked(Row row, boolean ok, String what) { }

    /** Refuses ({@link Limits#heap}) runs whose processors and arrays do not fit the heap. */
    public void refuseBeyondHeap() {
        long largest = sizes.stream().mapToLong(Integer::longValue).max().orElse(2);
        int mostP = processors.stream().mapToInt(Integer::intValue).max().orElse(1);
        Limits.heap(ProcessorHeap.needed(ProcessorHeap.Channels.LOG_P, Math.max(1, mostP)) + 3 * 16 * largest,
                String.format("the model-clock FFT of N = %,d points on p = %,d", largest, mostP));
    }

    /** The labels of the engines that do not run on the LogP runtime, so have no model time. */
    public List<String> skipped() {
        return engines.stream().filter(e -> !e.onRuntime()).map(FftEngine::label).toList();
    }

    /** Runs every size, p and runtime engine in that order, handing each run to {@code each} as it ends. */
    public void run(Consumer<Checked> each) {
        SpeedupModel seed = new SpeedupModel(elementCost, delays.L() + 2.0 * delays.o(), delays.G());
        List<FftEngine> runtime = engines.stream().filter(FftEngine::onRuntime).toList();
        for (int n : sizes) {
            for (int p : processors) {
                for (FftEngine engine : runtime) {
                    LogP params = delays.withP(p);
                    double[] a = new Random(n).doubles(2L * n).toArray();
                    double[] expected = a.clone();
                    Fft.forward(expected);
                    ModelRun run = modelRun(engine, params, a);
                    long serial = FftTiming.masterWorker(params.withP(1), 1, n, elementCost);
                    boolean ok = run.time() == run.predicted()
                            && ComplexArrays.relativeRmsError(run.output(), expected) < 1e-12;
                    String what = engine.label() + ", N = " + n + ", p = " + p + ": time " + run.time()
                            + " vs predicted " + run.predicted() + ", or the transform differs from the serial FFT";
                    double speedup = serial / (double) run.time();
                    double seedSpeedup = seed.speedup(n, p, engine.masterWorker());
                    each.accept(new Checked(new Row().put("n", n).put("p", p).put("engine", engine.label())
                            .put("clock", "model").put("L", params.L()).put("o", params.o()).put("g", params.g())
                            .put("G", params.G()).put("elem_cost", elementCost).put("time", run.time())
                            .put("predicted", run.predicted()).put("serial", serial).put("speedup", speedup)
                            .put("efficiency", speedup / p).put("seed_predicted_speedup", seedSpeedup).put("ok", ok),
                            ok, what));
                }
            }
        }
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
            RunResult r = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL, proc ->
                    ButterflyExchangeFft.transform(proc, blocks[proc.rank()], null, elementCost, handover, null));
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
}
