package org.logplab.balance.policy;

/**
 * {@code light}: receiver-initiated balancing (ALGORITHMS.md §12, the seed's light-node request).
 * A node whose queued work is below {@code lightFraction} of its fair share {@code tau c_p} (or
 * that is idle) asks each heavy domain member {@code j} for
 * {@code M_j = (tau c_p - W_p) H(j) / sum H}, {@code H(j) = W_j - tau c_j > 0}, from what it last
 * heard of their loads; when it knows of no heavy member it probes one member at random. After a
 * round that brought nothing it waits {@code backoff} before the next: without it an idle system
 * would flood itself with futile requests, which is this policy's known weakness at light load.
 * A node asked gives up to the amount but never more than its own excess; tasks move newest first.
 */
public final class LightNodeRequest implements Policy {
    private final double lightFraction;
    private final int probeLimit;
    private final double noticeFraction;

    /** Defaults: light below half the fair share, ask every heavy member, notices on 50 % changes. */
    public LightNodeRequest() {
        this(0.5, 0, 0.5);
    }

    /**
     * @param lightFraction  a node is light below this fraction of its fair share, in (0, 1]
     * @param probeLimit     the most members asked per round, 0 for all
     * @param noticeFraction relative load change that triggers a load notice, at least 0
     */
    public LightNodeRequest(double lightFraction, int probeLimit, double noticeFraction) {
        if (!(lightFraction > 0 && lightFraction <= 1)) {
            throw new IllegalArgumentException("light fraction must be in (0, 1], got " + lightFraction);
        }
        if (probeLimit < 0) {
            throw new IllegalArgumentException("probe limit must not be negative, got " + probeLimit);
        }
        if (!(noticeFraction >= 0)) {
            throw new IllegalArgumentException("notice fraction must not be negative, got " + noticeFraction);
        }
        this.lightFraction = lightFraction;
        this.probeLimit = probeLimit;
        this.noticeFraction = noticeFraction;
    }

    @Override
    public String name() {
        return "light";
    }

    @Override
    public NodePolicy forNode(int rank) {
        return new Receiver(new LoadNotices(noticeFraction), lightFraction, probeLimit, j -> true);
    }

    /** The receiver-initiated side, shared with {@link Bidirectional}. */
    static class Receiver implements NodePolicy {
        private final LoadNotices notices;
        private final double lightFraction;
        private final int probeLimit;
        private final java.util.function.IntPredicate eligible;
        private int outstanding;
        private long gained;
        private long notBefore;
        private int failures;

        Receiver(LoadNotices notices, double lightFraction, int probeLimit, java.util.function.IntPredicate eligible) {
            this.notices = notices;
            this.lightFraction = lightFraction;
            this.probeLimit = probeLimit;
            this.eligible = eligible;
        }

        @Override
        public void onStart(NodeView node) {
            notices.maybeNotify(node, 0);
        }

        @Override
        public void onReleased(NodeView node) {
            notices.maybeNotify(node, 0);
        }

        @Override
        public void onFinished(NodeView node) {
            notices.maybeNotify(node, 0);
            tryRequest(node);
        }

        @Override
        public void onIdle(NodeView node) {
            tryRequest(node);
        }

        @Override
        public void onRequest(NodeView node, int from, long work) {
            Domain.answer(node, from, work, true);
            notices.maybeNotify(node, 0);
        }

        @Override
        public void onTasks(NodeView node, int from, long work) {
            gained += work;
            answered(node);
            notices.maybeNotify(node, 0);
        }

        @Override
        public void onDenied(NodeView node, int from) {
            answered(node);
        }

        private void answered(NodeView node) {
            if (outstanding > 0 && --outstanding == 0) {
                failures = gained == 0 ? failures + 1 : 0;
                notBefore = gained == 0 ? node.now() + Domain.backoff(node, failures) : 0;
            }
        }

        void tryRequest(NodeView node) {
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
            outstanding = Domain.requestFromHeavy(node, tau, probeLimit, eligible);
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
