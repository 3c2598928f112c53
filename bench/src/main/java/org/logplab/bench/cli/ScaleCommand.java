package org.logplab.bench.cli;

import org.logplab.bench.experiment.collective.ScaleRows;
import org.logplab.bench.experiment.collective.ScaleSweep;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Output;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab scale}: how far the model clock scales ({@link ScaleSweep}). A collective on
 * virtual threads (the binary-tree broadcast by default; {@code --algo optimal} or
 * {@code butterfly} for the optimal broadcast or the butterfly all-reduce), P doubling from 2^10
 * (or the given list) until a run takes longer than the budget.
 * A run still going when the budget is spent is stopped there, which ends the sweep (no run takes
 * longer than {@code --seconds}), as does one that runs out of heap; either way the rows so far
 * and the largest P within the budget are printed, and standard error says where and why it stopped. Each finished run
 * is also noted on standard error as it completes.
 *
 * <p><b>Heap.</b> Every processor is a virtual thread with its clock and channels, about a
 * kilobyte each ({@link ProcessorHeap}, measured with {@code jcmd GC.class_histogram}): a
 * {@code --P} the heap cannot hold is refused up front with the heap it needs; the doubling
 * sweep stops there with the same message. A warm-up run at a small P comes first, so that the
 * measured run does not pay for compiling the runtime (an uncompiled wake-up path costs every
 * waiting thread a deoptimisation, seconds at millions of threads).
 *
 * <p>JSON Lines, one object per P: {@code algo}, {@code P}, {@code seconds}, {@code events} (sends +
 * receives), {@code events_per_s}, {@code makespan}, {@code predicted}, {@code within_budget},
 * {@code ok} (every processor ended with the right value).
 */
@Command(header = "Largest model-clock collective within a time budget.", name = "scale", description = {
    "Scale of the model clock: a collective (--algo tree, optimal or butterfly) on virtual threads, P doubling",
    "until a run exceeds the time budget or the heap (about 1 KB per processor; it says what -Xmx a P needs).",
    "P = 2^23: LOGPLAB_JAVA_OPTS='-Xms20g -Xmx20g -Xmn16g'."})
final class ScaleCommand extends RowsCommand {

    @Mixin
    ScaleOptions options;

    @Mixin
    LogPOptions logp = new LogPOptions(6, 2, 4);

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() {
        options.check(timeLimit.maxNanos);
        Output.Table table = ScaleRows.table(output());
        int largest = new ScaleSweep(options.algo, options.seconds, logp::params).run(options.processors,
                options.maxProcessors, run -> {
                    check(run.ok(), run.check());
                    table.add(ScaleRows.row(run));
                }, this::note);
        output().line(ScaleRows.summary(options.seconds, largest));
        return 0;
    }
}
