package org.logplab.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether this node's peers are alive, and when this node next tells them it is: when it last
 * heard each peer, which peers have gone silent (heard before and silent for longer than the peer
 * timeout, or never heard within the connect timeout), and when its next heartbeat is due (one
 * every {@value #HEARTBEAT_MILLIS} ms). Times are {@link System#nanoTime()} readings. Used on the
 * transport's one receiving thread.
 */
final class PeerLiveness {
    /** How often a node tells every peer it is alive, ms; a peer timeout spans at least two. */
    static final long HEARTBEAT_MILLIS = 100;

    private final int self;
    private final long peerTimeoutNanos;
    private final long connectTimeoutNanos;
    private final long sinceNanos;
    private final long[] lastHeard;
    private final boolean[] heard;
    private long lastBeat;

    /**
     * @param self this node, never silent to itself
     * @param nodes the cluster's nodes
     * @param sinceNanos when this node started waiting for its peers
     */
    PeerLiveness(int self, int nodes, long peerTimeoutNanos, long connectTimeoutNanos, long sinceNanos) {
        this.self = self;
        this.peerTimeoutNanos = peerTimeoutNanos;
        this.connectTimeoutNanos = connectTimeoutNanos;
        this.sinceNanos = sinceNanos;
        this.lastHeard = new long[nodes];
        this.heard = new boolean[nodes];
    }

    /** A frame from {@code node} arrived at {@code nowNanos}. */
    void heard(int node, long nowNanos) {
        lastHeard[node] = nowNanos;
        heard[node] = true;
    }

    /** Whether this node's next heartbeat is due at {@code nowNanos}; if so, it counts as sent then. */
    boolean heartbeatDue(long nowNanos) {
        if (nowNanos - lastBeat < TimeUnit.MILLISECONDS.toNanos(HEARTBEAT_MILLIS)) {
            return false;
        }
        lastBeat = nowNanos;
        return true;
    }

    /** The peers that are silent at {@code nowNanos}, in node order. */
    List<Integer> silent(long nowNanos) {
        List<Integer> silent = new ArrayList<>();
        for (int i = 0; i < heard.length; i++) {
            if (i != self && (heard[i] ? nowNanos - lastHeard[i] > peerTimeoutNanos
                    : nowNanos - sinceNanos > connectTimeoutNanos)) {
                silent.add(i);
            }
        }
        return silent;
    }

    /** Why {@code node} counts as silent at {@code nowNanos}, in words. */
    String why(int node, long nowNanos) {
        if (heard[node]) {
            return "silent for " + TimeUnit.NANOSECONDS.toMillis(nowNanos - lastHeard[node]) + " ms (peer timeout "
                    + TimeUnit.NANOSECONDS.toMillis(peerTimeoutNanos) + " ms)";
        }
        return "never heard within the connect timeout of " + TimeUnit.NANOSECONDS.toMillis(connectTimeoutNanos)
                + " ms";
    }

    /**
     * Why this node lost contact at {@code nowNanos}, naming every silent peer with its ranks, or
     * null if no peer is silent. A long frame that was still coming from a silent peer is dropped
     * from {@code assembler}, and the words say how much of it had come.
     */
    String lostContact(long nowNanos, Partition partition, FrameAssembler assembler) {
        List<Integer> silent = silent(nowNanos);
        if (silent.isEmpty()) {
            return null;
        }
        List<String> why = new ArrayList<>();
        for (int i : silent) {
            String lost = assembler.discard(i);
            why.add(partition.describe(i) + " " + why(i, nowNanos)
                    + (lost == null ? "" : " (" + lost + " from it had come; the frame was discarded)"));
        }
        return "lost contact on node " + self + ": " + String.join("; ", why)
                + "; the process died, stopped answering or never joined";
    }
}
