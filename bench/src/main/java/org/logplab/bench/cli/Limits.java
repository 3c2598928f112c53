package org.logplab.bench.cli;

import java.util.Locale;
import org.logplab.core.LogP;

/**
 * Refusals of runs that this JVM's heap cannot hold or that would take longer than their time
 * limit ({@link TimeLimit}), before any work starts: an {@link IllegalArgumentException} (exit 2)
 * that names the need, the limit and how to raise it.
 */
final class Limits {
    private static final long GIB = 1L << 30;

    /**
     * What copying a large message costs, ns per byte: the in-process ping-pong of 64 MiB took
     * 16 ms one way on this 2-core machine (a copy of the payload each way), about 4 GB/s.
     */
    static final double COPY_NANOS_PER_BYTE = 0.25;

    /**
     * The least a message's hand-over between two threads costs, ns, with nothing injected: the
     * in-process ping-pong's fastest one-way time of an 8-byte message was 350-470 ns on this
     * 2-core machine; about half of that, so that only runs clearly too long are refused.
     */
    static final double HANDOFF_NANOS = 200;

    /**
     * The most repetitions a command takes: with its unrecorded warm-up (a quarter or a fifth more)
     * the count stays within an {@code int}.
     */
    static final int MAX_REPS = 1_000_000_000;

    private Limits() {
    }

    /** Refuses a repetition count {@code option} outside 1..{@link #MAX_REPS}. */
    static void repetitions(String option, int reps) {
        if (reps < 1 || reps > MAX_REPS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be 1..%,d, got %,d", option, MAX_REPS, reps));
        }
    }

    /**
     * The least one message of {@code bytes} takes one way with {@code delays} injected, ns: the
     * injected {@code L + 2o} (at least a thread hand-over), {@code G} per byte and the copy of
     * the payload. The estimates of {@code measure} and {@code pingpong} build on it.
     */
    static double oneWayNanos(LogP delays, long bytes) {
        return Math.max(HANDOFF_NANOS, delays.L() + 2.0 * delays.o()) + (double) bytes * delays.G() + bytes * COPY_NANOS_PER_BYTE;
    }

    /** Refuses {@code bytes} of heap beyond what this JVM may use; {@code what} names the need. */
    static void heap(long bytes, String what) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes <= max) {
            return;
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "%s needs about %s of heap, but this JVM may use %s: %s",
                what, gib(bytes), gib(max), fitsMachine(bytes) ? "raise it with LOGPLAB_JAVA_OPTS=" + NodeHeap.xmxFor(bytes)
                        + ", or ask for less" : beyondMachine()));
    }

    /**
     * The heap that arrays of {@code bytes} in all need: large arrays live in the old generation,
     * which the JVM's collectors give about two thirds of the heap (the parallel collector's
     * default ratio of 2:1), and the JVM's own data comes on top.
     */
    static long heapForArrays(double bytes) {
        return (long) Math.min(Long.MAX_VALUE / 2, bytes * 1.5) + (64L << 20);
    }

    /** Whether a heap of {@code bytes} leaves this machine a tenth of its memory for the rest. */
    static boolean fitsMachine(long bytes) {
        return bytes < NodeHeap.physicalMemory() * 0.9;
    }

    /** What to say of a heap that does not fit the machine. */
    static String beyondMachine() {
        return "that is more than this machine's " + gib(NodeHeap.physicalMemory()) + " of memory: ask for less";
    }

    /** {@code 5.9 GiB}. */
    static String gib(long bytes) {
        return String.format(Locale.ROOT, "%,.1f GiB", bytes / (double) GIB);
    }

    /** A duration for people: {@code 50 us}, {@code 3 ms}, {@code 45 s}, {@code 21 min}, {@code 7.3 h}, {@code 12 days}. */
    static String duration(double nanos) {
        double s = nanos / 1e9;
        if (s < 1e-3) {
            return String.format(Locale.ROOT, "%.0f us", s * 1e6);
        }
        if (s < 1) {
            return String.format(Locale.ROOT, "%.0f ms", s * 1e3);
        }
        if (s < 120) {
            return String.format(Locale.ROOT, "%.0f s", s);
        }
        if (s < 2 * 3600) {
            return String.format(Locale.ROOT, "%.0f min", s / 60);
        }
        if (s < 2 * 86400) {
            return String.format(Locale.ROOT, "%.1f h", s / 3600);
        }
        return String.format(Locale.ROOT, "%,.0f days", s / 86400);
    }
}
