package org.logplab.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How to run a program: parameters, clock, threads, tracing, timeout, channel capacity, latency
 * sampling and the payload-ownership check. Immutable; build one with {@link #builder(LogP)}.
 *
 * <pre>{@code
 * RunConfig config = RunConfig.builder(LogP.of(6, 2, 4, 8))
 *         .clock(ClockKind.MODEL).trace(true).timeout(Duration.ofSeconds(30)).build();
 * RunResult result = Machine.run(config, program);
 * }</pre>
 *
 * @param params the LogP parameters (times in clock units)
 * @param clock model clock or wall clock
 * @param threads platform or virtual threads, one per processor
 * @param trace whether to record every send, receive and compute as a {@link Trace}
 * @param timeout the longest the whole run may take in real time, or {@code null} for no limit
 * @param channelCapacity messages one ordered pair's channel holds before the sender waits, at least 16,
 *     rounded up to a power of two
 * @param latency which message latencies the run records ({@link LatencySampling#ALL} by default)
 * @param checkOwnership a debug mode: every array payload is fingerprinted at its send and checked
 *     at its receive, so a sender that changes an array it has sent (see {@link Processor#send}) fails
 *     the run with a message naming it; costs a pass over each array at both ends
 */
public record RunConfig(LogP params, ClockKind clock, ThreadKind threads, boolean trace, Duration timeout,
                        int channelCapacity, LatencySampling latency, boolean checkOwnership) {

    /** Default channel capacity in messages. */
    public static final int DEFAULT_CHANNEL_CAPACITY = 1 << 16;

    public RunConfig {
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threads, "threads");
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (channelCapacity < 16) {
            throw new IllegalArgumentException("channelCapacity must be at least 16 messages, got " + channelCapacity);
        }
        if (channelCapacity > MAX_CHANNEL_CAPACITY) {
            throw new IllegalArgumentException("channelCapacity must be at most " + MAX_CHANNEL_CAPACITY
                    + " messages, got " + channelCapacity);
        }
        Objects.requireNonNull(latency, "latency");
    }

    /** The largest channel capacity, in messages. */
    public static final int MAX_CHANNEL_CAPACITY = 1 << 28;

    /** The same configuration with other parameters (same {@code P} or not). */
    public RunConfig withParams(LogP value) {
        return new RunConfig(Objects.requireNonNull(value, "params"), clock, threads, trace, timeout, channelCapacity,
                latency, checkOwnership);
    }

    /**
     * A builder with the defaults: model clock on virtual threads, no trace, no timeout. Choosing
     * the wall clock switches the default threads to platform threads.
     */
    public static Builder builder(LogP params) {
        return new Builder(params);
    }

    /** Builder for {@link RunConfig}; not thread-safe. */
    public static final class Builder {
        private final LogP params;
        private ClockKind clock = ClockKind.MODEL;
        private ThreadKind threads;
        private boolean trace;
        private Duration timeout;
        private int channelCapacity = DEFAULT_CHANNEL_CAPACITY;
        private LatencySampling latency = LatencySampling.ALL;
        private boolean checkOwnership;

        private Builder(LogP params) {
            this.params = Objects.requireNonNull(params, "params");
        }

        /** Model or wall clock (default model). */
        public Builder clock(ClockKind value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /** Platform or virtual threads (default: virtual for the model clock, platform for the wall clock). */
        public Builder threads(ThreadKind value) {
            this.threads = Objects.requireNonNull(value, "threads");
            return this;
        }

        /** Record a trace of every event (default off). */
        public Builder trace(boolean value) {
            this.trace = value;
            return this;
        }

        /** Fail the run if it takes longer than this in real time (default: no limit). */
        public Builder timeout(Duration value) {
            this.timeout = value;
            return this;
        }

        /** Messages a channel holds before its sender waits (default {@value #DEFAULT_CHANNEL_CAPACITY}). */
        public Builder channelCapacity(int value) {
            this.channelCapacity = value;
            return this;
        }

        /** Which message latencies to record (default {@link LatencySampling#ALL}). */
        public Builder latency(LatencySampling value) {
            this.latency = Objects.requireNonNull(value, "latency");
            return this;
        }

        /** Check that no sender changes an array payload it has sent (a debug mode; default off). */
        public Builder checkOwnership(boolean value) {
            this.checkOwnership = value;
            return this;
        }

        /** The configuration; validates it. */
        public RunConfig build() {
            ThreadKind t = threads != null ? threads
                    : clock == ClockKind.MODEL ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM;
            return new RunConfig(params, clock, t, trace, timeout, channelCapacity, latency, checkOwnership);
        }

        /** Builds the configuration and runs {@code program} on it. */
        public RunResult run(Program program) {
            return Machine.run(build(), program);
        }
    }
}
