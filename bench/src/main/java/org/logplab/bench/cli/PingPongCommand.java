package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.core.LogP;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.PingPong;
import org.logplab.net.AeronPingPong;
import org.logplab.net.ClusterPingPong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab pingpong}: one-way times over message sizes and the Hockney fit
 * {@code t(m) = t0 + m / r_inf} through the medians.
 *
 * <p>{@code --transport aeron-ipc|aeron-udp} measures Aeron through an embedded media driver
 * instead of the runtime's in-process channels, two ways for each size: the transport's own
 * ({@link AeronPingPong}: a frame, streamed as Aeron's longest messages where it is longer) and
 * the cluster's whole path between two nodes ({@link ClusterPingPong}: codec, chunks, reassembly,
 * delivery to a rank), so large-message throughput shows beside the transport's.
 *
 * <p>JSON Lines: one object per size and path ({@code transport}, {@code path}: {@code inprocess},
 * {@code aeron} or {@code cluster}, {@code size_bytes}, {@code oneway_ns_p50}, {@code oneway_ns_min},
 * {@code mb_per_s}, {@code reps}, {@code latency}: the runtime's latency recording, {@code all},
 * or null over Aeron), then per path one with {@code fit: "hockney"}, {@code path}, {@code t0_ns},
 * {@code r_inf_bytes_per_ns}, {@code m_half_bytes}, {@code pi0_per_ns}, {@code r2}.
 */
@Command(header = "One-way times over message sizes and the Hockney fit.", name = "pingpong", description = {
    "Ping-pong over message sizes on the wall clock (the receiver copies each payload),",
    "and the Hockney fit t(m) = t0 + m / r_inf."})
final class PingPongCommand extends RowsCommand {

    @Option(names = "--sizes", split = ",", converter = SizeConverter.class,
            defaultValue = "8,64,1k,16k,256k,1M", description = "Message sizes (default 8,64,1k,16k,256k,1M).")
    List<Integer> sizes;

    @Option(names = "--reps", defaultValue = "2000", description = "Round trips per size after warm-up (default 2000).")
    int reps;

    @Mixin
    InjectedDelayOptions injected;

    @Option(names = "--transport", defaultValue = "inprocess",
            description = "inprocess (the runtime's channels, default), aeron-ipc or aeron-udp (loopback), embedded media driver.")
    String transport;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        Limits.repetitions("--reps", reps);
        refuseWhatCannotRun();
        List<PingPong.Result> results = new ArrayList<>();
        List<PingPong.Result> cluster = new ArrayList<>();
        boolean inProcess = transport.equals("inprocess");
        try (Progress steps = progress("pingpong", (inProcess ? 1L : 2L) * sizes.size())) {
            if (inProcess) {
                LogP params = injected.toLogP(2);
                note("warming up the JIT...");
                PingPong.warmUpJit();
                for (int size : sizes) {
                    steps.step("ping-pong with " + size + "-byte messages");
                    results.add(PingPong.run(params, size, Math.max(100, reps / 5), reps));
                }
            } else {
                AeronPingPong.Medium medium = AeronPingPong.Medium.parse(transport);
                if (injected.any()) {
                    throw new IllegalArgumentException("--L --o --g --G inject delays into the in-process runtime only, not into " + transport);
                }
                int[] s = sizes.stream().mapToInt(Integer::intValue).toArray();
                results.addAll(List.of(AeronPingPong.run(medium, s, Math.max(100, reps / 5), reps,
                        i -> steps.step(transport + ", the transport's own path (embedded media driver): " + s[i] + "-byte messages"))));
                cluster.addAll(List.of(ClusterPingPong.run(medium, s, Math.max(100, reps / 5), reps,
                        i -> steps.step(transport + ", between two cluster nodes (codec, chunks, reassembly, delivery): " + s[i]
                                + "-byte messages"))));
            }
        }
        String path = inProcess ? "inprocess" : "aeron";
        Map<Integer, Long> aeronP50 = new java.util.HashMap<>();
        results.forEach(r -> aeronP50.put(r.bytes(), r.medianOneWayNanos()));
        List<Column> columns = new ArrayList<>();
        if (!inProcess) {
            columns.add(Column.of("path", "path"));
        }
        columns.addAll(List.of(Column.of("size (B)", "size_bytes"), Column.of("one-way p50 (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_p50"))),
                Column.of("one-way min (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_min"))), Column.of("MB/s", "mb_per_s", "%,.1f")));
        if (!inProcess) {
            columns.add(Column.of("cluster / aeron", r -> r.get("path").equals("cluster")
                    ? String.format("%.2f", r.getDouble("oneway_ns_p50") / aeronP50.get((int) r.getLong("size_bytes"))) : "-"));
        }
        Output.Table table = output().table(columns.toArray(Column[]::new));
        addRows(table, path, results, inProcess);
        addRows(table, "cluster", cluster, false);
        if (inProcess) {
            output().line(LatencyFigures.CORE_MEASUREMENTS_NOTE);
        } else {
            output().line("aeron: the transport's own (a frame per message; one longer than Aeron's longest message is streamed"
                    + " as consecutive longest messages); cluster: between two cluster nodes in this JVM (the whole path of"
                    + " a message between processes, chunks of at most 1 MiB beyond Aeron's longest).");
        }
        addFit(inProcess ? "Hockney fit" : "Hockney fit, aeron", path, fit(results));
        if (!inProcess) {
            addFit("Hockney fit, cluster", "cluster", fit(cluster));
        }
        return 0;
    }

    /**
     * Refuses sizes whose buffers do not fit the heap (each side keeps two buffers of the size)
     * and a sweep longer than the time limit: every round trip is two messages of at least
     * {@link Limits#oneWayNanos} (the injected delays or a thread hand-over, and the copy).
     */
    private void refuseWhatCannotRun() {
        long largest = sizes.stream().mapToLong(Integer::longValue).max().orElse(0);
        Limits.heap(Limits.heapForArrays(4.0 * largest), String.format("pingpong of %,d-byte messages (two buffers of that size on each side)",
                largest));
        LogP delays = injected.toLogP(2);
        int warmup = Math.max(100, reps / 5);
        double total = 0;
        for (int size : sizes) {
            total += ((double) warmup + reps) * 2 * Limits.oneWayNanos(delays, size);
        }
        if (!transport.equals("inprocess")) {
            total *= 2; // the transport's own ping-pong, then the cluster's path
        }
        timeLimit.check(total, String.format("%,d round trips per size after %,d unrecorded, each at least two hand-overs of"
                + " %.0f ns and two copies of the message at about %.0f GB/s", reps, warmup, Limits.HANDOFF_NANOS,
                1 / Limits.COPY_NANOS_PER_BYTE));
    }

    private static HockneyFit fit(List<PingPong.Result> results) {
        double[] x = results.stream().mapToDouble(PingPong.Result::bytes).toArray();
        double[] y = results.stream().mapToDouble(PingPong.Result::medianOneWayNanos).toArray();
        return results.stream().map(PingPong.Result::bytes).distinct().count() >= 2 ? HockneyFit.fit(x, y) : null;
    }

    private void addRows(Output.Table table, String path, List<PingPong.Result> results, boolean inProcess) {
        for (PingPong.Result r : results) {
            table.add(new Row().put("transport", transport).put("path", path).put("size_bytes", r.bytes())
                    .put("oneway_ns_p50", r.medianOneWayNanos()).put("oneway_ns_min", r.minOneWayNanos())
                    .put("mb_per_s", megabytesPerSecond(r)).put("reps", reps)
                    .put("latency", inProcess ? LatencyFigures.CORE_MEASUREMENTS.toString() : null));
        }
    }

    /** The fit's record, shown as a sentence; without a fit (fewer than two sizes) a line that says so. */
    private void addFit(String what, String path, HockneyFit fit) {
        if (fit == null) {
            output().line(what + " needs at least two distinct sizes.");
            return;
        }
        // A start-up time of zero or less, or times that do not grow with size, describe the noise of
        // sizes too close together, not the transport: said in words rather than left to be read as figures.
        boolean meaningful = fit.t0Nanos() > 0 && Double.isFinite(fit.rInfBytesPerNano());
        output().record(new Row().put("fit", "hockney").put("path", path).put("t0_ns", fit.t0Nanos())
                        .put("r_inf_bytes_per_ns", fit.rInfBytesPerNano()).put("m_half_bytes", fit.mHalfBytes())
                        .put("pi0_per_ns", fit.pi0PerNano()).put("r2", fit.r2()).put("meaningful", meaningful),
                String.format("%s: t0 = %,.0f ns, r_inf = %.3f GB/s, m_half = %,.0f B, pi0 = %.3g msg/ns, R^2 = %.4f", what,
                        fit.t0Nanos(), fit.rInfGigabytesPerSecond(), fit.mHalfBytes(), fit.pi0PerNano(), fit.r2())
                        + (meaningful ? "" : "\n  not meaningful: " + (fit.t0Nanos() <= 0 ? "t0 is not positive" : "the times do not grow with"
                        + " size") + " over these sizes; give sizes spanning more, e.g. --sizes 8,1k,64k,1M"));
    }

    /** Size over median one-way time: bytes per ns is GB/s, so times 1000 is MB/s (10^6 B). */
    private static double megabytesPerSecond(PingPong.Result r) {
        return r.medianOneWayNanos() == 0 ? Double.POSITIVE_INFINITY : 1000.0 * r.bytes() / r.medianOneWayNanos();
    }
}
