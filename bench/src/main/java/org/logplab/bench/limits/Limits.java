package org.logplab.bench.limits;

import java.util.Locale;
import org.logplab.bench.output.Cells;
import org.logplab.core.LogP;

/**
 * Refusals of runs that this JVM's heap cannot hold or that would take longer than their time
 * limit, before any work starts: an {@link IllegalArgumentException} (exit 2) that names the need,
 * the limit and how to raise it. Stateless; any thread.
 */
public final class Limits {
    /**
     * What copying a large message costs, ns per byte: about 4 GB/s, the in-process ping-pong's
     * one-way time of a 64 MiB message on a 2-core host (a copy of the payload each way).
     */
    public static final double COPY_NANOS_PER_BYTE = 0.25;

    /**
     * The least a message's hand-over between two threads costs, ns, with nothing injected: about
     * half the fastest one-way time of an 8-byte in-process ping-pong, so that only runs clearly
     * too long are refused.
     */
    public static final double HANDOFF_NANOS = 200;

    /**
     * The most repetitions a command takes: with its unrecorded warm-up (a quarter or a fifth more)
     * the count stays within an {@code int}.
     */
    public static final int MAX_REPS = 1_000_000_000;

    private Limits() {
    }

    /** Refuses a repetition count {@code option} outside 1..{@link #MAX_REPS}. */
    public static void repetitions(String option, int reps) {
        if (reps < 1 || reps > MAX_REPS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be 1..%,d, got %,d", option,
                    MAX_REPS, reps));
        }
    }

    /**
     * The least one message of {@code bytes} takes one way with {@code delays} injected, ns: the
     * injected {@code L + 2o} (at least a thread hand-over), {@code G} per byte and the copy of
     * the payload. The estimates of {@code measure} and {@code pingpong} build on it.
     */
    public static double oneWayNanos(LogP delays, long bytes) {
        return Math.max(HANDOFF_NANOS, delays.L() + 2.0 * delays.o()) + (double) bytes * delays.G()
                + bytes * COPY_NANOS_PER_BYTE;
    }

    /** Refuses {@code bytes} of heap beyond what this JVM may use; {@code what} names the need. */
    public static void heap(long bytes, String what) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes <= max) {
            return;
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT,
                "%s needs about %s of heap, but this JVM may use %s: %s",
                what, Cells.bytes(bytes), Cells.bytes(max), fitsMachine(bytes) ? "raise it with LOGPLAB_JAVA_OPTS="
                + JvmHeap.xmxFor(bytes)
                        + ", or ask for less" : beyondMachine()));
    }

    /**
     * The heap that arrays of {@code bytes} in all need: large arrays live in the old generation,
     * which the JVM's collectors give about two thirds of the heap (the parallel collector's
     * default ratio of 2:1), and the JVM's own data comes on top.
     */
    public static long heapForArrays(double bytes) {
        return (long) Math.min(Long.MAX_VALUE / 2, bytes * 1.5) + (64L << 20);
    }

    /** Whether a heap of {@code bytes} leaves this machine a tenth of its memory for the rest. */
    public static boolean fitsMachine(long bytes) {
        return bytes < JvmHeap.physicalMemory() * 0.9;
    }

    /** What to say of a heap that does not fit the machine. */
    public static String beyondMachine() {
        return "that is more than this machine's " + Cells.bytes(JvmHeap.physicalMemory()) + " of memory: ask for less";
    }

    /**
     * Refuses a run estimated at {@code estimateNanos} beyond {@code maxNanos}, the limit that
     * {@code --max-time} sets.
     *
     * @param basis how the estimate was made, for the message, e.g. {@code "400 runs of at least 2 ms"}
     */
    public static void time(double estimateNanos, long maxNanos, String basis) {
        if (estimateNanos > maxNanos) {
            throw new IllegalArgumentException("this run would take about " + Cells.duration(estimateNanos) + " ("
                    + basis
                    + "), more than --max-time " + Cells.duration(maxNanos) + ": give --max-time "
                    + timeSuggestion(estimateNanos * 1.5) + " to run it anyway, or ask for less");
        }
    }

    /** A limit above {@code nanos} as {@code --max-time} takes it: whole minutes, or hours beyond two. */
    public static String timeSuggestion(double nanos) {
        double minutes = Math.ceil(nanos / 60e9);
        return minutes <= 120 ? (long) minutes + "min" : (long) Math.ceil(minutes / 60) + "h";
    }
}
