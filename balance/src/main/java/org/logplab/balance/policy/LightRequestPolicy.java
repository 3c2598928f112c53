package org.logplab.balance.policy;

/**
 * {@code light}: receiver-initiated balancing (the light-node request of Xu, Zhang and Zhang
 * (2009); docs/algorithms.md §12). A node whose queued work is below {@code lightFraction} of its
 * fair share {@code tau c_p} (or that is idle) asks each heavy domain member {@code j} for
 * {@code M_j = (tau c_p - W_p) H(j) / sum H}, {@code H(j) = W_j - tau c_j > 0}, from what it last
 * heard of their loads; when it knows of no heavy member it probes one member at random. A node
 * asked gives up to the amount but never more than its own excess; tasks move newest first. Nodes
 * tell their domain when they become heavy or stop being so (heavy: waiting work above {@code 1 /
 * lightFraction} times the share, see {@link LoadNotices}). A light node that got nothing asks
 * again after one round trip {@code 2(L + 2o)}: under light system load idle nodes keep asking busy
 * ones, the flood of futile requests the seed warns of.
 */
public final class LightRequestPolicy implements BalancingPolicy {
    private final double lightFraction;
    private final int probeLimit;

    /** Defaults: light below half the fair share, ask every heavy member. */
    public LightRequestPolicy() {
        this(0.5, 0);
    }

    /**
     * @param lightFraction  a node is light below this fraction of its fair share, in (0, 1]
     * @param probeLimit     the most members asked per round, 0 for all
     */
    public LightRequestPolicy(double lightFraction, int probeLimit) {
        if (!(lightFraction > 0 && lightFraction <= 1)) {
            throw new IllegalArgumentException("light fraction must be in (0, 1], got " + lightFraction);
        }
        if (probeLimit < 0) {
            throw new IllegalArgumentException("probe limit must not be negative, got " + probeLimit);
        }
        this.lightFraction = lightFraction;
        this.probeLimit = probeLimit;
    }

    @Override
    public String name() {
        return "light";
    }

    @Override
    public WorkerPolicy forNode(int rank) {
        return new Receiver(LoadNotices.aboveShare(1 / lightFraction), lightFraction, probeLimit);
    }

    /** The receiver-initiated side, shared with {@link BidirectionalPolicy}. */
    static class Receiver implements WorkerPolicy {
        private final LoadNotices notices;
        private final double lightFraction;
        private final int probeLimit;
        private int outstanding;
        private long gained;
        private long notBefore;

        Receiver(LoadNotices notices, double lightFraction, int probeLimit) {
            this.notices = notices;
            this.lightFraction = lightFraction;
            this.probeLimit = probeLimit;
        }

        @Override
        public void onStart(WorkerView node) {
            notices.maybeNotify(node);
        }

        @Override
        public void onReleased(WorkerView node) {
            notices.maybeNotify(node);
        }

        @Override
        public void onFinished(WorkerView node) {
            notices.maybeNotify(node);
            tryRequest(node);
        }

        @Override
        public void onIdle(WorkerView node) {
            tryRequest(node);
        }

        @Override
        public void onRequest(WorkerView node, int from, long work) {
            Domain.answer(node, from, work, true);
            notices.maybeNotify(node);
        }

        @Override
        public void onTasks(WorkerView node, int from, long work) {
            gained += work;
            answered(node);
            notices.maybeNotify(node);
        }

        @Override
        public void onDenied(WorkerView node, int from) {
            answered(node);
        }

        private void answered(WorkerView node) {
            if (outstanding > 0 && --outstanding == 0) {
                notBefore = gained == 0 ? node.now() + Domain.backoff(node, 1) : 0;
            }
        }


        void tryRequest(WorkerView node) {
            if (outstanding > 0) {
                return;
            }
            if (node.now() < notBefore) {
                if (node.queuedTasks() == 0) {
                    node.wakeAt(notBefore);
                }
                return;
            }
            double tau = Domain.drainTime(node);
            boolean light = node.queuedWork() == 0 || node.queuedWork() < lightFraction * tau * node.capacity();
            if (!light) {
                return;
            }
            gained = 0;
            outstanding = Domain.requestFromHeavy(node, tau, probeLimit);
            if (outstanding == 0 && node.queuedTasks() == 0) {
                // Nobody is known to be heavy: probe a member at random.
                int[] members = node.domain();
                if (members.length > 0) {
                    node.request(members[node.random().nextInt(members.length)],
                            Math.max(1, Math.round(tau * node.capacity())));
                    outstanding = 1;
                }
            }
        }
    }
}
