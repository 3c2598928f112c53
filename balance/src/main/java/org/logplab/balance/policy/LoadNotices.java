package org.logplab.balance.policy;

/**
 * A node's state as its domain hears of it, and when it tells them: heavy (a sender, S) or light
 * (a receiver, R) by a threshold ({@link #aboveShare} or {@link #queueAbove}). It tells its domain at the start and on
 * every change of
 * state, never on mere changes of load: on a complete domain of {@code k} members a notice costs
 * {@code k} sends and {@code k} receives of {@code o} each, which on fine-grained work costs more
 * than balancing gains. Every balancing message carries its sender's queued work besides.
 */
final class LoadNotices {
    /** The states a notice carries. */
    static final int LIGHT = 1;
    static final int HEAVY = 2;
    /** Never notifies: for a policy whose notices another part sends. */
    static final LoadNotices NONE = new LoadNotices(node -> false);
    private final java.util.function.Predicate<WorkerView> heavy;
    private int told = -1;

    private LoadNotices(java.util.function.Predicate<WorkerView> heavy) {
        this.heavy = heavy;
    }

    /** Heavy: work waiting (two queued tasks or more) and queued work above {@code high} times the fair share. */
    static LoadNotices aboveShare(double high) {
        return new LoadNotices(node -> aboveShare(node, high));
    }

    /** The test of {@link #aboveShare(double)}: whether {@code node} is heavy by it now. */
    static boolean aboveShare(WorkerView node, double high) {
        return node.queuedTasks() > 1 && aboveShare(node, high, Domain.drainTime(node));
    }

    /** The same test's work part, for a caller that has the drain time {@code tau} at hand (and at least two tasks
     * queued). */
    static boolean aboveShare(WorkerView node, double high, double tau) {
        return node.queuedWork() > high * tau * node.capacity();
    }

    /** Heavy: more than {@code tasks} tasks queued (the classic queue-length threshold). */
    static LoadNotices queueAbove(int tasks) {
        return new LoadNotices(node -> node.queuedTasks() > tasks);
    }

    /** This node's state now. */
    int stateOf(WorkerView node) {
        return heavy.test(node) ? HEAVY : LIGHT;
    }

    /**
     * Tells member {@code j} alone this node's state now, changed or not: for a member whose
     * belief about this node's load is stale (it pushed work here, which has all run since).
     */
    void remind(WorkerView node, int j) {
        if (this != NONE) {
            node.notify(j, stateOf(node));
        }
    }

    /** Tells the domain if the state changed since the last notice; returns the state. */
    int maybeNotify(WorkerView node) {
        return maybeNotify(node, stateOf(node));
    }

    /**
     * As {@link #maybeNotify(WorkerView)} with the state already known: {@code state} must be what
     * {@link #stateOf} says now (a caller that has just made the same test saves making it twice).
     */
    int maybeNotify(WorkerView node, int state) {
        if (state != told && this != NONE) {
            node.notifyDomain(state);
            told = state;
        }
        return state;
    }
}
