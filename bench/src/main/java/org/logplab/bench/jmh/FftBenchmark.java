package org.logplab.bench.jmh;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.jtransforms.fft.DoubleFFT_1D;
import org.logplab.bench.JvmFlags;
import org.logplab.fft.Fft;
import org.logplab.fft.FftKernels;
import org.logplab.fft.ForkJoinFft;
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
 * Our FFTs against JTransforms 3.2 in the same JMH run. One operation is a forward transform and
 * the scaled inverse (so the data neither grow nor shrink however many operations run): time per
 * operation, us, lower is better; GFLOPS = {@code 2 * 5 N log2 N / t}.
 * {@code threads = 1}: our serial {@link Fft} vs JTransforms single-threaded; {@code threads = 2}:
 * our {@link ForkJoinFft} on a 2-thread pool vs JTransforms with 2 threads.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar FftBenchmark -p logN=16 -rf json -rff fft.json
 * </pre>
 *
 * <p>{@code kernels} picks our kernels ({@link FftKernels}); the vector ones need the module in
 * the forks: {@code -p kernels=scalar,vector -jvmArgsPrepend --add-modules=jdk.incubator.vector}.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", JvmFlags.OPEN_INTERNAL_UNSAFE})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FftBenchmark {

    /** {@code log2 N}. */
    @Param({"10", "12", "14", "16", "18", "20", "22"})
    public int logN;

    /** Threads: 1 (serial) or 2 (parallel on both cores). */
    @Param({"1", "2"})
    public int threads;

    /** Our FFT's kernels: {@code scalar} or {@code vector} ({@link FftKernels#parse}). */
    @Param({"scalar"})
    public String kernels;

    private double[] ours;
    private double[] peer;
    private DoubleFFT_1D jtransforms;
    private ForkJoinPool pool;

    @Setup(Level.Trial)
    public void setUp() {
        FftKernels.use(FftKernels.parse(kernels));
        int n = 1 << logN;
        Random random = new Random(n);
        ours = random.doubles(2 * n).toArray();
        peer = ours.clone();
        ConcurrencyUtils.setNumberOfThreads(threads);
        jtransforms = new DoubleFFT_1D(n);
        pool = new ForkJoinPool(threads);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdown();
    }

    /** Ours: serial for 1 thread, fork/join for 2. */
    @Benchmark
    public double[] ours() {
        if (threads == 1) {
            Fft.forward(ours);
            Fft.inverse(ours);
        } else {
            ForkJoinFft.forward(ours, pool);
            ForkJoinFft.inverse(ours, pool);
        }
        return ours;
    }

    /** The peer: JTransforms {@code complexForward} and scaled {@code complexInverse}. */
    @Benchmark
    public double[] jtransforms() {
        jtransforms.complexForward(peer);
        jtransforms.complexInverse(peer, true);
        return peer;
    }
}
