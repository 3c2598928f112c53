package org.logplab.bench.cluster;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.measure.Stats;

/**
 * The rows of {@link HopMeasurement}'s repetitions: one per repetition ({@code rep}, {@code media},
 * {@code oneway_ns_p50}, {@code oneway_ns_mean}, {@code hop_ns}, {@code ratio}: hop over mean
 * one-way), then one with {@code summary: true}, {@code media}, {@code rounds}, {@code hops},
 * {@code reps} and the medians over the repetitions of {@code oneway_ns_p50},
 * {@code oneway_ns_mean}, {@code hop_ns} and {@code ratio}. Times in ns.
 */
public final class HopRows {
    private final Output out;
    private final Output.Table table;
    private final String media;
    private final List<HopMeasurement.Rep> reps = new ArrayList<>();

    /** The table of the repetitions over {@code media} ({@code ipc} or {@code udp}), in {@code out}. */
    public HopRows(Output out, String media) {
        this.out = out;
        this.media = media;
        this.table = out.table(Column.of("rep", "rep"),
                Column.of("one-way p50 (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_p50"))),
                Column.of("one-way mean (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_mean"))),
                Column.of("hop (ns)", r -> Cells.nanos(r.getDouble("hop_ns"))),
                Column.of("hop / one-way mean", "ratio", "%.1f"));
    }

    /** Adds the next repetition's row. */
    public void add(HopMeasurement.Rep rep) {
        reps.add(rep);
        table.add(new Row().put("rep", reps.size()).put("media", media).put("oneway_ns_p50", rep.oneWayP50())
                .put("oneway_ns_mean", rep.oneWayMean()).put("hop_ns", rep.hop())
                .put("ratio", rep.permille() / 1000.0));
    }

    /** Adds the summary of the repetitions added, each a ring of {@code rounds} rounds. */
    public void summary(int rounds) {
        double medianOneWay = Stats.median(reps.stream().mapToLong(HopMeasurement.Rep::oneWayP50).toArray());
        double medianOneWayMean = Stats.median(reps.stream().mapToLong(HopMeasurement.Rep::oneWayMean).toArray());
        double medianHop = Stats.median(reps.stream().mapToLong(HopMeasurement.Rep::hop).toArray());
        double medianRatio = Stats.median(reps.stream().mapToLong(HopMeasurement.Rep::permille).toArray()) / 1000.0;
        long hops = HopMeasurement.hops(rounds);
        out.record(new Row().put("summary", true).put("media", media).put("rounds", rounds).put("hops", hops)
                        .put("reps", reps.size()).put("oneway_ns_p50", medianOneWay)
                        .put("oneway_ns_mean", medianOneWayMean).put("hop_ns", medianHop).put("ratio", medianRatio),
                String.format("medians over the repetitions: one-way p50 %s ns, mean %s ns; hop %s ns; hop / one-way"
                        + " mean %.1f%n(one-way: ping-pong of %d-byte payloads between two threads of one JVM, half the"
                        + " round trip; hop: the ring's makespan over %,d hops between two node JVMs, L = o = g = 0)",
                        Cells.nanos(medianOneWay), Cells.nanos(medianOneWayMean), Cells.nanos(medianHop), medianRatio,
                        HopMeasurement.PAYLOAD_BYTES, hops));
    }
}
