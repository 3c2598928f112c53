package org.logplab.balance.policy;

/**
 * The thief's side of work stealing, shared by {@link StealingPolicy} and {@link AdaptivePolicy}:
 * one steal at a time, from a domain member chosen at random, and after each denial in a row a
 * pause twice as long as the last ({@link Domain#backoff}: one round trip up to 64). One per
 * worker; used on its thread only.
 *
 * <pre>{@code
 * onIdle:   if (thief.ready(node) && worthIt) thief.steal(node);
 * onTasks:  thief.gotTasks();
 * onDenied: thief.denied(node);
 * }</pre>
 */
final class Thief {
    private boolean outstanding;
    private long notBefore;
    private int failures;

    /**
     * Whether a steal may go now: none is outstanding, the worker has a domain, and the pause
     * after the last denial is over (if not, the worker is asked to wake when it is).
     */
    boolean ready(WorkerView node) {
        if (outstanding || node.domain().length == 0) {
            return false;
        }
        if (node.now() < notBefore) {
            node.wakeAt(notBefore);
            return false;
        }
        return true;
    }

    /** Steals from a domain member chosen at random. */
    void steal(WorkerView node) {
        int[] members = node.domain();
        node.steal(members[node.random().nextInt(members.length)]);
        outstanding = true;
    }

    /** Tasks arrived; returns whether they answered a steal (rather than being pushed here unasked). */
    boolean gotTasks() {
        boolean answered = outstanding;
        outstanding = false;
        failures = 0;
        notBefore = 0;
        return answered;
    }

    /** The steal was denied: pause before the next. */
    void denied(WorkerView node) {
        outstanding = false;
        notBefore = node.now() + Domain.backoff(node, ++failures);
    }
}
