package org.logplab.bench.experiment.fft;

import org.logplab.bench.limits.Limits;

/**
 * What an {@link FftSweep} needs before it starts: heap for the arrays of its largest size, and
 * time, estimated from its parameters alone. Each measurement times the serial FFT and the engine
 * alternately, {@link FftRuns#repetitions} times each, at about {@code N log2 N} ns a transform; the
 * runtime engines on p &gt; 1 are measured once more for the machine model (and once more for the
 * breakdown), and every repetition starts and wakes p threads. Times in ns.
 */
public final class FftSweepCost {
    /**
     * Complex arrays of N points one measurement keeps: the serial and the engine's input and work
     * copies, blocks, spares.
     */
    private static final int ARRAYS_PER_MEASUREMENT = 6;
    /** The least a wall-clock repetition costs per thread, ns: starting and waking it (as the collectives measure). */
    private static final long WALL_NANOS_PER_THREAD = 50_000;

    private final FftSweep sweep;

    /** The cost of {@code sweep}, whose inputs are already checked. */
    public FftSweepCost(FftSweep sweep) {
        this.sweep = sweep;
    }

    /** Refuses ({@link Limits#heap}) a largest size whose arrays do not fit the heap. */
    public void refuseBeyondHeap() {
        long largest = sweep.sizes().stream().mapToLong(Integer::longValue).max().orElse(2);
        Limits.heap(Limits.heapForArrays(ARRAYS_PER_MEASUREMENT * 16.0 * largest) + (192L << 20),
                String.format("the FFT of N = %,d points (%d arrays of %,d bytes)", largest, ARRAYS_PER_MEASUREMENT,
                        16 * largest));
    }

    /** The least time the sweep takes, ns. */
    public double nanos() {
        double total = 0;
        for (int n : sweep.sizes()) {
            double transform = n * (double) Math.max(1, Integer.numberOfTrailingZeros(n));
            int timed = FftRuns.repetitions(n, sweep.reps());
            for (FftEngine engine : sweep.engines()) {
                for (int p : sweep.processors()) {
                    int passes = 2 + (engine.onRuntime() && p > 1 ? 1 + (sweep.breakdown() ? 1 : 0) : 0);
                    total += passes * timed * (transform + (double) WALL_NANOS_PER_THREAD * p);
                }
            }
        }
        return total;
    }

    /** How {@link #nanos()} was estimated, for the refusal's message. */
    public String basis() {
        int sizes = sweep.sizes().size();
        int engines = sweep.engines().size();
        int processors = sweep.processors().size();
        return String.format("%d size%s x %d engine%s x %d processor count%s, each timed %d+ times against the"
                + " serial FFT at about N log2 N ns a transform", sizes, sizes == 1 ? "" : "s", engines,
                engines == 1 ? "" : "s", processors, processors == 1 ? "" : "s", sweep.reps());
    }
}
