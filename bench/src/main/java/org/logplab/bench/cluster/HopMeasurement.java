package org.logplab.bench.cluster;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.limits.Limits;
import org.logplab.core.measure.PingPong;
import org.logplab.net.AeronPingPong;

/**
 * What a message between two processes costs a program, beside what it costs the transport; one
 * {@link #measure()} takes both, one after the other:
 * <ul>
 *   <li>the transport's one-way time: a ping-pong of frames with an {@value #PAYLOAD_BYTES}-byte
 *       payload between two threads of this JVM over Aeron ({@link AeronPingPong}), half the round
 *       trip; its median and its mean, ns;</li>
 *   <li>the hop: the ring job on two ranks in two node JVMs ({@link LocalLaunch}), whose
 *       wall-clock makespan over its {@code 2 * rounds} hops, all between the processes, is the
 *       mean hop, ns.</li>
 * </ul>
 * The hop is a mean (every stall counts); its ratio is given to the mean one-way time and to the
 * median, with what makes the one-way mean differ from its median ({@link OneWayOutliers}).
 */
public final class HopMeasurement {
    /** The payload of a ping-pong frame, bytes: the ring's token, a {@code Long}, takes as many. */
    public static final int PAYLOAD_BYTES = 8;
    /** What a hop between two node processes takes at the least, ns. */
    private static final double NANOS_PER_HOP = 20_000;
    /** What a ping-pong round trip of 8 bytes over Aeron takes at the least, ns. */
    private static final double NANOS_PER_ROUND_TRIP = 2_000;
    /** Starting two node JVMs and their media drivers, ns, at the least. */
    private static final double NANOS_TO_START_NODES = 1e9;

    private final NodeMedia media;
    private final int pingPongReps;
    private final ClusterRun ring;
    private final List<String> jvmOptions;
    private final List<String> nodeCommand;
    private final Consumer<String> notes;

    /**
     * One repetition's figures.
     *
     * @param oneWayP50 the ping-pong's median one-way time, ns
     * @param oneWayMean its mean one-way time, ns (rounded)
     * @param hop the ring's makespan over its hops, ns (rounded)
     * @param permille the hop over the mean one-way time, in thousandths (rounded)
     * @param p50Permille the hop over the median one-way time, in thousandths (rounded)
     * @param outliers the one-way times far above their median, which lift the mean
     */
    public record Rep(long oneWayP50, long oneWayMean, long hop, long permille, long p50Permille,
                      OneWayOutliers outliers) {
    }

    /**
     * A ring that did not run to a correct end: the cause is what ended its launch (the nodes
     * still running after the launch's wait, a failed node, wrong results, or any failure of
     * starting or reading the nodes), so that it can be said as the launch says it.
     */
    public static final class RingFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        RingFailedException(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * The measurement over {@code media} ({@link NodeMedia#IPC}: a media driver the two sides
     * share; {@link NodeMedia#UDP}: loopback).
     *
     * @param pingPongReps the round trips of each ping-pong
     * @param ring the ring job on two ranks, on the wall clock
     * @param jvmOptions extra JVM options for each node
     * @param nodeCommand the main class and the words that run {@code logplab node} ({@link NodeProcesses})
     * @param notes where the ring's launch says what it does, and its nodes' standard error goes
     */
    public HopMeasurement(NodeMedia media, int pingPongReps, ClusterRun ring, List<String> jvmOptions,
                          List<String> nodeCommand, Consumer<String> notes) {
        this.media = media;
        this.pingPongReps = pingPongReps;
        this.ring = ring;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.nodeCommand = List.copyOf(nodeCommand);
        this.notes = notes;
    }

    /**
     * Refuses ({@link Limits#time}) {@code reps} repetitions estimated to take longer than
     * {@code maxNanos}, each at least its hops and round trips at their least and the start of two
     * node JVMs.
     */
    public static void refuseWhatCannotRun(int reps, int rounds, int pingPongReps, long maxNanos) {
        long hops = hops(rounds);
        Limits.time(reps * (hops * NANOS_PER_HOP + 1.2 * pingPongReps * NANOS_PER_ROUND_TRIP + NANOS_TO_START_NODES),
                maxNanos, String.format("%d repetitions of %,d hops between processes at %.0f us or more and %,d round"
                        + " trips at %.0f us or more", reps, hops, NANOS_PER_HOP / 1e3, pingPongReps,
                        NANOS_PER_ROUND_TRIP / 1e3));
    }

    /** The hops of a ring of two ranks over {@code rounds} rounds: two a round. */
    public static long hops(int rounds) {
        return 2L * rounds;
    }

    /**
     * One repetition: the ping-pong, then the ring.
     *
     * @throws RingFailedException if the ring did not run to a correct end
     */
    public Rep measure() throws IOException, InterruptedException, RingFailedException {
        AeronPingPong.Medium medium = media == NodeMedia.IPC ? AeronPingPong.Medium.IPC : AeronPingPong.Medium.UDP;
        PingPong.Result pp = AeronPingPong.run(medium, new int[] {PAYLOAD_BYTES}, Math.max(100, pingPongReps / 5),
                pingPongReps)[0];
        long oneWay = pp.medianOneWayNanos();
        long oneWayMean = Math.round(pp.oneWayNanos().getMean());
        long hop = Math.round(ringMakespan() / (double) hops(ring.sizes().rounds()));
        long permille = Math.round(1000.0 * hop / Math.max(1, oneWayMean));
        long p50Permille = Math.round(1000.0 * hop / Math.max(1, oneWay));
        return new Rep(oneWay, oneWayMean, hop, permille, p50Permille, OneWayOutliers.of(pp.oneWayNanos()));
    }

    /** Runs the ring over two node processes and returns its wall-clock makespan, ns. */
    private long ringMakespan() throws RingFailedException {
        try {
            LocalLaunch launch = new LocalLaunch(ring, 2, jvmOptions, false, nodeCommand, notes);
            launch.refuseWhatCannotRun(media == NodeMedia.IPC);
            LocalLaunch.Outcome outcome;
            try {
                outcome = launch.run(media, LocalLaunch.DEFAULT_WAIT);
            } catch (NodesStillRunningException e) {
                // in the words of logplab launch, whose ring this is
                throw new IllegalStateException(e.getMessage() + " (--wait gives them longer)");
            }
            if (outcome.failure() != null) {
                throw new IllegalStateException(outcome.failure());
            }
            return outcome.nodes().makespan();
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            throw new RingFailedException(e);
        }
    }
}
