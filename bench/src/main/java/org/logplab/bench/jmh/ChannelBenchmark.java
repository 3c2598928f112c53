package org.logplab.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
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
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The runtime's channels against raw JCTools SPSC queues, in the same JMH run, with nothing
 * injected ({@code L = o = g = 0}, wall clock, platform threads): ping-pong round trip (ns per
 * round trip, lower is better) and one-way streaming (messages per second, higher is better).
 * Both sides start their two threads per invocation and move {@value #MESSAGES} messages, so
 * start-up cost is alike and amortised. The runtime additionally time-stamps every message,
 * records its latency in an HdrHistogram and keeps the LogP clock rules.
 *
 * <pre>
 * ./mvnw -q -DskipTests package
 * java -jar bench/target/benchmarks.jar ChannelBenchmark -rf json -rff channels.json
 * ./logplab jmh-report channels.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelBenchmark {
    static final int MESSAGES = 500_000;
    private static final Long PAYLOAD = 42L;

    /** {@code raw}: JCTools queues and two threads; {@code runtime}: LogP Lab's machine. */
    @Param({"raw", "runtime"})
    public String impl;

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
        machine().run(p -> {
            for (int i = 0; i < MESSAGES; i++) {
                if (p.rank() == 0) {
                    p.send(1, 0, PAYLOAD, 8);
                    sum[0] += p.recv(1).sendStart();
                } else {
                    p.send(0, 0, p.recv(0).payload(), 8);
                }
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
        machine().run(p -> {
            for (int i = 0; i < MESSAGES; i++) {
                if (p.rank() == 0) {
                    p.send(1, 0, PAYLOAD, 8);
                } else {
                    sum[0] += p.recv(0).sendStart();
                }
            }
        });
        return sum[0];
    }

    private static RunConfig.Builder machine() {
        return RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM);
    }
}
