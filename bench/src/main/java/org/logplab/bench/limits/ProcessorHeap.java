package org.logplab.bench.limits;

/**
 * The heap a model-clock run of {@code P} processors on virtual threads needs, from what each
 * processor allocates: the thread (about 300 bytes), the processor and its clock (about 250), and
 * about 350 per channel it receives on, measured on JDK 25 at P = 2^21 with
 * {@code jcmd GC.class_histogram} ({@code logplab scale}). {@code scale}, {@code collective},
 * {@code summation}, {@code balance}, {@code launch} and {@code node} refuse a P beyond it up front.
 */
public final class ProcessorHeap {
    /** The heap may hold this many times the live estimate: the collector needs room to work. */
    private static final double HEADROOM = 1.6;
    /** The JVM's own live data before the first processor: classes, the JIT's, the command's. */
    private static final long BASE_BYTES = 64L << 20;

    /** How many channels each processor receives on. */
    public enum Channels {
        /** One: a tree broadcast or reduce, a ring, a summation. */
        ONE,
        /** {@code log2 P}: the butterfly's partners, a balancer's domain. */
        LOG_P
    }

    private ProcessorHeap() {
    }

    /** Live heap per processor, bytes. */
    public static long bytesPerProcessor(Channels channels, int processors) {
        int each = channels == Channels.LOG_P ? Math.max(1, 32 - Integer.numberOfLeadingZeros(processors - 1)) : 1;
        return 550 + 350L * each;
    }

    /** The heap a run of {@code processors} needs, bytes, with room for the garbage it makes. */
    public static long needed(Channels channels, int processors) {
        return (long) (HEADROOM * bytesPerProcessor(channels, processors) * processors) + BASE_BYTES;
    }

    /**
     * Refuses (exit 2) {@code processors} that this JVM's heap cannot hold, naming the heap needed
     * and the option that raises it.
     */
    public static void check(Channels channels, int processors, String what) {
        Limits.heap(needed(channels, processors),
                String.format("%s on P = %,d processors (%,d bytes each as logplab scale measures, with room for the"
                + " collector)", what, processors,
                bytesPerProcessor(channels, processors)));
    }
}
