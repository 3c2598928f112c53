package org.logplab.bench.experiment;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Whether the threads of a timed block each had a core to themselves: per thread, its CPU time
 * over its wall time from {@link #begin} to {@link #end}, both read on the thread itself. A thread
 * that spins for its whole block with a core of its own is on it throughout; one that shared its
 * core with another thread, of this JVM (another rank, the JIT, the garbage collector) or of
 * another program, was off it for part of the block, which then measured the scheduler as much
 * as the code: the slow mode of a bimodal figure, to be said so rather than averaged in. In a
 * virtual machine the host may also take a virtual core away: the guest then counts no CPU time
 * for the thread on it, and the block is judged the same way.
 *
 * <p>Only threads that never give their core away by choice can be judged so: a sender that
 * parks while a full channel waits for its receiver is off its core without sharing it. Such a
 * thread is {@linkplain #excluding excluded}, and the block is judged by the others.
 *
 * <p>Each thread writes only its own slot, and the slots are read after the block (after a join
 * or the end of a run, which order the writes before the reads). Where the JVM cannot read a
 * thread's CPU time, nothing is judged.
 */
public final class OnCore {
    /** A thread on a core for less than this share of its block shared the core: 10 % of the block elsewhere. */
    public static final double SHARED_BELOW = 0.9;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long[] cpuStart;
    private final long[] wallStart;
    private final double[] share;
    private final boolean[] excluded;

    /** A meter for {@code threads} threads, numbered from 0, every one judged. */
    public OnCore(int threads) {
        cpuStart = new long[threads];
        wallStart = new long[threads];
        share = new double[threads];
        excluded = new boolean[threads];
        Arrays.fill(share, Double.NaN);
    }

    /** Leaves thread {@code i} out (it may park by design): its {@link #begin} and {@link #end} do nothing. */
    public OnCore excluding(int i) {
        excluded[i] = true;
        return this;
    }

    /** On thread {@code i}, as its part of the block starts. */
    public void begin(int i) {
        wallStart[i] = System.nanoTime();
        cpuStart[i] = cpuNanos();
    }

    /** On thread {@code i}, as its part of the block ends. */
    public void end(int i) {
        if (excluded[i]) {
            return;
        }
        long cpu = cpuNanos();
        long wall = System.nanoTime() - wallStart[i];
        share[i] = cpu < 0 || cpuStart[i] < 0 || wall <= 0 ? Double.NaN
                : Math.min(1, (cpu - cpuStart[i]) / (double) wall);
    }

    /** The least share of its block a judged thread spent on a core, from 0 to 1; NaN when not measured. */
    public double least() {
        double least = Double.NaN;
        for (int i = 0; i < share.length; i++) {
            if (excluded[i]) {
                continue;
            }
            if (Double.isNaN(share[i])) {
                return Double.NaN;
            }
            least = Double.isNaN(least) ? share[i] : Math.min(least, share[i]);
        }
        return least;
    }

    /** Whether {@code least}, a {@link #least()}, says a thread shared its core (false when not measured). */
    public static boolean shared(double least) {
        return least < SHARED_BELOW;
    }

    /** This thread's CPU time, ns, or -1 where the JVM cannot read it. */
    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }
}
