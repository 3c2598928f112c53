package org.logplab.balance.policy;

/**
 * One node's balancing behaviour: callbacks from the node's loop, always between tasks, each
 * free to send balancing messages through the {@link WorkerView}. Default methods do nothing, so a
 * policy overrides only the events it reacts to. Tasks that arrive by migration are already
 * queued when {@link #onTasks} runs; requests and steals must be answered (with
 * {@link WorkerView#migrate} or {@link WorkerView#deny}) or the asker waits forever.
 */
public interface WorkerPolicy {
    /** Once, at time 0, before any task runs. */
    default void onStart(WorkerView node) {
    }

    /** Tasks were released here (arrivals, or children spawned by a finished task). */
    default void onReleased(WorkerView node) {
    }

    /** A task finished here. */
    default void onFinished(WorkerView node) {
    }

    /** The queue is empty; the node will wait for a message, an arrival or a {@link WorkerView#wakeAt} time. */
    default void onIdle(WorkerView node) {
    }

    /** Node {@code from} sent a load notice with its {@code state} (its work is already in {@link
     * WorkerView#knownWork}). */
    default void onNotice(WorkerView node, int from, int state) {
    }

    /** Node {@code from} asks for {@code work} work units: answer with migrate or deny. */
    default void onRequest(WorkerView node, int from, long work) {
        node.deny(from);
    }

    /** Node {@code from} tries to steal: answer with migrate or deny. */
    default void onSteal(WorkerView node, int from) {
        node.deny(from);
    }

    /** Node {@code from} sent {@code work} work units of tasks (already queued here). */
    default void onTasks(WorkerView node, int from, long work) {
    }

    /** Node {@code from} answered a request or steal with nothing. */
    default void onDenied(WorkerView node, int from) {
    }
}
