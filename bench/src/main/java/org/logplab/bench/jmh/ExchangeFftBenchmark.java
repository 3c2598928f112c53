package org.logplab.bench.jmh;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jtransforms.fft.DoubleFFT_1D;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.ThreadKind;
import org.logplab.fft.ExchangeFft;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.visnow.jlargearrays.ConcurrencyUtils;

/**
 * The seed's parallel FFT, p = 2 on the LogP runtime (wall clock, nothing injected, the data
 * already distributed: local FFTs and one butterfly exchange), against JTransforms on two threads,
 * in the same JMH run: us per forward transform, lower is better (GFLOPS in {@code jmh-report}
 * count two transforms per operation for {@link FftBenchmark} only, so read the times here).
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
    private double[] peerData;
    private DoubleFFT_1D jtransforms;

    @Setup
    public void setUp() {
        int n = 1 << logN;
        Random random = new Random(n);
        blocks = new double[][] {random.doubles(n).toArray(), random.doubles(n).toArray()};
        peerData = random.doubles(2 * n).toArray();
        ConcurrencyUtils.setNumberOfThreads(2);
        jtransforms = new DoubleFFT_1D(n);
    }

    /** One forward transform of N points by two ranks exchanging their halves. */
    @Benchmark
    public double[][] ours() {
        Machine.run(LogP.of(0, 0, 0, 2), ClockKind.WALL, ThreadKind.PLATFORM, p -> ExchangeFft.transform(p, blocks[p.rank()], 0));
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
