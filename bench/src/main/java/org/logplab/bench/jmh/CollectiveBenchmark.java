package org.logplab.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.logplab.bench.JvmFlags;
import org.logplab.bench.experiment.versus.RawSpsc;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.broadcast.BinomialMulticast;
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
 * The runtime's collectives under the wall clock, with nothing injected and with injected LogP
 * delays, against the same communication pattern on JCTools' plain SPSC queues and platform
 * threads that keep the same delays by hand, in the same JMH run: the binomial broadcast of one
 * 8-byte item and the butterfly all-reduce (sum) of one long, ns per collective (lower is
 * better). {@code procs = 2} fits a 2-core machine; {@code 4-oversubscribed} has more threads
 * than cores and measures the scheduler as much as the code, on both sides. The runtime runs on
 * a machine that stays up (opened once per trial), sends primitive messages, keeps the LogP
 * clock rules and samples one message's latency in 64.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar CollectiveBenchmark -rf json -rff collectives.json
 * ./logplab jmh-report collectives.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = JvmFlags.OPEN_INTERNAL_UNSAFE)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CollectiveBenchmark {
    static final int ROUNDS = 20_000;

    /** {@code raw}: JCTools queues and threads; {@code runtime}: LogP Lab's machine and collectives. */
    @Param({"raw", "runtime"})
    public String impl;

    /**
     * Injected delays: {@code none}, or {@code L10us-o2us-g4us} on both sides (the raw side keeps
     * them the way the runtime's wall clock does, so the ratio is the runtime's own cost on top).
     */
    @Param({"none", "L10us-o2us-g4us"})
    public String delays;

    /** Processors; more than the cores is marked in the value. */
    @Param({"2", "4-oversubscribed"})
    public String procs;

    private Machine machine;

    @Setup
    public void open() {
        if (impl.equals("runtime")) {
            LogP params = injected() ? LogP.of(10_000, 2_000, 4_000, processors()) : LogP.of(0, 0, 0, processors());
            machine = Machine.open(RunConfig.builder(params).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                    .latency(LatencySampling.SAMPLED).build());
        }
    }

    @TearDown
    public void close() {
        if (machine != null) {
            machine.close();
        }
    }

    private int processors() {
        return Integer.parseInt(procs.replaceAll("\\D.*", ""));
    }

    /** One binomial broadcast from rank 0 to all. */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public long binomialBroadcast() throws InterruptedException {
        int n = processors();
        if (impl.equals("raw")) {
            return RawSpsc.binomialBroadcast(n, ROUNDS, rawDelays());
        }
        BinomialMulticast multicast = new BinomialMulticast();
        Group all = Group.all(n, 0);
        return onRuntime((p, k) -> multicast.broadcastLong(p, all, k));
    }

    /** One butterfly all-reduce (sum of one long per rank). */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public long butterflyAllReduce() throws InterruptedException {
        int n = processors();
        if (impl.equals("raw")) {
            return RawSpsc.butterflyAllReduce(n, ROUNDS, rawDelays());
        }
        ButterflyAllReduce butterfly = new ButterflyAllReduce();
        Group all = Group.all(n, 0);
        return onRuntime((p, k) -> butterfly.allReduce(p, all, p.rank() + k, Long::sum, 0));
    }

    /** One collective per round on the machine; returns rank 0's checksum of the results. */
    private long onRuntime(Round round) {
        long[] sum = new long[1];
        machine.run(p -> {
            long s = 0;
            for (int k = 0; k < ROUNDS; k++) {
                s += round.run(p, k);
            }
            if (p.rank() == 0) {
                sum[0] = s;
            }
        });
        return sum[0];
    }

    /** Round {@code k} of a collective on one rank; returns its result. */
    @FunctionalInterface
    private interface Round {
        long run(org.logplab.core.Processor p, int k);
    }

    private boolean injected() {
        return !delays.equals("none");
    }

    private RawSpsc.Delays rawDelays() {
        return injected() ? new RawSpsc.Delays(2_000, 10_000, 4_000) : RawSpsc.Delays.NONE;
    }

}
