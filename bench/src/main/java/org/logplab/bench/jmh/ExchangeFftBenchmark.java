package org.logplab.bench.jmh;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jtransforms.fft.DoubleFFT_1D;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;
import org.logplab.fft.ButterflyExchangeFft;
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
 * The seed's parallel FFT, p = 2 on the LogP runtime (wall clock, nothing injected, the data
 * already distributed: local FFTs and one butterfly exchange), against JTransforms on two threads,
 * in the same JMH run: us per forward transform, lower is better (GFLOPS in {@code jmh-report}
 * count two transforms per operation for {@link FftBenchmark} only, so read the times here).
 * The runtime runs on a machine that stays up (opened once per trial), and each rank passes its
 * spare block to {@link ButterflyExchangeFft#transform(org.logplab.core.Processor, double[], double[], long)}
 * and no latency is recorded: an operation is one run, the transforms, a copy into the spare and
 * a reference handed each way, and allocates nothing.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar ExchangeFftBenchmark -rf json -rff exchange.json
 * ./logplab jmh-report exchange.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
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
    }

    /** One forward transform of N points by two ranks exchanging their halves. */
    @Benchmark
    public double[][] ours() {
        machine.run(p -> spares[p.rank()] = ButterflyExchangeFft.transform(p, blocks[p.rank()], spares[p.rank()], 0));
        scaleBack(blocks[0]);
        scaleBack(blocks[1]);
        return blocks;
    }

    /** One forward transform of N points by JTransforms on two threads. */
    @Benchmark
    public double[] jtransforms() {
        jtransforms.complexForward(peerData);
        scaleBack(peerData);
        return peerData;
    }

    /** Keeps repeated forward transforms from growing the data: divides by sqrt(N) once per op (both sides alike). */
    private void scaleBack(double[] a) {
        double s = 1 / Math.sqrt(1 << logN);
        for (int i = 0; i < a.length; i++) {
            a[i] *= s;
        }
    }
}
