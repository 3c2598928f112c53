package org.logplab.core.runtime;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.RunResult;

/**
 * Every rank's finish time and message counts, and the messages left in channels, gathered for a
 * result, with the conservation check: messages sent = received + left in flight. Used for one
 * process's run and, by the cluster's coordinator, over every process. Not thread-safe.
 */
public final class RankTotals {
    private final long[] finish;
    private final long[] sent;
    private final long[] received;
    private final List<RunResult.InFlight> inFlight = new ArrayList<>();
    private long totalSent;
    private long totalReceived;
    private long totalLeft;

    /** Totals for ranks {@code 0..P-1}, all zero. */
    public RankTotals(int P) {
        this.finish = new long[P];
        this.sent = new long[P];
        this.received = new long[P];
    }

    /** Records rank {@code rank}'s finish time and counts. */
    public void rank(int rank, long finishTime, long sentCount, long receivedCount) {
        finish[rank] = finishTime;
        sent[rank] = sentCount;
        received[rank] = receivedCount;
        totalSent += sentCount;
        totalReceived += receivedCount;
    }

    /** Records messages left in one channel. */
    public void left(RunResult.InFlight channel) {
        inFlight.add(channel);
        totalLeft += channel.count();
    }

    /**
     * Checks conservation.
     *
     * @throws IllegalStateException naming the three totals, and {@code where}, if it fails
     */
    public void checkConservation(String where) {
        if (totalSent != totalReceived + totalLeft) {
            throw new IllegalStateException("conservation violated" + where + ": " + totalSent + " messages sent, "
                    + totalReceived + " received, " + totalLeft + " left in flight");
        }
    }

    /** Finish times by rank (owned by the caller afterwards, as are the other arrays). */
    public long[] finish() {
        return finish;
    }

    /** Messages sent, by rank. */
    public long[] sent() {
        return sent;
    }

    /** Messages received, by rank. */
    public long[] received() {
        return received;
    }

    /** The channels with messages left, by source then destination. */
    public List<RunResult.InFlight> inFlight() {
        inFlight.sort(RunResult.InFlight.BY_CHANNEL);
        return inFlight;
    }
}
