package org.logplab.bench.jmh;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.jtransforms.fft.DoubleFFT_1D;
import org.logplab.bench.JvmFlags;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;
import org.logplab.fft.ButterflyExchangeFft;
import org.logplab.fft.ComplexArrays;
import org.logplab.fft.ForkJoinFft;
import org.logplab.fft.Handover;
import org.logplab.fft.MasterWorkerFft;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.visnow.jlargearrays.ConcurrencyUtils;

/**
 * The seed's parallel FFT, p = 2 on the LogP runtime (wall clock, nothing injected), against our
 * fork/join FFT and JTransforms on two threads, in the same JMH run: us per forward transform,
 * lower is better. {@code ours}: the data already distributed (local FFTs and one butterfly
 * exchange, the two ranks lending each other their blocks and splitting the butterflies);
 * {@code oursSeedExchange}: the same with the seed's exchange messages (a copy of the block each
 * way); {@code oursMasterWorker}: rank 0 holds all N points and lends its array, each rank
 * gathering its own points and writing its output back. The runtime runs on a machine that stays
 * up (opened once per trial), blocks and spares are reused, and no latency is recorded: an
 * operation is one run and allocates nothing. Every side keeps its data in range the same way
 * ({@link ComplexArrays#keepInRange}: a look at 64 values, a rescaling pass once in many ops).
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar ExchangeFftBenchmark -rf json -rff exchange.json
 * ./logplab jmh-report exchange.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", JvmFlags.OPEN_INTERNAL_UNSAFE})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ExchangeFftBenchmark {

    /** {@code log2 N}. */
    @Param({"16", "18", "20", "22"})
    public int logN;

    private double[][] blocks;
    private double[][] spares;
    private double[] whole;
    private MasterWorkerFft.Buffers buffers;
    private double[] forkJoinData;
    private ForkJoinPool pool;
    private double[] peerData;
    private DoubleFFT_1D jtransforms;
    private Machine machine;

    /** The data of both sides, JTransforms on two threads, and a 2-processor wall-clock machine that stays up. */
    @Setup(Level.Trial)
    public void setUp() {
        int n = 1 << logN;
        Random random = new Random(n);
        blocks = new double[][] {random.doubles(n).toArray(), random.doubles(n).toArray()};
        spares = new double[2][n];
        whole = random.doubles(2 * n).toArray();
        buffers = new MasterWorkerFft.Buffers(n, 2);
        forkJoinData = random.doubles(2 * n).toArray();
        pool = new ForkJoinPool(2);
        peerData = random.doubles(2 * n).toArray();
        ConcurrencyUtils.setNumberOfThreads(2);
        jtransforms = new DoubleFFT_1D(n);
        // No latency recorded: with one message each way per operation, merging the histogram
        // would be the run's only allocation (about 0.1 MB) and cost more than the message.
        machine = Machine.open(RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                .latency(LatencySampling.OFF).build());
    }

    /** Closes the machine: joins its threads. */
    @TearDown(Level.Trial)
    public void tearDown() {
        machine.close();
        pool.shutdown();
    }

    /** One forward transform of N points by two ranks lending each other their halves. */
    @Benchmark
    public double[][] ours() {
        return distributed(Handover.VIEW);
    }

    /** One forward transform of N points by two ranks exchanging copies of their halves (the seed's messages). */
    @Benchmark
    public double[][] oursSeedExchange() {
        return distributed(Handover.COPY);
    }

    private double[][] distributed(Handover handover) {
        machine.run(p -> spares[p.rank()] = ButterflyExchangeFft.transform(p, blocks[p.rank()], spares[p.rank()], 0,
                handover, null));
        ComplexArrays.keepInRange(blocks[0]);
        ComplexArrays.keepInRange(blocks[1]);
        return blocks;
    }

    /** One forward transform of N points held by rank 0, master/worker with the master's array lent. */
    @Benchmark
    public double[] oursMasterWorker() {
        machine.run(p -> MasterWorkerFft.transform(p, p.rank() == 0 ? whole : null, 0, Handover.VIEW, null, buffers));
        ComplexArrays.keepInRange(whole);
        return whole;
    }

    /** One forward transform of N points by our fork/join FFT on two threads. */
    @Benchmark
    public double[] forkjoin() {
        ForkJoinFft.forward(forkJoinData, pool);
        ComplexArrays.keepInRange(forkJoinData);
        return forkJoinData;
    }

    /** One forward transform of N points by JTransforms on two threads. */
    @Benchmark
    public double[] jtransforms() {
        jtransforms.complexForward(peerData);
        ComplexArrays.keepInRange(peerData);
        return peerData;
    }
}
