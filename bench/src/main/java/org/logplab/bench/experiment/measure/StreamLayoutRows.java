package org.logplab.bench.experiment.measure;

import java.util.List;
import java.util.Locale;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.net.StreamLayouts;

/**
 * The rows of {@code logplab streams} ({@link StreamLayoutRuns}), one per (senders, layout):
 * {@code layout}, {@code senders}, {@code messages}, {@code size_bytes}, {@code messages_per_s},
 * {@code ratio} (to the first layout at the same senders), {@code publications},
 * {@code log_buffer_bytes}, {@code reps}.
 */
public final class StreamLayoutRows {
    /** The sentence under the table: what the log buffers are, and how many streams a run needs. */
    public static final String LEGEND = "log buffers: three terms per publication on the sending side (the receiver"
            + " maps as much again); a run of P ranks on k nodes needs P^2 (1 - 1/k) streams per rank pair,"
            + " k (k - 1) per process pair";

    private StreamLayoutRows() {
    }

    /** The table the rows go to. */
    public static Output.Table table(Output out) {
        return out.table(Column.of("senders", "senders"), Column.of("layout", "layout"),
                Column.of("messages/s", "messages_per_s", "%,.0f"), Column.of("vs per process pair", "ratio", "%.2f"),
                Column.of("publications", "publications"),
                Column.of("log buffers MiB", r -> r.getLong("log_buffer_bytes") >> 20));
    }

    /** The rows of {@code medians} (the first is the baseline of the ratios) with {@code senders} sending threads. */
    public static void add(Output.Table table, int senders, List<StreamLayouts.Result> medians, int size, int reps) {
        StreamLayouts.Result base = medians.get(0);
        for (StreamLayouts.Result r : medians) {
            double ratio = r.messagesPerSecond() / base.messagesPerSecond();
            table.add(new Row().put("layout", r.layout().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .put("senders", senders).put("messages", r.messages()).put("size_bytes", size)
                    .put("messages_per_s", r.messagesPerSecond()).put("ratio", ratio)
                    .put("publications", r.publications()).put("log_buffer_bytes", r.logBufferBytes())
                    .put("reps", reps));
        }
    }
}
