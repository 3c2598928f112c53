package org.logplab.bench.limits;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Facts about Java heaps that the limits reason with: this host's memory, the heap a JVM started
 * with given options may use, and the option that asks for a heap of a given size. Stateless; any
 * thread.
 */
public final class JvmHeap {
    private static final long GIB = 1L << 30;
    /** The JVM's default {@code -XX:MaxRAMPercentage}: a heap of a quarter of the memory. */
    private static final double DEFAULT_MAX_RAM_PERCENTAGE = 25;

    private JvmHeap() {
    }

    /** A heap option for at least {@code bytes}, such as {@code -Xmx8g}. */
    public static String xmxFor(long bytes) {
        return "-Xmx" + ((bytes + GIB - 1) / GIB) + "g";
    }

    /**
     * The largest heap a JVM started with {@code jvmOptions} may use: the last {@code -Xmx} or
     * {@code -XX:MaxHeapSize=}, else {@code -XX:MaxRAMPercentage=} (default 25) of
     * {@code physicalMemory}, as the JVM's ergonomics choose it. {@link Long#MAX_VALUE} if an
     * option does not parse (the JVM will say so itself).
     */
    public static long maxHeap(List<String> jvmOptions, long physicalMemory) {
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

    /** A JVM size such as {@code 512m}, {@code 8G} or {@code 1073741824}, in bytes; {@link Long#MAX_VALUE} if not one.
     * */
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
    public static long physicalMemory() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }
}
