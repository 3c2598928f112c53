package org.logplab.bench.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.measure.Stats;

/**
 * The rows of {@link HopMeasurement}'s repetitions: one per repetition ({@code rep}, {@code media},
 * {@code oneway_ns_p50}, {@code oneway_ns_mean}, {@code hop_ns}, {@code ratio}: hop over mean
 * one-way, {@code ratio_p50}: hop over median one-way; and why the one-way mean differs from its
 * median ({@link OneWayOutliers}): {@code oneway_ns_p99}, {@code oneway_ns_max},
 * {@code oneway_outliers}, the fraction of round trips over {@value OneWayOutliers#SLOW_TIMES_MEDIAN}x
 * the median, and {@code oneway_outlier_time}, their share of the time), then one with
 * {@code summary: true}, {@code media}, {@code rounds}, {@code hops}, {@code reps} and the medians
 * over the repetitions of all these figures. Times in ns.
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
                Column.of("hop / one-way p50", "ratio_p50", "%.1f"),
                Column.of("hop / one-way mean", "ratio", "%.1f"),
                Column.of("one-way outliers (their time)", r -> String.format("%.1f %% (%.0f %%)",
                        100 * r.getDouble("oneway_outliers"), 100 * r.getDouble("oneway_outlier_time"))));
    }

    /** Adds the next repetition's row. */
    public void add(HopMeasurement.Rep rep) {
        reps.add(rep);
        OneWayOutliers o = rep.outliers();
        table.add(new Row().put("rep", reps.size()).put("media", media).put("oneway_ns_p50", rep.oneWayP50())
                .put("oneway_ns_mean", rep.oneWayMean()).put("hop_ns", rep.hop())
                .put("ratio", rep.permille() / 1000.0).put("ratio_p50", rep.p50Permille() / 1000.0)
                .put("oneway_ns_p99", o.p99()).put("oneway_ns_max", o.max())
                .put("oneway_outliers", o.slowPermille() / 1000.0)
                .put("oneway_outlier_time", o.slowTimePermille() / 1000.0));
    }

    private double median(ToLongFunction<HopMeasurement.Rep> figure) {
        return Stats.median(reps.stream().mapToLong(figure).toArray());
    }

    /** Adds the summary of the repetitions added, each a ring of {@code rounds} rounds. */
    public void summary(int rounds) {
        double medianOneWay = median(HopMeasurement.Rep::oneWayP50);
        double medianOneWayMean = median(HopMeasurement.Rep::oneWayMean);
        double medianHop = median(HopMeasurement.Rep::hop);
        double medianRatio = median(HopMeasurement.Rep::permille) / 1000.0;
        double medianRatioP50 = median(HopMeasurement.Rep::p50Permille) / 1000.0;
        double p99 = median(r -> r.outliers().p99());
        double max = median(r -> r.outliers().max());
        double outliers = median(r -> r.outliers().slowPermille()) / 1000.0;
        double outlierTime = median(r -> r.outliers().slowTimePermille()) / 1000.0;
        long hops = HopMeasurement.hops(rounds);
        out.record(new Row().put("summary", true).put("media", media).put("rounds", rounds).put("hops", hops)
                        .put("reps", reps.size()).put("oneway_ns_p50", medianOneWay)
                        .put("oneway_ns_mean", medianOneWayMean).put("hop_ns", medianHop).put("ratio", medianRatio)
                        .put("ratio_p50", medianRatioP50).put("oneway_ns_p99", p99).put("oneway_ns_max", max)
                        .put("oneway_outliers", outliers).put("oneway_outlier_time", outlierTime),
                String.format("medians over the repetitions: one-way p50 %s ns, mean %s ns; hop %s ns; hop / one-way"
                        + " p50 %.1f, hop / one-way mean %.1f%n(one-way: ping-pong of %d-byte payloads between two"
                        + " threads of one JVM, half the round trip; hop: the ring's makespan over %,d hops between two"
                        + " node JVMs, L = o = g = 0)%nthe one-way mean is above its median by the outliers: %.1f %% of"
                        + " round trips took over %dx the median (p99 %s ns, max %s ns) and carry %.0f %% of the time;"
                        + " the hop, a makespan, counts its own stalls as a mean does",
                        Cells.nanos(medianOneWay), Cells.nanos(medianOneWayMean), Cells.nanos(medianHop),
                        medianRatioP50, medianRatio, HopMeasurement.PAYLOAD_BYTES, hops, 100 * outliers,
                        OneWayOutliers.SLOW_TIMES_MEDIAN, Cells.nanos(p99), Cells.nanos(max), 100 * outlierTime));
    }
}
