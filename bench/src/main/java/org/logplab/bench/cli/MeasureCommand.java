package org.logplab.bench.cli;

import java.time.Duration;
import java.util.Map;
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
final class MeasureCommand extends CommandBase {
    /**
     * A zero-injection one-way time above this means the two measuring threads did not each have
     * a core (an idle host takes well under 5 us): other processes compete for the cores.
     */
    private static final double BUSY_ONE_WAY_NANOS = 50_000;

    @Mixin
    InjectedDelays injected;

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

    private PeerAddress here;
    private PeerAddress there;

    @Override
    int execute() throws Exception {
        if (reps < 1 || burst < 2) {
            throw new IllegalArgumentException("--reps must be at least 1 and --n at least 2");
        }
        if (pingPongReps < 1) {
            throw new IllegalArgumentException("--pingpong-reps must be at least 1, got " + pingPongReps);
        }
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
        note("measuring the host baseline (zero injection)...");
        LogPEstimator.Estimate base = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), size, burst, reps);
        if (base.prtt1() / 2 > BUSY_ONE_WAY_NANOS) {
            note(String.format("warning: the host's zero-injection one-way time is %,.0f ns: other processes compete"
                    + " for the cores, and the figures measure the scheduler", base.prtt1() / 2));
        }
        LogPEstimator.Estimate est = null;
        if (injecting) {
            note("measuring with injected L=" + params.L() + " ns, o=" + params.o() + " ns, g=" + params.g() + " ns...");
            est = LogPEstimator.estimate(params, size, burst, reps);
        }
        if (json) {
            printJson(row(true, LogP.of(0, 0, 0, 2), base));
            if (est != null) {
                printJson(row(false, params, est));
            }
            return 0;
        }
        if (est == null) {
            TextTable t = new TextTable("parameter", "host baseline (ns)");
            t.row("L", ns(base.lNanos())).row("o", ns(base.oNanos())).row("g", ns(base.gNanos()));
            out().print(t.render());
        } else {
            TextTable t = new TextTable("parameter", "injected (ns)", "recovered (ns)", "error", "host baseline (ns)");
            t.row("L", ns(params.L()), ns(est.lNanos()), error(est.lNanos(), params.L()), ns(base.lNanos()));
            t.row("o", ns(params.o()), ns(est.oNanos()), error(est.oNanos(), params.o()), ns(base.oNanos()));
            t.row("g", ns(params.g()), ns(est.gNanos()), error(est.gNanos(), params.g()), ns(base.gNanos()));
            out().print(t.render());
            out().println("g is observed as max(g, o); recovered values include the host baseline.");
        }
        out().println(LatencyFigures.CORE_MEASUREMENTS_NOTE);
        out().printf("PRTT medians over %d repetitions, %d-message bursts, %d-byte messages.%n", reps, burst, size);
        return 0;
    }

    /** The transport's PRTT estimate and Hockney fit beside the in-process runtime's. */
    private int transport(AeronPingPong.Medium medium) throws Exception {
        if (injected.any()) {
            throw new IllegalArgumentException("--L --o --g --G inject delays into the in-process runtime only, not into " + transport);
        }
        int[] sizes = {8, 1024, 65536, 1 << 20};
        note("measuring the in-process runtime (zero injection)...");
        LogPEstimator.Estimate local = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), size, burst, reps);
        PingPong.warmUpJit();
        PingPong.Result[] localPing = new PingPong.Result[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            localPing[i] = PingPong.run(LogP.of(0, 0, 0, 2), sizes[i], pingPongReps / 5, pingPongReps);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 3) {
            note("warning: " + (peer == null ? "the media driver's thread shares" : "both processes' media driver threads share")
                    + " the " + cores + " cores with both measuring threads;"
                    + " the transport's figures include scheduling (over UDP the busy delays of PRTT(n,d) starve the driver)");
        }
        LogPEstimator.Estimate remote;
        PingPong.Result[] remotePing;
        if (peer == null) {
            note("measuring " + transport + " (embedded media driver)...");
            remote = AeronPrtt.estimate(medium, size, burst, reps);
            remotePing = AeronPingPong.run(medium, sizes, pingPongReps / 5, pingPongReps);
        } else {
            note("measuring " + transport + " to the echo at " + peer + ", listening at " + listen + "...");
            try (AeronLink link = AeronLink.toPeer(here, there, Duration.ofNanos(connectTimeoutNanos))) {
                remote = AeronPrtt.estimate(link, size, burst, reps);
                remotePing = AeronPingPong.run(link, sizes, pingPongReps / 5, pingPongReps);
                link.stopEcho();
            } catch (IllegalStateException e) {
                note("logplab: measure: " + e.getMessage());
                return 1;
            }
        }
        HockneyFit localFit = hockney(localPing);
        HockneyFit remoteFit = hockney(remotePing);
        if (json) {
            for (Object[] t : new Object[][] {{"inprocess", local, localFit}, {transport, remote, remoteFit}}) {
                Map<String, Object> f = row(t[0].equals("inprocess"), LogP.of(0, 0, 0, 2), (LogPEstimator.Estimate) t[1]);
                if (!t[0].equals("inprocess")) {
                    f.put("latency", null); // Aeron's PRTT does not run on the runtime
                }
                f.put("transport", t[0]);
                HockneyFit fit = (HockneyFit) t[2];
                f.put("t0_ns", fit.t0Nanos());
                f.put("r_inf_bytes_per_ns", fit.rInfBytesPerNano());
                f.put("m_half_bytes", fit.mHalfBytes());
                f.put("peer", t[0].equals("inprocess") ? null : peer);
                printJson(f);
            }
            return 0;
        }
        TextTable t = new TextTable("parameter", "in-process (ns)", transport + (peer != null ? " to " + peer : "") + " (ns)");
        t.row("L", ns(local.lNanos()), ns(remote.lNanos())).row("o", ns(local.oNanos()), ns(remote.oNanos()))
                .row("g", ns(local.gNanos()), ns(remote.gNanos()))
                .row("Hockney t0", ns(localFit.t0Nanos()), ns(remoteFit.t0Nanos()))
                .row("Hockney r_inf (GB/s)", String.format("%.3f", localFit.rInfBytesPerNano()), String.format("%.3f", remoteFit.rInfBytesPerNano()))
                .row("Hockney m_half (B)", ns(localFit.mHalfBytes()), ns(remoteFit.mHalfBytes()));
        out().print(t.render());
        out().printf("PRTT medians over %d repetitions, %d-message bursts, %d-byte messages; Hockney over 8 B, 1 KiB, 64 KiB, 1 MiB"
                + " (%d round trips each).%n", reps, burst, size, pingPongReps);
        out().println("in-process: " + LatencyFigures.CORE_MEASUREMENTS_NOTE);
        return 0;
    }

    /** The answering side of another process's {@code measure --peer}. */
    private int echo() throws java.io.IOException {
        note("echo: listening at " + here + " for the measuring side at " + there + "...");
        long answered;
        try (AeronLink link = AeronLink.toPeer(here, there, Duration.ofNanos(connectTimeoutNanos))) {
            answered = link.echo();
        } catch (IllegalStateException e) {
            note("logplab: measure --echo: " + e.getMessage());
            return 1;
        }
        if (json) {
            Map<String, Object> f = fields();
            f.put("echo", true);
            f.put("listen", here.toString());
            f.put("peer", there.toString());
            f.put("answered", answered);
            printJson(f);
        } else {
            out().println("echo: answered " + answered + " frames from " + there + ", which then said stop");
        }
        return 0;
    }

    private static HockneyFit hockney(PingPong.Result[] results) {
        return HockneyFit.fit(java.util.Arrays.stream(results).mapToDouble(PingPong.Result::bytes).toArray(),
                java.util.Arrays.stream(results).mapToDouble(PingPong.Result::medianOneWayNanos).toArray());
    }

    private Map<String, Object> row(boolean baseline, LogP injected, LogPEstimator.Estimate e) {
        Map<String, Object> f = fields();
        f.put("baseline", baseline);
        f.put("injected_L_ns", injected.L());
        f.put("injected_o_ns", injected.o());
        f.put("injected_g_ns", injected.g());
        f.put("injected_G_ns", injected.G());
        f.put("L_ns", e.lNanos());
        f.put("o_ns", e.oNanos());
        f.put("g_ns", e.gNanos());
        f.put("size_bytes", e.bytes());
        f.put("reps", e.reps());
        f.put("burst", e.n());
        f.put("prtt1_ns", e.prtt1());
        f.put("d_ns", e.dNanos());
        f.put("d_real_ns", e.dRealNanos());
        f.put("latency", LatencyFigures.CORE_MEASUREMENTS.toString());
        return f;
    }

    private static String error(double recovered, long injected) {
        return injected == 0 ? "-" : String.format("%+.1f%%", 100 * (recovered - injected) / injected);
    }
}
