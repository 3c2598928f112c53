package org.logplab.bench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.core.LogP;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.PingPong;
import org.logplab.net.AeronLink;
import org.logplab.net.AeronPingPong;
import org.logplab.net.AeronPrtt;
import org.logplab.net.PeerAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab measure}: injects wall-clock LogP parameters and prints what the PRTT
 * estimator recovers, beside the host's zero-injection baseline.
 *
 * <p>JSON Lines, one object per configuration: {@code baseline} (boolean), {@code injected_L_ns},
 * {@code injected_o_ns}, {@code injected_g_ns}, {@code L_ns}, {@code o_ns}, {@code g_ns},
 * {@code size_bytes}, {@code reps}, {@code latency} (the runtime's latency recording: {@code all};
 * null for an Aeron transport's row). With {@code --transport aeron-ipc|aeron-udp}: one object for
 * {@code inprocess} and one for the transport, each with {@code transport}, {@code L_ns},
 * {@code o_ns}, {@code g_ns} (PRTT over that transport) and {@code t0_ns},
 * {@code r_inf_bytes_per_ns}, {@code m_half_bytes} (Hockney fit of its ping-pong), and {@code peer}
 * (the other process's address with {@code --peer}, else null).
 *
 * <p>Between two processes (two hosts, or two network namespaces): one runs {@code measure
 * --transport aeron-udp --echo --listen B --peer A}, the other {@code measure --transport aeron-udp
 * --listen A --peer B}, which measures and then stops the echo. The echo prints one object:
 * {@code echo} (true), {@code listen}, {@code peer}, {@code answered} (frames answered).
 */
@Command(header = "Recover injected L, o, g and the host baseline (Netgauge PRTT).", name = "measure", description = {
    "Recover L, o and g of the runtime with parametrised round trips (Netgauge PRTT),",
    "for injected parameters and for the host itself (zero injection)."})
final class MeasureCommand extends RowsCommand {
    /**
     * A zero-injection one-way time above this means the two measuring threads did not each have
     * a core (an idle host takes well under 5 us): other processes compete for the cores.
     */
    private static final double BUSY_ONE_WAY_NANOS = 50_000;

    @Mixin
    InjectedDelayOptions injected;

    @Option(names = "--size", converter = SizeConverter.class, defaultValue = "8", description = "Message size (default 8 bytes).")
    int size;

    @Option(names = "--n", defaultValue = "16", description = "Messages per PRTT burst (default 16).")
    int burst;

    @Option(names = "--reps", defaultValue = "51", description = "Repetitions per PRTT kind; medians are reported (default 51).")
    int reps;

    @Option(names = "--transport", defaultValue = "inprocess",
            description = "inprocess (default), or aeron-ipc / aeron-udp: that transport's L, o, g and Hockney fit beside the in-process ones.")
    String transport;

    @Option(names = "--pingpong-reps", defaultValue = "500",
            description = "With --transport: round trips per size of the ping-pong behind the Hockney fit, after a fifth as many "
                    + "unrecorded (default 500).")
    int pingPongReps;

    @Option(names = "--peer", description = "With --transport aeron-udp: measure to the process listening at this host:port "
            + "(started with --echo) instead of between two threads of this one.")
    String peer;

    @Option(names = "--listen", description = "With --peer: this process's own host:port, where the other side sends.")
    String listen;

    @Option(names = "--echo", description = "With --peer and --listen: answer the measuring process at --peer until it is done.")
    boolean echo;

    @Option(names = "--connect-timeout", converter = DurationNanosConverter.class, defaultValue = "60s",
            description = "With --peer: how long to wait for the other side (default 60s).")
    long connectTimeoutNanos;

    @Mixin
    TimeLimitOptions timeLimit;

    private PeerAddress here;
    private PeerAddress there;

    @Override
    int execute() throws Exception {
        Limits.repetitions("--reps", reps);
        if (burst < 2) {
            throw new IllegalArgumentException("--n must be at least 2, got " + burst);
        }
        Limits.repetitions("--pingpong-reps", pingPongReps);
        if (connectTimeoutNanos > timeLimit.maxNanos) {
            throw new IllegalArgumentException("--connect-timeout " + Cells.duration(connectTimeoutNanos) + " is longer than --max-time "
                    + Cells.duration(timeLimit.maxNanos) + ": give a shorter one, or a longer --max-time");
        }
        refuseWhatCannotRun();
        if (peer != null || listen != null || echo) {
            if (!transport.equals("aeron-udp")) {
                throw new IllegalArgumentException("--peer, --listen and --echo measure between processes over --transport aeron-udp, not "
                        + transport);
            }
            if (peer == null || listen == null) {
                throw new IllegalArgumentException("between processes give both --listen (this side's host:port) and --peer (the other's)");
            }
            if (connectTimeoutNanos <= 0) {
                throw new IllegalArgumentException("--connect-timeout must be positive");
            }
            here = PeerAddress.parse(listen);
            there = PeerAddress.parse(peer);
            if (here.equals(there)) {
                throw new IllegalArgumentException("--listen and --peer are both " + here + "; the other side listens elsewhere");
            }
            if (echo) {
                return echo();
            }
        }
        if (!transport.equals("inprocess")) {
            return transport(AeronPingPong.Medium.parse(transport));
        }
        boolean injecting = injected.any();
        LogP params = injected.toLogP(2);
        LogPEstimator.Estimate base;
        LogPEstimator.Estimate est = null;
        try (Progress steps = progress("measure", injecting ? 2 : 1)) {
            steps.step("measuring the host baseline (zero injection)");
            base = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), size, burst, reps);
            if (base.prtt1() / 2 > BUSY_ONE_WAY_NANOS) {
                note(String.format("warning: the host's zero-injection one-way time is %,.0f ns: other processes compete"
                        + " for the cores, and the figures measure the scheduler", base.prtt1() / 2));
            }
            if (injecting) {
                steps.step("measuring with injected L=" + params.L() + " ns, o=" + params.o() + " ns, g=" + params.g() + " ns");
                est = LogPEstimator.estimate(params, size, burst, reps);
            }
        }
        Output.Table table = output().table(inProcessColumns(est != null));
        table.add(row(true, LogP.of(0, 0, 0, 2), base));
        if (est != null) {
            table.add(row(false, params, est));
            output().line("g is observed as max(g, o); recovered values include the host baseline.");
        }
        output().line(LatencyFigures.CORE_MEASUREMENTS_NOTE);
        output().line(String.format("PRTT medians over %d repetitions, %d-message bursts, %d-byte messages.", reps, burst, size));
        return 0;
    }

    /** The in-process table: a row per configuration, with what was injected and the error when something was. */
    private static Column[] inProcessColumns(boolean injecting) {
        List<Column> c = new ArrayList<>(List.of(Column.of("run", r -> (boolean) r.get("baseline") ? "host baseline" : "injected"),
                Column.of("L (ns)", r -> Cells.nanos(r.getDouble("L_ns"))), Column.of("o (ns)", r -> Cells.nanos(r.getDouble("o_ns"))),
                Column.of("g (ns)", r -> Cells.nanos(r.getDouble("g_ns")))));
        if (injecting) {
            c.add(Column.of("injected L / o / g (ns)", r -> Cells.nanos(r.getDouble("injected_L_ns")) + " / " + Cells.nanos(r.getDouble("injected_o_ns"))
                    + " / " + Cells.nanos(r.getDouble("injected_g_ns"))));
            c.add(Column.of("error L / o / g", r -> (boolean) r.get("baseline") ? "-"
                    : error(r.getDouble("L_ns"), r.getLong("injected_L_ns")) + " / " + error(r.getDouble("o_ns"), r.getLong("injected_o_ns"))
                    + " / " + error(r.getDouble("g_ns"), r.getLong("injected_g_ns"))));
        }
        return c.toArray(Column[]::new);
    }

    /**
     * Refuses a message size whose buffers do not fit the heap and an estimate beyond the time
     * limit: each repetition of the PRTT estimator (and as many as a quarter more unrecorded)
     * takes PRTT(1,0) and PRTT(n,0) twice and PRTT(n,d) once, with d at least PRTT(1,0); every
     * round trip is at least 2 max(L + 2o, a thread hand-over) with the injected parameters, and n messages add
     * (n - 1) max(g, o): at least (n + 5) 2 (L + 2o) + 2 (n - 1) max(g, o) a repetition. With
     * --transport, each ping-pong round trip copies its message (up to 1 MiB) twice.
     */
    private void refuseWhatCannotRun() {
        // The estimator keeps four samples a repetition and two more for each warm-up and recorded one.
        Limits.heap(Limits.heapForArrays(4.0 * size + 8.0 * (4.0 * reps + 2.0 * (reps + Math.max(3, reps / 4)))),
                String.format("measure with %,d-byte messages and %,d repetitions", size, reps));
        LogP p = injected.toLogP(2);
        double roundTrip = 2.0 * Limits.oneWayNanos(p, size);
        double perRep = (burst + 5) * roundTrip + 2.0 * (burst - 1) * Math.max(p.g(), p.o());
        double total = ((double) reps + Math.max(3, reps / 4)) * perRep;
        if (!transport.equals("inprocess")) {
            total += 2.0 * 1.2 * pingPongReps * 2 * ((1 << 20) + 65536) * Limits.COPY_NANOS_PER_BYTE;
        }
        timeLimit.check(total, String.format("%,d PRTT repetitions (and %,d unrecorded) of at least %s each with the injected"
                + " delays", reps, Math.max(3, reps / 4), Cells.duration(perRep)));
    }

    /** The transport's PRTT estimate and Hockney fit beside the in-process runtime's. */
    private int transport(AeronPingPong.Medium medium) throws Exception {
        if (injected.any()) {
            throw new IllegalArgumentException("--L --o --g --G inject delays into the in-process runtime only, not into " + transport);
        }
        int[] sizes = {8, 1024, 65536, 1 << 20};
        LogPEstimator.Estimate local;
        PingPong.Result[] localPing = new PingPong.Result[sizes.length];
        LogPEstimator.Estimate remote;
        PingPong.Result[] remotePing;
        try (Progress steps = progress("measure", 2)) {
            steps.step("measuring the in-process runtime (zero injection)");
            local = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), size, burst, reps);
            PingPong.warmUpJit();
            for (int i = 0; i < sizes.length; i++) {
                localPing[i] = PingPong.run(LogP.of(0, 0, 0, 2), sizes[i], pingPongReps / 5, pingPongReps);
            }
            int cores = Runtime.getRuntime().availableProcessors();
            if (cores < 3) {
                note("warning: " + (peer == null ? "the media driver's thread shares" : "both processes' media driver threads share")
                        + " the " + cores + " cores with both measuring threads;"
                        + " the transport's figures include scheduling (over UDP the busy delays of PRTT(n,d) starve the driver)");
            }
            if (peer == null) {
                steps.step("measuring " + transport + " (embedded media driver)");
                remote = AeronPrtt.estimate(medium, size, burst, reps);
                remotePing = AeronPingPong.run(medium, sizes, pingPongReps / 5, pingPongReps);
            } else {
                steps.step("measuring " + transport + " to the echo at " + peer + ", listening at " + listen);
                try (AeronLink link = AeronLink.toPeer(here, there, Duration.ofNanos(connectTimeoutNanos))) {
                    remote = AeronPrtt.estimate(link, size, burst, reps);
                    remotePing = AeronPingPong.run(link, sizes, pingPongReps / 5, pingPongReps);
                    link.stopEcho();
                } catch (IllegalStateException e) {
                    return failed(e.getMessage());
                }
            }
        }
        HockneyFit localFit = hockney(localPing);
        HockneyFit remoteFit = hockney(remotePing);
        Output.Table table = output().table(Column.of("transport", r -> r.get("transport") + (r.get("peer") != null ? " to " + r.get("peer") : "")),
                Column.of("L (ns)", r -> Cells.nanos(r.getDouble("L_ns"))), Column.of("o (ns)", r -> Cells.nanos(r.getDouble("o_ns"))),
                Column.of("g (ns)", r -> Cells.nanos(r.getDouble("g_ns"))), Column.of("Hockney t0 (ns)", r -> Cells.nanos(r.getDouble("t0_ns"))),
                Column.of("r_inf (GB/s)", "r_inf_bytes_per_ns", "%.3f"), Column.of("m_half (B)", r -> Cells.nanos(r.getDouble("m_half_bytes"))));
        for (Object[] t : new Object[][] {{"inprocess", local, localFit}, {transport, remote, remoteFit}}) {
            Row f = row(t[0].equals("inprocess"), LogP.of(0, 0, 0, 2), (LogPEstimator.Estimate) t[1]);
            if (!t[0].equals("inprocess")) {
                f.put("latency", null); // Aeron's PRTT does not run on the runtime
            }
            HockneyFit fit = (HockneyFit) t[2];
            table.add(f.put("transport", t[0]).put("t0_ns", fit.t0Nanos()).put("r_inf_bytes_per_ns", fit.rInfBytesPerNano())
                    .put("m_half_bytes", fit.mHalfBytes()).put("peer", t[0].equals("inprocess") ? null : peer));
        }
        output().line(String.format("PRTT medians over %d repetitions, %d-message bursts, %d-byte messages; Hockney over 8 B, 1 KiB,"
                + " 64 KiB, 1 MiB (%d round trips each).", reps, burst, size, pingPongReps));
        output().line("in-process: " + LatencyFigures.CORE_MEASUREMENTS_NOTE);
        return 0;
    }

    /** The answering side of another process's {@code measure --peer}. */
    private int echo() throws java.io.IOException {
        note("echo: listening at " + here + " for the measuring side at " + there + "...");
        long answered;
        try (AeronLink link = AeronLink.toPeer(here, there, Duration.ofNanos(connectTimeoutNanos))) {
            answered = link.echo();
        } catch (IllegalStateException e) {
            return failed("--echo: " + e.getMessage());
        }
        output().record(new Row().put("echo", true).put("listen", here.toString()).put("peer", there.toString()).put("answered", answered),
                "echo: answered " + answered + " frames from " + there + ", which then said stop");
        return 0;
    }

    private static HockneyFit hockney(PingPong.Result[] results) {
        return HockneyFit.fit(java.util.Arrays.stream(results).mapToDouble(PingPong.Result::bytes).toArray(),
                java.util.Arrays.stream(results).mapToDouble(PingPong.Result::medianOneWayNanos).toArray());
    }

    private static Row row(boolean baseline, LogP injected, LogPEstimator.Estimate e) {
        return new Row().put("baseline", baseline).put("injected_L_ns", injected.L()).put("injected_o_ns", injected.o())
                .put("injected_g_ns", injected.g()).put("injected_G_ns", injected.G()).put("L_ns", e.lNanos()).put("o_ns", e.oNanos())
                .put("g_ns", e.gNanos()).put("size_bytes", e.bytes()).put("reps", e.reps()).put("burst", e.n())
                .put("prtt1_ns", e.prtt1()).put("d_ns", e.dNanos()).put("d_real_ns", e.dRealNanos())
                .put("latency", LatencyFigures.CORE_MEASUREMENTS.toString());
    }

    private static String error(double recovered, long injected) {
        return injected == 0 ? "-" : String.format("%+.1f%%", 100 * (recovered - injected) / injected);
    }
}
