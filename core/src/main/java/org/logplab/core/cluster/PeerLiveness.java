package org.logplab.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * When this node last heard each peer, and which peers have gone silent: a peer heard before and
 * silent for longer than the peer timeout, or never heard within the connect timeout. Times are
 * {@link System#nanoTime()} readings. Used on the transport's one receiving thread.
 */
final class PeerLiveness {
    private final int self;
    private final long peerTimeoutNanos;
    private final long connectTimeoutNanos;
    private final long sinceNanos;
    private final long[] lastHeard;
    private final boolean[] heard;

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

    /** The peers that are silent at {@code nowNanos}, in node order. */
    List<Integer> silent(long nowNanos) {
        List<Integer> silent = new ArrayList<>();
        for (int i = 0; i < heard.length; i++) {
            if (i != self && (heard[i] ? nowNanos - lastHeard[i] > peerTimeoutNanos : nowNanos - sinceNanos > connectTimeoutNanos)) {
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
        return "never heard within the connect timeout of " + TimeUnit.NANOSECONDS.toMillis(connectTimeoutNanos) + " ms";
    }
}
