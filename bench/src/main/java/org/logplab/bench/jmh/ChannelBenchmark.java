package org.logplab.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.logplab.bench.JvmFlags;
import org.logplab.bench.experiment.versus.RawSpsc;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Message;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The runtime's message path against the floor, in the same JMH run, with nothing injected
 * ({@code L = o = g = 0}, wall clock, 2 platform threads): ping-pong round trip (ns per round
 * trip, lower is better) and one-way streaming (messages per second, higher is better) of one
 * 8-byte value. The floor ({@code raw}) is JCTools' fixed-capacity SPSC queue between two
 * platform threads, nothing allocated beyond the payload. The runtime runs on a machine that
 * stays up (opened once per trial; each operation is a run of {@value #MESSAGES} messages), keeps
 * the LogP clock rules and records latencies as {@link #latency} says ({@code sampled}: one
 * message in 64, time-stamped and recorded; {@code all}: every one; {@code off}: none).
 * {@code runtime} sends primitives ({@code sendLong}/{@code recvLong}: nothing allocated);
 * {@code runtime-objects} sends a boxed payload and receives {@link Message}s. {@link #oneThread}
 * sends and receives on one thread, through a channel to itself: the message path's own cost,
 * without a cache line crossing between cores or a wait.
 *
 * <pre>
 * ./mvnw -q -DskipTests package
 * java -jar bench/target/benchmarks.jar ChannelBenchmark -rf json -rff channels.json
 * ./logplab jmh-report channels.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = JvmFlags.OPEN_INTERNAL_UNSAFE)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelBenchmark {
    static final int MESSAGES = 200_000;
    private static final Long PAYLOAD = 42L;

    /** {@code raw}: JCTools queues and two threads; {@code runtime}, {@code runtime-objects}: LogP Lab's machine. */
    @Param({"raw", "runtime", "runtime-objects"})
    public String impl;

    /** Latency recording of the runtime: {@code sampled}, {@code all} or {@code off} (ignored by {@code raw}). */
    @Param({"sampled"})
    public String latency;

    private Machine machine;

    @Setup
    public void open() {
        if (!impl.equals("raw")) {
            machine = Machine.open(RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL)
                    .threads(ThreadKind.PLATFORM).latency(LatencySampling.parse(latency)).build());
        }
    }

    @TearDown
    public void close() {
        if (machine != null) {
            machine.close();
        }
    }

    /** Round trips of an 8-byte message. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(MESSAGES)
    public long pingPong() throws InterruptedException {
        if (impl.equals("raw")) {
            return RawSpsc.pingPong(MESSAGES, PAYLOAD);
        }
        long[] sum = new long[1];
        if (impl.equals("runtime")) {
            machine.run(p -> {
                if (p.rank() == 0) {
                    long s = 0;
                    for (int i = 0; i < MESSAGES; i++) {
                        p.sendLong(1, 0, i);
                        s += p.recvLong(1, 0);
                    }
                    sum[0] = s;
                } else {
                    for (int i = 0; i < MESSAGES; i++) {
                        p.sendLong(0, 0, p.recvLong(0, 0));
                    }
                }
            });
        } else {
            machine.run(p -> {
                if (p.rank() == 0) {
                    long s = 0;
                    for (int i = 0; i < MESSAGES; i++) {
                        p.send(1, 0, PAYLOAD, 8);
                        s += p.recv(1).asLong();
                    }
                    sum[0] = s;
                } else {
                    for (int i = 0; i < MESSAGES; i++) {
                        p.send(0, 0, p.recv(0).payload(), 8);
                    }
                }
            });
        }
        return sum[0];
    }

    /**
     * A send and a receive of an 8-byte message on one thread (rank 0 to itself; the floor: an offer
     * and a poll of one JCTools queue): what the path costs in instructions alone.
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(MESSAGES)
    public long oneThread() {
        if (impl.equals("raw")) {
            return RawSpsc.oneThread(MESSAGES, PAYLOAD);
        }
        long[] sum = new long[1];
        boolean objects = impl.equals("runtime-objects");
        machine.run(p -> {
            if (p.rank() == 0) {
                long s = 0;
                for (int i = 0; i < MESSAGES; i++) {
                    if (objects) {
                        p.send(0, 0, PAYLOAD, 8);
                        s += p.recv(0).asLong();
                    } else {
                        p.sendLong(0, 0, i);
                        s += p.recvLong(0, 0);
                    }
                }
                sum[0] = s;
            }
        });
        return sum[0];
    }

    /** One-way messages from rank 0 to rank 1. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(MESSAGES)
    public long stream() throws InterruptedException {
        if (impl.equals("raw")) {
            return RawSpsc.stream(MESSAGES, PAYLOAD);
        }
        long[] sum = new long[1];
        if (impl.equals("runtime")) {
            machine.run(p -> {
                if (p.rank() == 0) {
                    for (int i = 0; i < MESSAGES; i++) {
                        p.sendLong(1, 0, i);
                    }
                } else {
                    long s = 0;
                    for (int i = 0; i < MESSAGES; i++) {
                        s += p.recvLong(0, 0);
                    }
                    sum[0] = s;
                }
            });
        } else {
            machine.run(p -> {
                if (p.rank() == 0) {
                    for (int i = 0; i < MESSAGES; i++) {
                        p.send(1, 0, PAYLOAD, 8);
                    }
                } else {
                    long s = 0;
                    for (int i = 0; i < MESSAGES; i++) {
                        s += p.recv(0).asLong();
                    }
                    sum[0] = s;
                }
            });
        }
        return sum[0];
    }
}
