package org.logplab.bench.experiment.measure;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.output.Progress;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.PingPong;
import org.logplab.net.AeronLink;
import org.logplab.net.AeronPingPong;
import org.logplab.net.AeronPrtt;

/**
 * An Aeron transport's LogP parameters (PRTT) and Hockney fit beside the in-process runtime's,
 * nothing injected: through an embedded media driver between two threads of this process, or to
 * another process that answers ({@link AeronPeer}). Wall clock, ns.
 */
public final class TransportPrtt {
    /** The message sizes of the ping-pongs behind the Hockney fits, bytes: 8 B, 1 KiB, 64 KiB, 1 MiB. */
    private static final int[] SIZES = {8, 1024, 65536, 1 << 20};

    /**
     * One side's figures.
     *
     * @param transport {@value PingPongSweep#IN_PROCESS}, or the transport as given: {@code aeron-ipc} or
     *     {@code aeron-udp}
     * @param prtt its PRTT estimate
     * @param fit the Hockney fit of its ping-pong over 8 B, 1 KiB, 64 KiB and 1 MiB
     * @param peer the other process's address as given, or null within this process
     */
    public record Side(String transport, LogPEstimator.Estimate prtt, HockneyFit fit, String peer) {
        /** Whether this is the in-process runtime's side. */
        public boolean inProcess() {
            return transport.equals(PingPongSweep.IN_PROCESS);
        }
    }

    private TransportPrtt() {
    }

    /**
     * Measures the in-process runtime, then the transport (one step of {@code steps} each), with
     * {@code pingPongReps} round trips per size after a fifth as many unrecorded. Says to
     * {@code notes} when the media driver's threads must share too few cores.
     *
     * @param transport the transport's name as given, for the steps and the result
     * @param peer the other process, or null to measure between two threads of this one
     * @return the in-process side, then the transport's
     * @throws PeerLinkException when the other process did not connect in time or the link failed
     */
    public static List<Side> measure(AeronPingPong.Medium medium, String transport, AeronPeer peer,
            PrttSettings settings, int pingPongReps, Progress steps, Consumer<String> notes)
            throws IOException, InterruptedException, PeerLinkException {
        steps.step("measuring the in-process runtime (zero injection)");
        LogPEstimator.Estimate local = settings.estimate(HostPrtt.NOTHING_INJECTED);
        PingPong.warmUpJit();
        PingPong.Result[] localPing = new PingPong.Result[SIZES.length];
        for (int i = 0; i < SIZES.length; i++) {
            localPing[i] = PingPong.run(HostPrtt.NOTHING_INJECTED, SIZES[i], pingPongReps / 5, pingPongReps);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 3) {
            notes.accept("warning: " + (peer == null ? "the media driver's thread shares"
                    : "both processes' media driver threads share") + " the " + cores + " cores with both measuring"
                    + " threads; the transport's figures include scheduling (over UDP the busy delays of PRTT(n,d)"
                    + " starve the driver)");
        }
        LogPEstimator.Estimate remote;
        PingPong.Result[] remotePing;
        if (peer == null) {
            steps.step("measuring " + transport + " (embedded media driver)");
            remote = AeronPrtt.estimate(medium, settings.bytes(), settings.burst(), settings.reps());
            remotePing = AeronPingPong.run(medium, SIZES, pingPongReps / 5, pingPongReps);
        } else {
            steps.step("measuring " + transport + " to the echo at " + peer.peer() + ", listening at " + peer.listen());
            try (AeronLink link = peer.connect()) {
                remote = AeronPrtt.estimate(link, settings.bytes(), settings.burst(), settings.reps());
                remotePing = AeronPingPong.run(link, SIZES, pingPongReps / 5, pingPongReps);
                link.stopEcho();
            } catch (IllegalStateException e) {
                throw new PeerLinkException(e);
            }
        }
        return List.of(new Side(PingPongSweep.IN_PROCESS, local, PingPongFit.of(List.of(localPing)), null),
                new Side(transport, remote, PingPongFit.of(List.of(remotePing)), peer == null ? null : peer.peer()));
    }
}
