package org.logplab.bench.cluster;

import java.util.Locale;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Cells;
import org.logplab.core.cluster.Partition;

/**
 * Whether a node's block of a cluster job fits the heap of the JVM that runs it, by the bytes per
 * processor that {@code logplab scale} measured ({@link ProcessorHeap}). A node given
 * more ranks than its heap holds spends minutes in the collector instead of failing, so
 * {@code launch} and {@code node} refuse such a {@code P} before starting anything. The estimate
 * counts the ranks' processors only (a lower bound: the job's own data comes on top), so what it
 * refuses clearly cannot run.
 */
public final class NodeHeap {

    private NodeHeap() {
    }

    /** How many channels a rank of the job receives on. */
    public static ProcessorHeap.Channels channels(ClusterJob job) {
        return switch (job) {
            // A rank of the butterfly receives from log2 P partners; a balancer hears from its whole domain.
            case ALLREDUCE, FFT, BALANCE -> ProcessorHeap.Channels.LOG_P;
            case BROADCAST, SUMMATION, RING -> ProcessorHeap.Channels.ONE;
        };
    }

    /** The heap, in bytes, that {@code ranks} ranks of {@code job} need in one JVM. */
    public static long needed(ClusterJob job, int ranks) {
        return ProcessorHeap.needed(channels(job), ranks);
    }

    /**
     * Null if the largest block of {@code partition} fits {@code maxHeap}, else why not.
     *
     * @param whoseHeap whose heap {@code maxHeap} is, for the message ("a node", "this node")
     * @param howToRaise what to do about it, for the message
     */
    public static String problem(ClusterJob job, Partition partition, long maxHeap, String whoseHeap,
            String howToRaise) {
        int ranks = partition.count(0); // the largest block comes first
        long need = needed(job, ranks);
        if (need <= maxHeap) {
            return null;
        }
        String spread = partition.nodes() == 1 ? "all " + String.format("%,d", ranks) + " ranks on one node"
                : String.format("up to %,d ranks on each of %d nodes", ranks, partition.nodes());
        return String.format(Locale.ROOT,
                "P = %,d puts %s, which need about %s of heap (%,d bytes per rank as logplab scale measures,"
                        + " with room for the collector), but %s may use %s: %s",
                partition.P(), spread, Cells.bytes(need), ProcessorHeap.bytesPerProcessor(channels(job), ranks),
                whoseHeap, Cells.bytes(maxHeap), howToRaise);
    }




}
