package org.logplab.balance.policy;

/**
 * {@code stealing}: randomised work stealing on the runtime. A node that is idle, or whose queue
 * is about to run dry while a slower member may hold work ({@link Thief#aheadDue}: it lasts less
 * than two answers' time), asks one domain member for work: the likelier of two drawn at random
 * ({@link Thief#stealFromLikelier}). The victim, if it has at least two queued tasks, gives the
 * share of its queued work that would equalise the two drain times,
 * {@code c_thief / (c_thief + c_victim)} of it (half with equal capacities), oldest tasks first
 * (the end opposite to the newest, as work-stealing deques do), else denies; after a denial the
 * thief waits a round trip before trying again, twice as long after each further denial in a row
 * (up to 64 round trips). Asking before the queue is empty hides the answer's time behind the
 * last queued tasks; with the capacity-weighted share and the second choice it is what spreads
 * work by capacity on many workers of different capacities.
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
                    thief.stealFromLikelier(node);
                }
            }

            @Override
            public void onFinished(WorkerView node) {
                if (thief.aheadDue(node) && thief.ready(node)) {
                    thief.stealFromLikelier(node);
                }
            }

            @Override
            public void onSteal(WorkerView node, int from) {
                if (node.queuedTasks() < 2 || node.migrate(from, Domain.stealShare(node, from), false) == 0) {
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
