package org.logplab.balance.worker;

import org.logplab.balance.policy.WorkerPolicy;
import org.logplab.balance.policy.WorkerView;
import org.logplab.core.Message;

/**
 * Hands each message a node receives to the parts of its worker that it concerns, by its tag
 * ({@link Tags}): the queued work a balancing message carries to what the node believes of its
 * sender ({@link WorkerView#assumeWork}), the message itself to the policy's callback, migrated
 * tasks to the queue (counted there as the node's load, and by termination detection as a basic
 * message) and the token to termination detection. Used on the node's own thread only.
 */
final class MessageDispatcher {
    private final WorkerView view;
    private final WorkerPolicy policy;
    private final LocalTasks tasks;
    private final SafraTermination termination;
    private final WorkerMetrics metrics;

    MessageDispatcher(WorkerView view, WorkerPolicy policy, LocalTasks tasks, SafraTermination termination,
            WorkerMetrics metrics) {
        this.view = view;
        this.policy = policy;
        this.tasks = tasks;
        this.termination = termination;
        this.metrics = metrics;
    }

    /**
     * Handles {@code m}; returns whether it says that all work is done ({@link Tags#STOP}).
     *
     * @throws IllegalStateException if its tag is none of {@link Tags}
     */
    boolean handle(Message m) {
        int from = m.source();
        switch (m.tag()) {
            case Tags.NOTICE -> {
                long[] v = (long[]) m.payload();
                view.assumeWork(from, v[0]);
                policy.onNotice(view, from, (int) v[1]);
            }
            case Tags.REQUEST -> {
                long[] v = (long[]) m.payload();
                view.assumeWork(from, v[1]);
                policy.onRequest(view, from, v[0]);
            }
            case Tags.DENY -> {
                view.assumeWork(from, ((long[]) m.payload())[0]);
                policy.onDenied(view, from);
            }
            case Tags.STEAL -> {
                view.assumeWork(from, ((long[]) m.payload())[0]);
                policy.onSteal(view, from);
            }
            case Tags.TASKS -> receiveTasks(from, (Batch) m.payload());
            case Tags.TOKEN -> {
                long[] v = (long[]) m.payload();
                termination.tokenArrived(v[0], v[1] != 0);
            }
            case Tags.STOP -> {
                return true;
            }
            default -> throw new IllegalStateException("node " + view.rank() + ": unknown message tag " + m.tag()
                    + " from " + from);
        }
        return false;
    }

    private void receiveTasks(int from, Batch batch) {
        view.assumeWork(from, batch.senderWork());
        termination.receivedTasks();
        long moved = tasks.addMigrated(batch.tasks());
        metrics.load(view.now(), tasks.work());
        policy.onTasks(view, from, moved);
    }
}
