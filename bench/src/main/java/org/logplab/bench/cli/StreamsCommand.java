package org.logplab.bench.cli;

import java.util.List;
import java.util.Map;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.net.StreamLayouts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab streams}: the measurement behind the cluster's stream layout. Sending threads
 * (one process's ranks) stream frames over Aeron UDP loopback to one receiver, with a stream per
 * rank pair, one stream per process pair shared under a lock (what {@code logplab node} uses), or
 * one Aeron concurrent publication; the three side by side in one run.
 *
 * <p>JSON Lines, one object per (senders, layout): {@code layout}, {@code senders}, {@code messages},
 * {@code size_bytes}, {@code messages_per_s}, {@code ratio} (to the per-process-pair layout at the
 * same senders), {@code publications}, {@code log_buffer_bytes}, {@code reps}; the median of {@code reps} runs.
 */
@Command(name = "streams", header = "Measure Aeron stream layouts: per rank pair or per process pair.",
        description = "Threads of one process send to one receiver over UDP loopback through one embedded media driver.")
final class StreamsCommand extends RowsCommand {

    @Option(names = "--senders", split = ",", defaultValue = "1,2,4", description = "Sending threads (default 1,2,4).")
    List<Integer> senders;

    @Option(names = "--messages", defaultValue = "200000", description = "Messages per sender (default 200000).")
    int messages;

    @Option(names = "--size", converter = SizeConverter.class, defaultValue = "64", description = "Message size (default 64).")
    int size;

    @Option(names = "--term-length", converter = SizeConverter.class, defaultValue = "16M",
            description = "Aeron term length (default 16M, as the cluster uses).")
    int termLength;

    @Option(names = "--reps", defaultValue = "3", description = "Rounds over the layouts, in rotating order; the median is shown (default 3).")
    int reps;

    @Mixin
    TimeLimitOptions timeLimit;

    /** What a message costs at the least, ns: Aeron over UDP loopback carries about a million short frames a second here. */
    private static final double NANOS_PER_MESSAGE = 1_000;

    @Override
    int execute() throws Exception {
        if (reps < 1 || messages < 1 || senders.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("need senders >= 1, --messages >= 1 and --reps >= 1, got --senders "
                    + senders + " --messages " + messages + " --reps " + reps);
        }
        double messagesInAll = senders.stream().mapToDouble(n -> n * (3.0 * reps * messages + Math.min(messages, 20_000))).sum();
        timeLimit.check(messagesInAll * (NANOS_PER_MESSAGE + size * Limits.COPY_NANOS_PER_BYTE), String.format("%,.0f messages"
                + " of %,d bytes over the three layouts, at least %.0f us each", messagesInAll, size, NANOS_PER_MESSAGE / 1e3));
        warnIfOversubscribed(senders.stream().mapToInt(Integer::intValue).max().orElse(1) + 2);
        Output.Table table = output().table(Column.of("senders", "senders"), Column.of("layout", "layout"),
                Column.of("messages/s", "messages_per_s", "%,.0f"), Column.of("vs per process pair", "ratio", "%.2f"),
                Column.of("publications", "publications"), Column.of("log buffers MiB", r -> r.getLong("log_buffer_bytes") >> 20));
        try (Progress steps = progress("streams", senders.size())) {
            for (int s : senders) {
                steps.step(s + " sender(s)");
                // Warm-up: the JIT and the driver, not recorded.
                StreamLayouts.run(StreamLayouts.Layout.PER_PROCESS_PAIR, s, Math.min(messages, 20_000), size, termLength);
                List<StreamLayouts.Layout> layouts = List.of(StreamLayouts.Layout.PER_PROCESS_PAIR, StreamLayouts.Layout.PER_RANK_PAIR,
                        StreamLayouts.Layout.PER_PROCESS_PAIR_CONCURRENT);
                Map<StreamLayouts.Layout, List<StreamLayouts.Result>> runs = new java.util.EnumMap<>(StreamLayouts.Layout.class);
                for (int rep = 0; rep < reps; rep++) {
                    for (int k = 0; k < layouts.size(); k++) {
                        StreamLayouts.Layout layout = layouts.get((k + rep) % layouts.size());
                        runs.computeIfAbsent(layout, x -> new java.util.ArrayList<>())
                                .add(StreamLayouts.run(layout, s, messages, size, termLength));
                    }
                }
                List<StreamLayouts.Result> results = new java.util.ArrayList<>();
                for (StreamLayouts.Layout layout : layouts) {
                    List<StreamLayouts.Result> rs = new java.util.ArrayList<>(runs.get(layout));
                    rs.sort(java.util.Comparator.comparingDouble(StreamLayouts.Result::messagesPerSecond));
                    results.add(rs.get(rs.size() / 2));
                }
                StreamLayouts.Result base = results.get(0);
                for (StreamLayouts.Result r : results) {
                    double ratio = r.messagesPerSecond() / base.messagesPerSecond();
                    table.add(new Row().put("layout", r.layout().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).put("senders", s)
                            .put("messages", r.messages()).put("size_bytes", size).put("messages_per_s", r.messagesPerSecond())
                            .put("ratio", ratio).put("publications", r.publications()).put("log_buffer_bytes", r.logBufferBytes())
                            .put("reps", reps));
                }
            }
        }
        output().line("log buffers: three terms per publication on the sending side (the receiver maps as much again);"
                + " a run of P ranks on k nodes needs P^2 (1 - 1/k) streams per rank pair, k (k - 1) per process pair");
        return 0;
    }
}
