package org.logplab.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.logplab.bench.JvmFlags;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a run costs the machine itself: an empty program on 2 processors (wall clock, platform
 * threads, nothing injected), from {@code run} to its result, in microseconds (lower is better).
 * {@code stays-up}: runs back to back on a machine opened once per trial; {@code one-shot}: the
 * one-shot {@code Machine.run}, which starts and joins two threads per run.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar MachineBenchmark -rf json -rff machine.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = JvmFlags.OPEN_INTERNAL_UNSAFE)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MachineBenchmark {
    private static final RunConfig CONFIG = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL)
            .threads(ThreadKind.PLATFORM).build();

    /** {@code stays-up}: one machine for every run; {@code one-shot}: a machine per run. */
    @Param({"stays-up", "one-shot"})
    public String impl;

    private Machine machine;

    @Setup
    public void open() {
        if (impl.equals("stays-up")) {
            machine = Machine.open(CONFIG);
        }
    }

    @TearDown
    public void close() {
        if (machine != null) {
            machine.close();
        }
    }

    /** One run of an empty program. */
    @Benchmark
    public RunResult emptyRun() {
        return machine != null ? machine.run(p -> { }) : Machine.run(CONFIG, p -> { });
    }
}
