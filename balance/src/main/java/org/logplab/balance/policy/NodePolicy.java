package org.logplab.balance.policy;

/**
 * One node's balancing behaviour: callbacks from the node's loop, always between tasks, each
 * free to send balancing messages through the {@link NodeView}. Default methods do nothing, so a
 * policy overrides only the events it reacts to. Tasks that arrive by migration are already
 * queued when {@link #onTasks} runs; requests and steals must be answered (with
 * {@link NodeView#migrate} or {@link NodeView#deny}) or the asker waits forever.
 */
public interface NodePolicy {
    /** Once, at time 0, before any task runs. */
    default void onStart(NodeView node) {
    }

    /** Tasks were released here (arrivals, or children spawned by a finished task). */
    default void onReleased(NodeView node) {
    }

    /** A task finished here. */
    default void onFinished(NodeView node) {
    }

    /** The queue is empty; the node will wait for a message, an arrival or a {@link NodeView#wakeAt} time. */
    default void onIdle(NodeView node) {
    }

    /** Node {@code from} sent a load notice with its {@code state} (its work is already in {@link NodeView#knownWork}). */
    default void onNotice(NodeView node, int from, int state) {
    }

    /** Node {@code from} asks for {@code work} work units: answer with migrate or deny. */
    default void onRequest(NodeView node, int from, long work) {
        node.deny(from);
    }

    /** Node {@code from} tries to steal: answer with migrate or deny. */
    default void onSteal(NodeView node, int from) {
        node.deny(from);
    }

    /** Node {@code from} sent {@code work} work units of tasks (already queued here). */
    default void onTasks(NodeView node, int from, long work) {
    }

    /** Node {@code from} answered a request or steal with nothing. */
    default void onDenied(NodeView node, int from) {
    }
}
