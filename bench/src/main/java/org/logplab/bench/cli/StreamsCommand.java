package org.logplab.bench.cli;

import org.logplab.bench.experiment.measure.StreamLayoutRows;
import org.logplab.bench.experiment.measure.StreamLayoutRuns;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab streams}: the measurement behind the cluster's stream layout. Sending threads
 * (one process's ranks) stream frames over Aeron UDP loopback to one receiver, with a stream per
 * rank pair, one stream per process pair shared under a lock (what {@code logplab node} uses), or
 * one Aeron concurrent publication; the three side by side in one run ({@link StreamLayoutRuns}).
 *
 * <p>JSON Lines, one object per (senders, layout): {@code layout}, {@code senders}, {@code messages},
 * {@code size_bytes}, {@code messages_per_s}, {@code ratio} (to the per-process-pair layout at the
 * same senders), {@code publications}, {@code log_buffer_bytes}, {@code reps}; the median of {@code reps}
 * runs.
 */
@Command(name = "streams", header = "Measure Aeron stream layouts: per rank pair or per process pair.",
        description = "Threads of one process send to one receiver over UDP loopback through one embedded media"
                + " driver.")
final class StreamsCommand extends RowsCommand {

    @Mixin
    StreamsOptions options;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        options.check();
        StreamLayoutRuns.refuseWhatCannotRun(options.senders, options.messages, options.size, options.reps,
                timeLimit.maxNanos);
        warnIfOversubscribed(options.mostSenders() + 2);
        Output.Table table = StreamLayoutRows.table(output());
        try (Progress steps = progress("streams", options.senders.size())) {
            for (int s : options.senders) {
                steps.step(s + " sender(s)");
                StreamLayoutRows.add(table, s, StreamLayoutRuns.medians(s, options.messages, options.size,
                        options.termLength, options.reps), options.size, options.reps);
            }
        }
        output().line(StreamLayoutRows.LEGEND);
        return 0;
    }
}
