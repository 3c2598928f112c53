package org.logplab.bench.experiment.measure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.PingPong;

/**
 * The rows of {@code logplab pingpong} ({@link PingPongSweep}): one per size and path
 * ({@code transport}, {@code path}, {@code size_bytes}, {@code oneway_ns_p50}, {@code oneway_ns_min}
 * in ns, {@code mb_per_s}, {@code reps}, {@code latency}), then per path its Hockney fit
 * ({@code fit: "hockney"}, {@code t0_ns}, {@code r_inf_bytes_per_ns}, {@code m_half_bytes},
 * {@code pi0_per_ns}, {@code r2}, {@code meaningful}).
 */
public final class PingPongRows {
    private PingPongRows() {
    }

    /**
     * The sweep's rows over {@code transport} ({@code inprocess}, {@code aeron-ipc}, ...), the notes under
     * them and the fits.
     */
    public static void print(Output out, PingPongSweep.Result sweep, String transport, int reps) {
        boolean inProcess = transport.equals(PingPongSweep.IN_PROCESS);
        String path = inProcess ? PingPongSweep.IN_PROCESS : "aeron";
        Map<Integer, Long> aeronP50 = new HashMap<>();
        sweep.direct().forEach(r -> aeronP50.put(r.bytes(), r.medianOneWayNanos()));
        List<Column> columns = new ArrayList<>();
        if (!inProcess) {
            columns.add(Column.of("path", "path"));
        }
        columns.addAll(List.of(Column.of("size (B)", "size_bytes"),
                Column.of("one-way p50 (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_p50"))),
                Column.of("one-way min (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_min"))),
                Column.of("MB/s", "mb_per_s", "%,.1f")));
        if (!inProcess) {
            columns.add(Column.of("cluster / aeron", r -> r.get("path").equals("cluster")
                    ? String.format("%.2f", r.getDouble("oneway_ns_p50") / aeronP50.get((int) r.getLong("size_bytes")))
                    : "-"));
        }
        Output.Table table = out.table(columns.toArray(Column[]::new));
        addRows(table, transport, path, sweep.direct(), inProcess, reps);
        addRows(table, transport, "cluster", sweep.cluster(), false, reps);
        if (inProcess) {
            out.line(LatencyFigures.CORE_MEASUREMENTS_NOTE);
        } else {
            out.line("aeron: the transport's own (a frame per message; one longer than Aeron's longest message is"
                    + " streamed as consecutive longest messages); cluster: between two cluster nodes in this JVM (the"
                    + " whole path of a message between processes, chunks of at most 1 MiB beyond Aeron's longest).");
        }
        addFit(out, inProcess ? "Hockney fit" : "Hockney fit, aeron", path, PingPongFit.of(sweep.direct()));
        if (!inProcess) {
            addFit(out, "Hockney fit, cluster", "cluster", PingPongFit.of(sweep.cluster()));
        }
    }

    private static void addRows(Output.Table table, String transport, String path, List<PingPong.Result> results,
            boolean inProcess, int reps) {
        for (PingPong.Result r : results) {
            table.add(new Row().put("transport", transport).put("path", path).put("size_bytes", r.bytes())
                    .put("oneway_ns_p50", r.medianOneWayNanos()).put("oneway_ns_min", r.minOneWayNanos())
                    .put("mb_per_s", megabytesPerSecond(r)).put("reps", reps)
                    .put("latency", inProcess ? LatencyFigures.CORE_MEASUREMENTS.toString() : null));
        }
    }

    /** The fit's record, shown as a sentence; without a fit (fewer than two sizes) a line that says so. */
    private static void addFit(Output out, String what, String path, HockneyFit fit) {
        if (fit == null) {
            out.line(what + " needs at least two distinct sizes.");
            return;
        }
        // A start-up time of zero or less, or times that do not grow with size, describe the noise of
        // sizes too close together, not the transport: said in words rather than left to be read as figures.
        boolean meaningful = fit.t0Nanos() > 0 && Double.isFinite(fit.rInfBytesPerNano());
        out.record(new Row().put("fit", "hockney").put("path", path).put("t0_ns", fit.t0Nanos())
                        .put("r_inf_bytes_per_ns", fit.rInfBytesPerNano()).put("m_half_bytes", fit.mHalfBytes())
                        .put("pi0_per_ns", fit.pi0PerNano()).put("r2", fit.r2()).put("meaningful", meaningful),
                String.format("%s: t0 = %,.0f ns, r_inf = %.3f GB/s, m_half = %,.0f B, pi0 = %.3g msg/ns,"
                        + " R^2 = %.4f", what, fit.t0Nanos(), fit.rInfGigabytesPerSecond(), fit.mHalfBytes(),
                        fit.pi0PerNano(), fit.r2())
                        + (meaningful ? "" : "\n  not meaningful: " + (fit.t0Nanos() <= 0 ? "t0 is not positive"
                        : "the times do not grow with size") + " over these sizes; give sizes spanning more, e.g."
                        + " --sizes 8,1k,64k,1M"));
    }

    /** Size over median one-way time: bytes per ns is GB/s, so times 1000 is MB/s (10^6 B). */
    static double megabytesPerSecond(PingPong.Result r) {
        return r.medianOneWayNanos() == 0 ? Double.POSITIVE_INFINITY : 1000.0 * r.bytes() / r.medianOneWayNanos();
    }
}
