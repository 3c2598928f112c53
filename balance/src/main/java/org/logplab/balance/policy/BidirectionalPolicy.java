package org.logplab.balance.policy;

/**
 * {@code bidirectional}: the adaptive policy of Xu, Zhang and Zhang (2009) (docs/algorithms.md
 * §12). A node is a sender S while more than {@code mk} tasks are queued on it (the threshold
 * {@code Mk}, a queue length as in the classic threshold policies), a receiver R otherwise; it
 * tells its domain on every change of state and keeps the light set (members in R) and the heavy
 * set (members in S). While the heavy set is smaller than the light set (light system load: few
 * queues are long) it acts sender-initiated, exactly as {@link HeavyRequestPolicy}; otherwise
 * (heavy system load) receiver-initiated, exactly as {@link LightRequestPolicy}. Tasks move newest
 * first (cheapest to move: the seed notes that which task moves is key). The threshold is absolute
 * on purpose: one relative to the fair share would call few nodes heavy at any load and never
 * switch.
 */
public final class BidirectionalPolicy implements BalancingPolicy {
    private static final int RECEIVER = LoadNotices.LIGHT;
    private static final int SENDER = LoadNotices.HEAVY;
    private final int mk;

    /** Default threshold: a sender with more than 2 tasks queued (the classic queue-length threshold). */
    public BidirectionalPolicy() {
        this(2);
    }

    /** @param mk the queue length above which a node is a sender, at least 1 */
    public BidirectionalPolicy(int mk) {
        if (mk < 1) {
            throw new IllegalArgumentException("the threshold Mk must be at least 1 queued task, got " + mk);
        }
        this.mk = mk;
    }

    @Override
    public String name() {
        return "bidirectional";
    }

    @Override
    public WorkerPolicy forNode(int rank) {
        return new WorkerPolicy() {
            private final LoadNotices states = LoadNotices.queueAbove(mk);
            private int[] memberState;
            private LightRequestPolicy.Receiver receiver;
            private HeavyRequestPolicy.Sender sender;

            @Override
            public void onStart(WorkerView node) {
                memberState = new int[node.nodes()];
                // The two sides are exactly the light and heavy policies (their notices aside):
                // the sets choose which one acts, not whom it deals with.
                receiver = new LightRequestPolicy.Receiver(LoadNotices.NONE, 0.5, 0);
                sender = new HeavyRequestPolicy.Sender(1.5, false);
                update(node);
            }

            private void update(WorkerView node) {
                states.maybeNotify(node);
            }

            private boolean senderMode(WorkerView node) {
                int light = 0;
                int heavy = 0;
                for (int j : node.domain()) {
                    light += memberState[j] == RECEIVER ? 1 : 0;
                    heavy += memberState[j] == SENDER ? 1 : 0;
                }
                return heavy < light;
            }

            /** The mode of the last action: 0 none yet, 1 sender-initiated, 2 receiver-initiated. */
            private int mode;

            private void act(WorkerView node) {
                // Balance first, then tell: a notice of a state that the push is about to end
                // costs the whole domain a message each.
                boolean sending = senderMode(node);
                int now = sending ? 1 : 2;
                if (mode != 0 && mode != now) {
                    node.count(sending ? "switch to sender-initiated" : "switch to receiver-initiated");
                }
                mode = now;
                node.count(sending ? "acted sender-initiated" : "acted receiver-initiated");
                if (sending) {
                    sender.tryPush(node);
                } else {
                    receiver.tryRequest(node);
                }
                update(node);
            }

            @Override
            public void onReleased(WorkerView node) {
                act(node);
            }

            @Override
            public void onFinished(WorkerView node) {
                act(node);
            }

            @Override
            public void onIdle(WorkerView node) {
                act(node);
            }

            @Override
            public void onNotice(WorkerView node, int from, int s) {
                memberState[from] = s;
                act(node);
            }

            @Override
            public void onRequest(WorkerView node, int from, long work) {
                Domain.answer(node, from, work, true);
                update(node);
            }

            @Override
            public void onTasks(WorkerView node, int from, long work) {
                receiver.onTasks(node, from, work);
                update(node);
            }

            @Override
            public void onDenied(WorkerView node, int from) {
                receiver.onDenied(node, from);
            }
        };
    }
}
