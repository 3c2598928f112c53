package org.logplab.balance.policy;

/**
 * When a node tells its domain its load: at the start, on becoming idle or busy, and whenever its
 * queued work has moved by more than {@code fraction} of what it last told (so a notice costs
 * messages in proportion to how much the load really changes). One per node.
 */
final class LoadNotices {
    /** Never notifies (for policies that send notices of their own). */
    static final LoadNotices NONE = new LoadNotices(-1);
    private final double fraction;
    private long told = -1;

    LoadNotices(double fraction) {
        this.fraction = fraction;
    }

    /** Sends a notice with {@code state} if the load changed enough since the last one. */
    void maybeNotify(NodeView node, int state) {
        if (fraction < 0) {
            return;
        }
        long w = node.queuedWork();
        if (told < 0 || (w == 0) != (told == 0) || Math.abs(w - told) > fraction * told) {
            node.notifyDomain(state);
            told = w;
        }
    }
}
