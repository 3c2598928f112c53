package org.logplab.balance.policy;

/**
 * {@code bidirectional}: the seed's adaptive policy (ALGORITHMS.md §12). A node is a sender S
 * while more than {@code mk} tasks are queued on it (the threshold {@code Mk}, a queue length as
 * in the classic threshold policies), a receiver R otherwise; it tells its domain on every change
 * of state and keeps the light set (members in R) and the heavy set (members in S). While the
 * heavy set is smaller than the light set (light system load: few queues are long) it acts
 * sender-initiated, exactly as {@link HeavyNodeRequest}; otherwise (heavy system load)
 * receiver-initiated, exactly as {@link LightNodeRequest}. Tasks move newest first (cheapest to
 * move: the seed notes that which task moves is key). The threshold is absolute on purpose: one
 * relative to the fair share would call few nodes heavy at any load and never switch.
 */
public final class Bidirectional implements Policy {
    private static final int RECEIVER = LoadNotices.LIGHT;
    private static final int SENDER = LoadNotices.HEAVY;
    private final int mk;

    /** Default threshold: a sender with more than 2 tasks queued (the classic queue-length threshold). */
    public Bidirectional() {
        this(2);
    }

    /** @param mk the queue length above which a node is a sender, at least 1 */
    public Bidirectional(int mk) {
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
    public NodePolicy forNode(int rank) {
        return new NodePolicy() {
            private final LoadNotices states = LoadNotices.queueAbove(mk);
            private int[] memberState;
            private LightNodeRequest.Receiver receiver;
            private HeavyNodeRequest.Sender sender;

            @Override
            public void onStart(NodeView node) {
                memberState = new int[node.nodes()];
                // The two sides are exactly the light and heavy policies (their notices aside):
                // the sets choose which one acts, not whom it deals with.
                receiver = new LightNodeRequest.Receiver(LoadNotices.NONE, 0.5, 0);
                sender = new HeavyNodeRequest.Sender(1.5, false);
                update(node);
            }

            private void update(NodeView node) {
                states.maybeNotify(node);
            }

            private boolean senderMode(NodeView node) {
                int light = 0;
                int heavy = 0;
                for (int j : node.domain()) {
                    light += memberState[j] == RECEIVER ? 1 : 0;
                    heavy += memberState[j] == SENDER ? 1 : 0;
                }
                return heavy < light;
            }

            private void act(NodeView node) {
                // Balance first, then tell: a notice of a state that the push is about to end
                // costs the whole domain a message each.
                if (senderMode(node)) {
                    sender.tryPush(node);
                } else {
                    receiver.tryRequest(node);
                }
                update(node);
            }

            @Override
            public void onReleased(NodeView node) {
                act(node);
            }

            @Override
            public void onFinished(NodeView node) {
                act(node);
            }

            @Override
            public void onIdle(NodeView node) {
                act(node);
            }

            @Override
            public void onNotice(NodeView node, int from, int s) {
                memberState[from] = s;
                act(node);
            }

            @Override
            public void onRequest(NodeView node, int from, long work) {
                Domain.answer(node, from, work, true);
                update(node);
            }

            @Override
            public void onTasks(NodeView node, int from, long work) {
                receiver.onTasks(node, from, work);
                update(node);
            }

            @Override
            public void onDenied(NodeView node, int from) {
                receiver.onDenied(node, from);
            }
        };
    }
}
