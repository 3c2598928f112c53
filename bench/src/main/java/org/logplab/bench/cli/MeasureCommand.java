package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.experiment.measure.AeronPeer;
import org.logplab.bench.experiment.measure.HostPrtt;
import org.logplab.bench.experiment.measure.PeerLinkException;
import org.logplab.bench.experiment.measure.PrttCost;
import org.logplab.bench.experiment.measure.PrttRows;
import org.logplab.bench.experiment.measure.TransportPrtt;
import org.logplab.bench.output.Progress;
import org.logplab.net.AeronPingPong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab measure}: injects wall-clock LogP parameters and prints what the PRTT
 * estimator recovers, beside the host's zero-injection baseline ({@link HostPrtt}).
 *
 * <p>JSON Lines, one object per configuration: {@code baseline} (boolean), {@code injected_L_ns},
 * {@code injected_o_ns}, {@code injected_g_ns}, {@code L_ns}, {@code o_ns}, {@code g_ns}, {@code L_clamped}
 * (the fitted L, {@code L_fitted_ns}, was negative: {@code L_ns} is 0 in its place, and a line says so),
 * {@code size_bytes}, {@code reps}, {@code latency} (the runtime's latency recording: {@code all};
 * null for an Aeron transport's row). With {@code --transport aeron-ipc|aeron-udp}
 * ({@link TransportPrtt}): one object for {@code inprocess} and one for the transport, each with
 * {@code transport}, {@code L_ns}, {@code o_ns}, {@code g_ns} (PRTT over that transport) and
 * {@code t0_ns}, {@code r_inf_bytes_per_ns}, {@code m_half_bytes} (Hockney fit of its ping-pong),
 * and {@code peer} (the other process's address with {@code --peer}, else null).
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

    @Mixin
    InjectedDelayOptions injected;

    @Mixin
    MeasureOptions options;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        options.check(timeLimit.maxNanos);
        PrttCost.refuse(options.settings(), injected.toLogP(2), options.transportPingPongReps(), timeLimit.maxNanos);
        AeronPeer peer = options.peer();
        if (peer != null && options.echo) {
            return echo(peer);
        }
        if (!options.inProcess()) {
            return transport(injected.aeronMedium(options.transport), peer);
        }
        HostPrtt.Estimates estimates;
        try (Progress steps = progress("measure", injected.any() ? 2 : 1)) {
            estimates = HostPrtt.measure(options.settings(), injected.any() ? injected.toLogP(2) : null, steps,
                    this::note);
        }
        PrttRows.host(output(), estimates, options.settings());
        return 0;
    }

    /** The transport's PRTT estimate and Hockney fit beside the in-process runtime's. */
    private int transport(AeronPingPong.Medium medium, AeronPeer peer) throws Exception {
        List<TransportPrtt.Side> sides;
        try (Progress steps = progress("measure", 2)) {
            sides = TransportPrtt.measure(medium, options.transport, peer, options.settings(), options.pingPongReps,
                    steps, this::note);
        } catch (PeerLinkException e) {
            return failed(e.getMessage());
        }
        PrttRows.transports(output(), sides, options.settings(), options.pingPongReps);
        return 0;
    }

    /** The answering side of another process's {@code measure --peer}. */
    private int echo(AeronPeer peer) throws Exception {
        note("echo: listening at " + peer.here() + " for the measuring side at " + peer.there() + "...");
        long answered;
        try {
            answered = peer.echo();
        } catch (PeerLinkException e) {
            return failed("--echo: " + e.getMessage());
        }
        PrttRows.echo(output(), peer.here(), peer.there(), answered);
        return 0;
    }
}
