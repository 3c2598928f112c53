package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.experiment.fft.BestSerial;
import org.logplab.bench.experiment.fft.FftEngine;
import org.logplab.bench.experiment.fft.FftModelRuns;
import org.logplab.bench.experiment.fft.FftSweep;
import org.logplab.bench.experiment.fft.FftSweepCost;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.report.FftText;
import org.logplab.core.ClockKind;
import org.logplab.fft.FftKernels;
import org.logplab.fft.FftPhases;
import org.logplab.fft.MachineFftModel;
import org.logplab.fft.SpeedupModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab fft}: the seed's table of the parallel FFT's speedup on this machine. For each
 * size N: our serial FFT's time, then each engine on each p: time, speedup over our serial FFT,
 * speedup over the best serial time of the run at N ({@link BestSerial}: ours, JTransforms on one
 * thread or FFTW, a line under the table says which at each N), efficiency, GFLOPS
 * ({@code 5 N log2 N / t}), and the seed's model's predicted speedup
 * ({@link SpeedupModel}: {@code t_elem} fitted to the serial times of this run, {@code t_a},
 * {@code t_b} from a ping-pong Hockney fit of the runtime).
 *
 * <p>Engines: {@link FftEngine} ({@code logp}: master/worker on the LogP runtime, arrays lent;
 * {@code logp-seed}: the seed's master/worker, every block copied; {@code logp-distributed}: the
 * butterfly exchange with the data already distributed, partners lending each other their blocks;
 * {@code logp-distributed-seed}: the same with the seed's exchange messages, copies of the block;
 * {@code forkjoin}; {@code jtransforms} and {@code fftw}, the peers), wall clock, nothing injected.
 * With {@code --breakdown}, where each runtime engine's time goes ({@link FftPhases}), ns per
 * transform, the mean over ranks and rank 0 (the master) alone. With {@code --clock model}, the
 * runtime engines' model times beside their exact predictions ({@link FftModelRuns}).
 *
 * <p>JSON Lines, one object per (n, p, engine): {@code n}, {@code p}, {@code engine},
 * {@code serial_ns}, {@code parallel_ns}, {@code speedup}, {@code efficiency}, {@code gflops},
 * {@code predicted_speedup}, {@code predicted_efficiency}, {@code reps}, {@code oversubscribed},
 * {@code machine_predicted_speedup} ({@link MachineFftModel}, null where it does not apply),
 * {@code best_serial_ns}, {@code best_serial_engine} ({@code serial} for ours, or the peer's label) and
 * {@code speedup_vs_best} ({@code best_serial_ns / parallel_ns}), {@code kernels} (our FFT's
 * kernels, {@code scalar} or {@code vector}: {@code --kernels}); then one
 * {@code model} object: {@code t_elem_ns}, {@code t_a_ns}, {@code t_b_ns_per_byte}. With
 * {@code --breakdown}, one object per (n, p, runtime engine): {@code breakdown: true}, {@code n},
 * {@code p}, {@code engine}, and per phase {@code <phase>_ns} (mean over ranks) and
 * {@code <phase>_rank0_ns}, phases {@code scatter}, {@code local_fft}, {@code snapshot},
 * {@code wait}, {@code combine}, {@code gather}.
 */
@Command(name = "fft", header = "Dual-core speedup of the parallel FFT beside the seed's model.",
        description = "Times are medians of --reps in-place forward transforms after a warm-up.")
final class FftCommand extends RowsCommand {

    @Mixin
    FftOptions options;

    /** The model clock's parameters; the wall clock (the default) measures and injects nothing. */
    @Mixin
    LogPClockOptions logp = new LogPClockOptions(100, 20, 20, ClockKind.WALL);

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() {
        List<Integer> ns = options.parseSizes();
        List<FftEngine> chosen = options.parseEngines();
        if (!logp.wall()) {
            return modelTable(options.modelRuns(ns, chosen, logp));
        }
        FftOptions.refuseModelParameters(this::given);
        FftKernels kernels = options.useKernels();
        output().line("our FFT's kernels: " + kernels.label() + " (" + kernels.describe() + ")");
        for (int p : options.processors) {
            FftOptions.checkProcessors(p, ns);
            warnIfOversubscribed(p);
        }
        FftSweep sweep = options.sweep(ns, chosen);
        FftSweepCost cost = new FftSweepCost(sweep);
        cost.refuseBeyondHeap();
        timeLimit.check(cost.nanos(), cost.basis());
        FftSweep.Result result;
        try (Progress steps = progress("fft", ns.size())) {
            result = sweep.run(steps, this::note);
        }
        if (result == null) {
            note("no engine ran: nothing to show");
            return 0;
        }
        Output.Table table = output().table(FftText.sweepColumns());
        result.rows().forEach(table::add);
        output().line(FftText.bestSerialLine(result.bestSerial()));
        if (options.breakdown) {
            output().line(FftText.BREAKDOWN_HEADING);
            Output.Table phases = output().table(FftText.phaseColumns());
            result.phases().forEach(phases::add);
        }
        output().record(result.model(), result.modelText());
        if (result.machineModelText() != null) {
            output().line(result.machineModelText());
        }
        result.crossovers().forEach(output()::line);
        return 0;
    }

    /** The model-clock table: each run's row, its check recorded as the command's verdict. */
    private int modelTable(FftModelRuns runs) {
        runs.refuseBeyondHeap();
        FftOptions.requireRuntimeEngine(runs.engines());
        if (!runs.skipped().isEmpty()) {
            note("model clock: " + String.join(", ", runs.skipped())
                    + " do not run on the LogP runtime, so they have no model time");
        }
        Output.Table table = output().table(FftText.modelColumns());
        runs.run(run -> {
            check(run.ok(), run.what());
            table.add(run.row());
        });
        return 0;
    }
}
