package org.logplab.bench.experiment.collective;

import org.logplab.core.LogP;
import org.logplab.core.Program;

/**
 * The binary-tree broadcast of the runtime experiments: rank {@code r} receives from
 * {@code (r-1)/2} and sends to {@code 2r+1} and {@code 2r+2}; plus its exact model time from the
 * hand recursion (docs/algorithms.md §1): a node that finished receiving at {@code t} has its
 * {@code i}-th child finish receiving at {@code t + i*max(g,o) + L + 2o}.
 */
public final class TreeBroadcast {
    private TreeBroadcast() {
    }

    /** The broadcast program for {@code processors} ranks; rank 0 sends {@code 1L} (8-byte primitive messages). */
    public static Program program(int processors) {
        return p -> {
            int me = p.rank();
            long value = me == 0 ? 1L : p.recvLong((me - 1) / 2, 0);
            for (int c = 2 * me + 1; c <= 2 * me + 2 && c < processors; c++) {
                p.sendLong(c, 0, value);
            }
        };
    }

    /** The exact model makespan of {@link #program} (O(P) time, O(P) memory). */
    public static long predictedMakespan(LogP params) {
        int n = params.P();
        long gap = params.sendInterval();
        long[] received = new long[n];
        long makespan = 0;
        for (int v = 0; v < n; v++) {
            if (v > 0) {
                int parent = (v - 1) / 2;
                received[v] = received[parent] + (v - (2 * parent + 1)) * gap + params.messageTime();
            }
            int children = Math.max(0, Math.min(2, n - (2 * v + 1)));
            long finish = children == 0 ? received[v] : received[v] + (children - 1) * gap + params.o();
            makespan = Math.max(makespan, finish);
        }
        return makespan;
    }
}
