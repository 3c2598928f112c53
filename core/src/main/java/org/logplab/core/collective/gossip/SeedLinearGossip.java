package org.logplab.core.collective.gossip;

/**
 * Phase 2 of Wang and Ying's algorithm on one line (a row or a column) of the mesh: the linear
 * gossip of figure 2, step by step. Line position {@code i} is mesh node {@code node[i]}; the
 * centre is {@code c = (n-1)/2} for odd {@code n} and {@code n/2} for even {@code n}.
 *
 * <p>Every position keeps two FIFO queues, {@code R_i} (to send right) and {@code L_i} (to send
 * left), both starting with the messages the node must spread along this line. Left of the centre,
 * position {@code i} sends the head of {@code R_i} to {@code i+1} while {@code R_i} is not empty, and
 * otherwise takes the head of {@code L_{i+1}} from {@code i+1} into {@code L_i} (position 0 keeps
 * nothing: nobody lies further left); what arrives from {@code i-1} joins {@code R_i}. Right of the
 * centre the same happens mirrored. The centre only collects: what comes from the left joins
 * {@code R_c}, what comes from the right joins {@code L_c}.
 *
 * <p>All decisions of a step read the queues as they were at its start (the figure's two
 * {@code if}s run in parallel), so a message received in step {@code t} is forwarded at the
 * earliest in step {@code t+1}. Not thread-safe.
 */
final class SeedLinearGossip {
    private final int[] node;
    private final int centre;
    private final IntQueue[] left;
    private final IntQueue[] right;
    private final int[] sendFrom;
    private final int[] sendTo;
    private final int[] sendMessage;

    /**
     * A line whose position {@code i} is mesh node {@code node[i]} and starts with the messages
     * {@code initial[i]}, in queue order.
     */
    SeedLinearGossip(int[] node, int[][] initial) {
        int n = node.length;
        this.node = node.clone();
        this.centre = n % 2 == 1 ? (n - 1) / 2 : n / 2;
        this.left = new IntQueue[n];
        this.right = new IntQueue[n];
        for (int i = 0; i < n; i++) {
            left[i] = new IntQueue();
            right[i] = new IntQueue();
            for (int m : initial[i]) {
                left[i].add(m);
                right[i].add(m);
            }
        }
        this.sendFrom = new int[n];
        this.sendTo = new int[n];
        this.sendMessage = new int[n];
    }

    /** Adds this line's transfers of the next timestep to {@code step} and advances the queues. */
    void step(Timestep step) {
        int n = node.length;
        int count = 0;
        // Decide every link from the queues as they stand at the start of the step ...
        for (int i = 0; i < n; i++) {
            if (i < centre) {
                if (!right[i].isEmpty()) {
                    count = record(count, i, i + 1, right[i].peek());
                } else if (!left[i + 1].isEmpty()) {
                    count = record(count, i + 1, i, left[i + 1].peek());
                }
            } else if (i > centre) {
                if (!left[i].isEmpty()) {
                    count = record(count, i, i - 1, left[i].peek());
                } else if (!right[i - 1].isEmpty()) {
                    count = record(count, i - 1, i, right[i - 1].peek());
                }
            }
        }
        // ... then move the messages: each queue loses at most its head, so the order is free.
        for (int k = 0; k < count; k++) {
            int from = sendFrom[k];
            int to = sendTo[k];
            int m = sendMessage[k];
            step.add(node[from], node[to], m);
            if (to > from) {
                right[from].poll();
                if (to < n - 1) { // the far end forwards nothing further
                    right[to].add(m);
                }
            } else {
                left[from].poll();
                if (to > 0) {
                    left[to].add(m);
                }
            }
        }
    }

    private int record(int count, int from, int to, int message) {
        sendFrom[count] = from;
        sendTo[count] = to;
        sendMessage[count] = message;
        return count + 1;
    }
}
