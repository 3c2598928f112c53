package org.logplab.core;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What a completed run reports. Times are in the run's clock units (model units, or nanoseconds
 * since the run started), except {@link #realNanos()}.
 *
 * <p>Conservation holds for every result: the messages sent equal the messages received plus
 * those {@linkplain #inFlight() left in flight} (sent but never received when the programs
 * returned); the runtime checks it before returning.
 */
public final class RunResult {
    private final RunConfig config;
    private final long[] finishTimes;
    private final long[] sent;
    private final long[] received;
    private final Histogram latency;
    private final Trace trace;
    private final List<InFlight> inFlight;
    private final long realNanos;

    /** Assembles a result (runtime use); the arrays are owned by the result afterwards. */
    public RunResult(RunConfig config, long[] finishTimes, long[] sent, long[] received, Histogram latency,
                     Trace trace, List<InFlight> inFlight, long realNanos) {
        this.config = config;
        this.finishTimes = finishTimes;
        this.sent = sent;
        this.received = received;
        this.latency = latency;
        this.trace = trace;
        this.inFlight = List.copyOf(inFlight);
        this.realNanos = realNanos;
    }

    /** The configuration the run used. */
    public RunConfig config() {
        return config;
    }

    /** The run's parameters. */
    public LogP params() {
        return config.params();
    }

    /** The time at which processor {@code rank}'s program returned. */
    public long finishTime(int rank) {
        return finishTimes[rank];
    }

    /** Every processor's finish time, indexed by rank (a copy). */
    public long[] finishTimes() {
        return finishTimes.clone();
    }

    /** The latest finish time: the run's completion time. */
    public long makespan() {
        return Arrays.stream(finishTimes).max().orElse(0);
    }

    /** Messages processor {@code rank} sent. */
    public long sent(int rank) {
        return sent[rank];
    }

    /** Messages processor {@code rank} received. */
    public long received(int rank) {
        return received[rank];
    }

    /** Messages sent by all processors. */
    public long messagesSent() {
        return Arrays.stream(sent).sum();
    }

    /** Messages received by all processors. */
    public long messagesReceived() {
        return Arrays.stream(received).sum();
    }

    /**
     * The latency of the received messages the run sampled ({@link #latencySampling()}: all of
     * them by default), from send start to receive end, in clock units. A copy the caller may keep.
     */
    public Histogram latency() {
        return latency.copy();
    }

    /** Which messages' latencies {@link #latency()} holds: all, one in N, or none. */
    public LatencySampling latencySampling() {
        return config.latency();
    }

    /** The trace, if the run recorded one. */
    public Optional<Trace> trace() {
        return Optional.ofNullable(trace);
    }

    /** Messages still in their channels when the run ended, one entry per channel; usually empty. */
    public List<InFlight> inFlight() {
        return inFlight;
    }

    /**
     * Real time the run took, in nanoseconds: from when its processors were let go (on a cluster
     * node, once every node had joined) until its outcome was known here.
     */
    public long realNanos() {
        return realNanos;
    }

    /** Whether a wall-clock run had more processors than the machine has cores (it then measures the scheduler). */
    public boolean oversubscribed() {
        return config.clock() == ClockKind.WALL && params().P() > Runtime.getRuntime().availableProcessors();
    }

    /**
     * Messages left in one channel when a run ended.
     *
     * @param source sender rank
     * @param destination receiver rank
     * @param count messages never received
     */
    public record InFlight(int source, int destination, long count) {
        /** By source, then destination: the order of {@link #inFlight()}. */
        public static final java.util.Comparator<InFlight> BY_CHANNEL =
                java.util.Comparator.comparingInt(InFlight::source).thenComparingInt(InFlight::destination);
    }
}
