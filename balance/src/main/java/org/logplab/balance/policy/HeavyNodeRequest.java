package org.logplab.balance.policy;

/**
 * {@code heavy}: sender-initiated balancing (ALGORITHMS.md §12, the seed's heavy-node request).
 * A node whose queued work exceeds {@code heavyFraction} times its fair share {@code tau c_p}
 * pushes its excess {@code W_p - tau c_p} to the domain members below their share, in proportion
 * to their deficits {@code tau c_j - W_j} (the seed copies the receiver formula; weighting by
 * deficit sends work where there is room). It acts when work is released on it, after each task it runs and when a member's
 * state changes; tasks move newest first. Under heavy system load few members are
 * below their share and every push adds to a busy node: this policy's known weakness. Nodes tell
 * their domain when they become heavy or stop being so ({@link LoadNotices}).
 */
public final class HeavyNodeRequest implements Policy {
    private final double heavyFraction;

    /** Default: heavy above 1.5 times the fair share. */
    public HeavyNodeRequest() {
        this(1.5);
    }

    /**
     * @param heavyFraction  a node is heavy above this multiple of its fair share, at least 1
     */
    public HeavyNodeRequest(double heavyFraction) {
        if (!(heavyFraction >= 1)) {
            throw new IllegalArgumentException("heavy fraction must be at least 1, got " + heavyFraction);
        }
        this.heavyFraction = heavyFraction;
    }

    @Override
    public String name() {
        return "heavy";
    }

    @Override
    public NodePolicy forNode(int rank) {
        return new Sender(LoadNotices.aboveShare(heavyFraction), heavyFraction);
    }

    /** The sender-initiated side, shared with {@link Bidirectional}. */
    static class Sender implements NodePolicy {
        private final LoadNotices notices;
        private final double heavyFraction;

        Sender(LoadNotices notices, double heavyFraction) {
            this.notices = notices;
            this.heavyFraction = heavyFraction;
        }

        @Override
        public void onStart(NodeView node) {
            notices.maybeNotify(node);
        }

        @Override
        public void onReleased(NodeView node) {
            tryPush(node);
            notices.maybeNotify(node);
        }

        @Override
        public void onFinished(NodeView node) {
            tryPush(node);
            notices.maybeNotify(node);
        }

        @Override
        public void onIdle(NodeView node) {
            notices.maybeNotify(node);
        }

        @Override
        public void onNotice(NodeView node, int from, int state) {
            tryPush(node);
        }

        @Override
        public void onTasks(NodeView node, int from, long work) {
            notices.maybeNotify(node);
        }


        void tryPush(NodeView node) {
            double tau = Domain.drainTime(node);
            if (node.queuedTasks() > 1 && node.queuedWork() > heavyFraction * tau * node.capacity()) {
                Domain.pushToLight(node, tau, true);
            }
        }
    }
}
