package org.logplab.bench.cli;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import org.logplab.bench.cluster.ClusterJob;
import org.logplab.core.cluster.Partition;

/**
 * Whether a node's block of a cluster job fits the heap of the JVM that runs it, by the bytes per
 * processor that {@code logplab scale} measured ({@link ProcessorHeap}). A node given
 * more ranks than its heap holds spends minutes in the collector instead of failing, so
 * {@code launch} and {@code node} refuse such a {@code P} before starting anything. The estimate
 * counts the ranks' processors only (a lower bound: the job's own data comes on top), so what it
 * refuses clearly cannot run.
 */
final class NodeHeap {
    private static final long GIB = 1L << 30;
    /** The JVM's default {@code -XX:MaxRAMPercentage}: a heap of a quarter of the memory. */
    private static final double DEFAULT_MAX_RAM_PERCENTAGE = 25;

    private NodeHeap() {
    }

    /** How many channels a rank of the job receives on. */
    static ProcessorHeap.Channels channels(ClusterJob job) {
        return switch (job) {
            // A rank of the butterfly receives from log2 P partners; a balancer hears from its whole domain.
            case ALLREDUCE, FFT, BALANCE -> ProcessorHeap.Channels.LOG_P;
            case BROADCAST, SUMMATION, RING -> ProcessorHeap.Channels.ONE;
        };
    }

    /** The heap, in bytes, that {@code ranks} ranks of {@code job} need in one JVM. */
    static long needed(ClusterJob job, int ranks) {
        return ProcessorHeap.needed(channels(job), ranks);
    }

    /**
     * Null if the largest block of {@code partition} fits {@code maxHeap}, else why not.
     *
     * @param whoseHeap whose heap {@code maxHeap} is, for the message ("a node", "this node")
     * @param howToRaise what to do about it, for the message
     */
    static String problem(ClusterJob job, Partition partition, long maxHeap, String whoseHeap, String howToRaise) {
        int ranks = partition.count(0); // the largest block comes first
        long need = needed(job, ranks);
        if (need <= maxHeap) {
            return null;
        }
        String spread = partition.nodes() == 1 ? "all " + String.format("%,d", ranks) + " ranks on one node"
                : String.format("up to %,d ranks on each of %d nodes", ranks, partition.nodes());
        return String.format(Locale.ROOT, "P = %,d puts %s, which need about %,.1f GiB of heap (%,d bytes per rank as logplab "
                        + "scale measures, with room for the collector), but %s may use %,.1f GiB: %s",
                partition.P(), spread, need / (double) GIB, ProcessorHeap.bytesPerProcessor(channels(job), ranks),
                whoseHeap, maxHeap / (double) GIB, howToRaise);
    }

    /** A heap option for at least {@code bytes}, such as {@code -Xmx8g}. */
    static String xmxFor(long bytes) {
        return "-Xmx" + ((bytes + GIB - 1) / GIB) + "g";
    }

    /**
     * The largest heap a JVM started with {@code jvmOptions} may use: the last {@code -Xmx} or
     * {@code -XX:MaxHeapSize=}, else {@code -XX:MaxRAMPercentage=} (default 25) of
     * {@code physicalMemory}, as the JVM's ergonomics choose it. {@link Long#MAX_VALUE} if an
     * option does not parse (the JVM will say so itself).
     */
    static long maxHeap(List<String> jvmOptions, long physicalMemory) {
        double percentage = DEFAULT_MAX_RAM_PERCENTAGE;
        for (int i = jvmOptions.size() - 1; i >= 0; i--) {
            String o = jvmOptions.get(i);
            if (o.startsWith("-Xmx")) {
                return size(o.substring("-Xmx".length()));
            }
            if (o.startsWith("-XX:MaxHeapSize=")) {
                return size(o.substring("-XX:MaxHeapSize=".length()));
            }
        }
        for (int i = jvmOptions.size() - 1; i >= 0; i--) {
            String o = jvmOptions.get(i);
            if (o.startsWith("-XX:MaxRAMPercentage=")) {
                try {
                    percentage = Double.parseDouble(o.substring("-XX:MaxRAMPercentage=".length()));
                } catch (NumberFormatException e) {
                    return Long.MAX_VALUE;
                }
                break;
            }
        }
        return (long) (physicalMemory * percentage / 100);
    }

    /** A JVM size such as {@code 512m}, {@code 8G} or {@code 1073741824}, in bytes; {@link Long#MAX_VALUE} if not one. */
    private static long size(String s) {
        if (s.isEmpty()) {
            return Long.MAX_VALUE;
        }
        int shift = switch (Character.toLowerCase(s.charAt(s.length() - 1))) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        String digits = shift == 0 ? s : s.substring(0, s.length() - 1);
        try {
            long v = Long.parseLong(digits);
            return v < 0 || v > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : v << shift;
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** This host's memory (or the container's limit), in bytes, as the JVM sees it. */
    static long physicalMemory() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    }
}
