package org.logplab.bench.cli;

import org.logplab.bench.experiment.measure.PingPongRows;
import org.logplab.bench.experiment.measure.PingPongSweep;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Progress;
import org.logplab.net.AeronPingPong;
import org.logplab.net.ClusterPingPong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab pingpong}: one-way times over message sizes and the Hockney fit
 * {@code t(m) = t0 + m / r_inf} through the medians ({@link PingPongSweep}).
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

    @Mixin
    PingPongOptions options;

    @Mixin
    InjectedDelayOptions injected;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        Limits.repetitions("--reps", options.reps);
        PingPongSweep.refuseWhatCannotRun(options.sizes, options.reps, injected.toLogP(2), !options.inProcess(),
                timeLimit.maxNanos);
        PingPongSweep.Result sweep;
        try (Progress steps = progress("pingpong", options.steps())) {
            sweep = options.inProcess()
                    ? PingPongSweep.inProcess(injected.toLogP(2), options.sizes, options.reps, steps, this::note)
                    : PingPongSweep.aeron(injected.aeronMedium(options.transport), options.transport, options.sizes,
                            options.reps, steps);
        }
        PingPongRows.print(output(), sweep, options.transport, options.reps);
        return 0;
    }
}
