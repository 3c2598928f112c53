package org.logplab.balance.policy;

/**
 * {@code heavy}: sender-initiated balancing (the heavy-node request of Xu, Zhang and Zhang (2009);
 * docs/algorithms.md §12). A node whose queued work exceeds {@code heavyFraction} times its fair
 * share {@code tau c_p} pushes its excess {@code W_p - tau c_p} to the domain members below their
 * share, in proportion to their deficits {@code tau c_j - W_j} (the seed copies the receiver
 * formula; weighting by deficit sends work where there is room). It acts when work is released on
 * it, after each task it runs and when a member's state changes; tasks move newest first. Under
 * heavy system load few members are below their share and every push adds to a busy node: this
 * policy's known weakness. Nodes tell their domain when they become heavy or stop being so
 * ({@link LoadNotices}), and a node that has run out of work pushed to it tells each member that
 * pushed it some, even if its state did not change: a pusher busy with its own work believes its
 * pushed work still queued there (its estimate assumes new work keeps coming), and without the word
 * it would keep most of a tree grown on it to itself.
 */
public final class HeavyRequestPolicy implements BalancingPolicy {
    private final double heavyFraction;

    /** Default: heavy above 1.5 times the fair share. */
    public HeavyRequestPolicy() {
        this(1.5);
    }

    /**
     * @param heavyFraction  a node is heavy above this multiple of its fair share, at least 1
     */
    public HeavyRequestPolicy(double heavyFraction) {
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
    public WorkerPolicy forNode(int rank) {
        return new Sender(heavyFraction, true);
    }

    /**
     * The sender-initiated side, shared with {@link BidirectionalPolicy}. Its push test and its notices'
     * test are one test (queued work above {@code heavyFraction} times the fair share, see
     * {@link LoadNotices#aboveShare(double)}), so after a task it makes the test once: a node
     * that is not heavy pushes nothing and is light, one that is heavy but moved nothing is still
     * heavy; only a push that moved work calls for a new test.
     */
    static class Sender implements WorkerPolicy {
        private final LoadNotices notices;
        private final double heavyFraction;
        /** The members that pushed tasks here since this node last ran out of work (by rank); null before any did. */
        private boolean[] pushedHere;
        private boolean anyPushed;

        /**
         * @param notify whether this side tells the domain its state ({@link LoadNotices#aboveShare(double)}
         *     of {@code heavyFraction}); if not, another part of the policy sends the notices
         */
        Sender(double heavyFraction, boolean notify) {
            this.notices = notify ? LoadNotices.aboveShare(heavyFraction) : LoadNotices.NONE;
            this.heavyFraction = heavyFraction;
        }

        @Override
        public void onStart(WorkerView node) {
            notices.maybeNotify(node);
        }

        @Override
        public void onReleased(WorkerView node) {
            pushThenNotify(node);
        }

        @Override
        public void onFinished(WorkerView node) {
            pushThenNotify(node);
        }

        @Override
        public void onIdle(WorkerView node) {
            if (anyPushed) {
                // Pushed work has all run here, but each pusher still counts it as queued (its
                // estimate assumes new work keeps coming while it is busy itself): tell them.
                anyPushed = false;
                for (int j = 0; j < pushedHere.length; j++) {
                    if (pushedHere[j]) {
                        pushedHere[j] = false;
                        notices.remind(node, j);
                    }
                }
            }
            notices.maybeNotify(node);
        }

        @Override
        public void onNotice(WorkerView node, int from, int state) {
            tryPush(node);
        }

        @Override
        public void onTasks(WorkerView node, int from, long work) {
            if (pushedHere == null) {
                pushedHere = new boolean[node.nodes()];
            }
            pushedHere[from] = true;
            anyPushed = true;
            notices.maybeNotify(node);
        }

        /** {@link #tryPush}, then tells the domain the state if it changed (testing again only if work moved). */
        private void pushThenNotify(WorkerView node) {
            long moved = tryPush(node);
            int state = moved < 0 ? LoadNotices.LIGHT : moved == 0 ? LoadNotices.HEAVY : notices.stateOf(node);
            notices.maybeNotify(node, state);
        }

        /**
         * Pushes this node's excess to the members below their share if it is heavy (two tasks or
         * more queued, queued work above {@code heavyFraction} times its share). Returns the work
         * moved, or -1 if the node is not heavy.
         */
        long tryPush(WorkerView node) {
            if (node.queuedTasks() <= 1) {
                return -1;
            }
            double tau = Domain.drainTime(node);
            if (!LoadNotices.aboveShare(node, heavyFraction, tau)) {
                return -1;
            }
            return Domain.pushToLight(node, tau, true);
        }
    }
}
