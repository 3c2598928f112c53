package org.logplab.bench.cluster;

/**
 * What the {@code result} column of a multi-process run holds for each job: each rank's one
 * {@code long} ({@link ClusterJob#program}); for the FFT and balance jobs a digest that two runs
 * agree on exactly when their outputs do. Printed under the ranks' table by {@code logplab launch}
 * and {@code logplab node}.
 */
public final class ResultLegend {

    private ResultLegend() {
    }

    /** The legend line for {@code job}: {@code result: } and what the column holds. */
    public static String of(ClusterJob job) {
        return "result: " + switch (job) {
            case BROADCAST -> "the value each rank received from rank 0 (" + ClusterJob.BROADCAST_VALUE + ")";
            case ALLREDUCE -> "each rank's all-reduced sum of 7r + 3 over the ranks r";
            case SUMMATION -> "the total of the n operands 3j + 1 (j = 0..n-1) at rank 0, -1 at the other ranks";
            case RING -> "the last token each rank saw (each rank adds 1 as the token passes)";
            case FFT -> "a digest of the rank's block of the FFT's output: from 1, digest = 31 x digest + the 64 bits"
                    + " of each double of the block in order (real and imaginary parts), wrapping in 64 bits; equal"
                    + " digests, bit-identical blocks";
            case BALANCE -> "a digest of the ids of the tasks the rank's node executed, in order: from 1, digest = 31 x"
                    + " digest + id, wrapping in 64 bits; equal digests, the same tasks in the same order";
        };
    }
}
