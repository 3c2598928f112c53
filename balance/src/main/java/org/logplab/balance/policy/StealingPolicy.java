package org.logplab.balance.policy;

/**
 * {@code stealing}: random work stealing on the runtime. An idle node asks a domain member chosen
 * at random for work; the victim, if it has at least two queued tasks, gives about half its queued
 * work, oldest tasks first (the end opposite to the newest, as work-stealing deques do), else denies; after a denial the thief waits a round trip before trying again, twice as long
 * after each further denial in a row (up to 64 round trips).
 */
public final class StealingPolicy implements BalancingPolicy {
    @Override
    public String name() {
        return "stealing";
    }

    @Override
    public WorkerPolicy forNode(int rank) {
        return new WorkerPolicy() {
            private final Thief thief = new Thief();

            @Override
            public void onIdle(WorkerView node) {
                if (thief.ready(node)) {
                    thief.steal(node);
                }
            }

            @Override
            public void onSteal(WorkerView node, int from) {
                if (node.queuedTasks() < 2 || node.migrate(from, node.queuedWork() / 2, false) == 0) {
                    node.deny(from);
                }
            }

            @Override
            public void onTasks(WorkerView node, int from, long work) {
                thief.gotTasks();
            }

            @Override
            public void onDenied(WorkerView node, int from) {
                thief.denied(node);
            }
        };
    }
}
