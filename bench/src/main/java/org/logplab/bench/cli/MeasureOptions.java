package org.logplab.bench.cli;

import java.time.Duration;
import org.logplab.bench.experiment.measure.AeronPeer;
import org.logplab.bench.experiment.measure.PingPongSweep;
import org.logplab.bench.experiment.measure.PrttSettings;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Cells;
import org.logplab.net.PeerAddress;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab measure}: the PRTT measurement's size, burst and repetitions, the
 * transport beside the in-process runtime, and the two ends of a measurement between processes.
 */
final class MeasureOptions {
    @Option(names = "--size", converter = SizeConverter.class, defaultValue = "8",
            description = "Message size (default 8 bytes).")
    int size;

    @Option(names = "--n", defaultValue = "16", description = "Messages per PRTT burst (default 16).")
    int burst;

    @Option(names = "--reps", defaultValue = "51",
            description = "Repetitions per PRTT kind; medians are reported (default 51).")
    int reps;

    @Option(names = "--transport", defaultValue = PingPongSweep.IN_PROCESS,
            description = "inprocess (default), or aeron-ipc / aeron-udp: that transport's L, o, g and Hockney fit"
                    + " beside the in-process ones.")
    String transport;

    @Option(names = "--pingpong-reps", defaultValue = "500",
            description = "With --transport: round trips per size of the ping-pong behind the Hockney fit, after a"
                    + " fifth as many unrecorded (default 500).")
    int pingPongReps;

    @Option(names = "--peer", description = "With --transport aeron-udp: measure to the process listening at this"
            + " host:port (started with --echo) instead of between two threads of this one.")
    String peer;

    @Option(names = "--listen", description = "With --peer: this process's own host:port, where the other side sends.")
    String listen;

    @Option(names = "--echo",
            description = "With --peer and --listen: answer the measuring process at --peer until it is done.")
    boolean echo;

    @Option(names = "--connect-timeout", converter = DurationNanosConverter.class, defaultValue = "60s",
            description = "With --peer: how long to wait for the other side (default 60s).")
    long connectTimeoutNanos;

    /** Refuses repetitions and bursts out of range, and a connect timeout beyond {@code maxNanos} (--max-time). */
    void check(long maxNanos) {
        Limits.repetitions("--reps", reps);
        if (burst < 2) {
            throw new IllegalArgumentException("--n must be at least 2, got " + burst);
        }
        Limits.repetitions("--pingpong-reps", pingPongReps);
        if (connectTimeoutNanos > maxNanos) {
            throw new IllegalArgumentException("--connect-timeout " + Cells.duration(connectTimeoutNanos) + " is longer"
                    + " than --max-time " + Cells.duration(maxNanos) + ": give a shorter one, or a longer --max-time");
        }
    }

    /** The PRTT measurement asked. */
    PrttSettings settings() {
        return new PrttSettings(size, burst, reps);
    }

    /** Whether only the in-process runtime is measured (no transport beside it). */
    boolean inProcess() {
        return transport.equals(PingPongSweep.IN_PROCESS);
    }

    /** Round trips per size of the transport's ping-pong; 0 when there is no transport. */
    int transportPingPongReps() {
        return inProcess() ? 0 : pingPongReps;
    }

    /**
     * The other process, or null when {@code --peer}, {@code --listen} and {@code --echo} are all
     * absent (the measurement stays in this process); refuses them without UDP, without both
     * addresses, with a timeout that is not positive, or with one address for both ends.
     */
    AeronPeer peer() {
        if (peer == null && listen == null && !echo) {
            return null;
        }
        if (!transport.equals("aeron-udp")) {
            throw new IllegalArgumentException("--peer, --listen and --echo measure between processes over --transport"
                    + " aeron-udp, not " + transport);
        }
        if (peer == null || listen == null) {
            throw new IllegalArgumentException("between processes give both --listen (this side's host:port) and --peer"
                    + " (the other's)");
        }
        if (connectTimeoutNanos <= 0) {
            throw new IllegalArgumentException("--connect-timeout must be positive");
        }
        PeerAddress here = PeerAddress.parse(listen);
        PeerAddress there = PeerAddress.parse(peer);
        if (here.equals(there)) {
            throw new IllegalArgumentException("--listen and --peer are both " + here
                    + "; the other side listens elsewhere");
        }
        return new AeronPeer(listen, peer, here, there, Duration.ofNanos(connectTimeoutNanos));
    }
}
