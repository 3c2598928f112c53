package org.logplab.balance.policy;

/**
 * {@code bidirectional}: the seed's adaptive policy (ALGORITHMS.md §12). A node is a receiver R
 * while its queued work is below {@code (1 - band)} times its fair share {@code tau c_p} (the
 * threshold {@code Mk}, with a hysteresis band so that it does not flap), a sender S above
 * {@code (1 + band)} times it, and normal between; it tells its domain on every change of state,
 * and keeps the light set (members in R) and the heavy set (members in S). While the heavy set is
 * smaller than the light set (light system load) it acts sender-initiated: an S node pushes its
 * excess to the light set; otherwise receiver-initiated: an R node asks the heavy set, as
 * {@link LightNodeRequest} does. Tasks move newest first (cheapest to move: the seed notes that
 * which task moves is key).
 */
public final class Bidirectional implements Policy {
    private static final int NORMAL = 0;
    private static final int RECEIVER = 1;
    private static final int SENDER = 2;
    private final double band;

    /** Default band 0.5: R below 0.5, S above 1.5 of the fair share (0.25 measured worse: more tasks bounced). */
    public Bidirectional() {
        this(0.5);
    }

    /** @param band the hysteresis band around the fair share, in [0, 1) */
    public Bidirectional(double band) {
        if (!(band >= 0 && band < 1)) {
            throw new IllegalArgumentException("band must be in [0, 1), got " + band);
        }
        this.band = band;
    }

    @Override
    public String name() {
        return "bidirectional";
    }

    @Override
    public NodePolicy forNode(int rank) {
        return new NodePolicy() {
            private int state = NORMAL;
            private int[] memberState;
            private LightNodeRequest.Receiver receiver;
            private HeavyNodeRequest.Sender sender;

            @Override
            public void onStart(NodeView node) {
                memberState = new int[node.nodes()];
                receiver = new LightNodeRequest.Receiver(LoadNotices.NONE, 1 - band, 0, j -> memberState[j] == SENDER);
                sender = new HeavyNodeRequest.Sender(LoadNotices.NONE, 1 + band, j -> memberState[j] == RECEIVER);
                state = stateOf(node);
                node.notifyDomain(state);
            }

            private int stateOf(NodeView node) {
                double share = Domain.drainTime(node) * node.capacity();
                long w = node.queuedWork();
                return w == 0 || w < (1 - band) * share ? RECEIVER : w > (1 + band) * share ? SENDER : NORMAL;
            }

            private void update(NodeView node) {
                int s = stateOf(node);
                if (s != state) {
                    state = s;
                    node.notifyDomain(state);
                }
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
                update(node);
                if (senderMode(node)) {
                    if (state == SENDER) {
                        sender.tryPush(node);
                        update(node);
                    }
                } else if (state == RECEIVER) {
                    receiver.tryRequest(node);
                }
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
