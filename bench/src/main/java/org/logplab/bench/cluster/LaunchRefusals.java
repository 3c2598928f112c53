package org.logplab.bench.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.logplab.bench.limits.JvmHeap;
import org.logplab.bench.output.Cells;
import org.logplab.core.cluster.Partition;

/**
 * What a launch on this host refuses before it starts anything (an {@link IllegalArgumentException}
 * saying how to ask for less, exit 2): a P whose largest block clearly does not fit a node's heap
 * (or, when it is also run in-process, this JVM's), and media drivers whose files do not fit the
 * temporary folder.
 */
public final class LaunchRefusals {
    /** Room an Aeron publication or image takes in the driver's folder: three terms. */
    private static final int TERMS_PER_LOG = 3;
    /** The rest of a media driver's folder: its command-and-control file, counters, loss report. */
    private static final long DRIVER_BASE_BYTES = 9L << 20;

    private LaunchRefusals() {
    }

    /**
     * Refuses a P whose largest block clearly does not fit a node's heap, by the heap the node
     * JVMs get from {@code jvmOptions} (or the JVM's default), and, with {@code inProcessToo}, a P
     * that does not fit this JVM's heap, which then runs every rank.
     */
    public static void heaps(ClusterJob job, Partition partition, List<String> jvmOptions, boolean inProcessToo) {
        long nodeHeap = JvmHeap.maxHeap(jvmOptions, JvmHeap.physicalMemory());
        String problem = NodeHeap.problem(job, partition, nodeHeap, "a node JVM", "give the nodes more with"
                + " --node-jvm-options " + JvmHeap.xmxFor(NodeHeap.needed(job, partition.count(0)))
                + ", or use more nodes");
        if (problem == null && inProcessToo) {
            Partition all = Partition.blocks(partition.P(), 1);
            problem = NodeHeap.problem(job, all, Runtime.getRuntime().maxMemory(), "this JVM (which runs them all for"
                    + " --check)", "give it more with LOGPLAB_JAVA_OPTS=" + JvmHeap.xmxFor(NodeHeap.needed(job,
                    partition.P())) + ", or leave out --check");
        }
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /**
     * Refuses nodes whose media drivers' files do not fit the temporary folder: over UDP each
     * node's driver maps a publication to and an image from each other node, three terms each (2
     * nodes at the default 16 MiB terms: 105 MB each); over IPC ({@code sharedDriver}) one driver
     * maps one log per ordered pair of nodes.
     *
     * @param termLength Aeron's term length, bytes
     */
    public static void disk(int nodes, boolean sharedDriver, int termLength) throws IOException {
        long log = (long) TERMS_PER_LOG * termLength;
        double bytes = sharedDriver ? (double) nodes * (nodes - 1) * log + DRIVER_BASE_BYTES
                : nodes * (2.0 * (nodes - 1) * log + DRIVER_BASE_BYTES);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long free = Files.getFileStore(tmp).getUsableSpace();
        if (bytes > free) {
            throw new IllegalArgumentException(String.format("%d nodes' media drivers need about %s in %s (%s a log of"
                    + " three %,d-byte terms per pair of nodes), but it has %s free: use fewer nodes or a smaller"
                    + " --term-length", nodes, Cells.bytes((long) Math.min(Long.MAX_VALUE, bytes)), tmp,
                    Cells.bytes(log), termLength, Cells.bytes(free)));
        }
    }
}
