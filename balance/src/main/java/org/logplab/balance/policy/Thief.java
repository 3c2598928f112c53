package org.logplab.balance.policy;

/**
 * The thief's side of work stealing, shared by {@link StealingPolicy} and {@link AdaptivePolicy}:
 * one steal at a time, from a domain member chosen at random, and after each denial in a row a
 * pause twice as long as the last ({@link Domain#backoff}: one round trip up to 64). One per
 * worker; used on its thread only.
 *
 * <pre>{@code
 * onIdle:     if (thief.ready(node) && worthIt) thief.steal(node);
 * onFinished: if (thief.aheadDue(node) && thief.ready(node) && worthIt) thief.stealFromLikelier(node);
 * onTasks:    thief.gotTasks();
 * onDenied:   thief.denied(node);
 * }</pre>
 */
final class Thief {
    private boolean outstanding;
    private long notBefore;
    private int failures;
    /** The smallest capacity in the domain, found at the first use; 0 before. */
    private long slowestMember;
    /** Whether a member's capacity differs from this worker's, found with {@link #slowestMember}. */
    private boolean capacitiesDiffer;

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

    /**
     * Steals from the likelier of two domain members drawn at random (the power of two choices):
     * the one believed to run dry later, by its queued work as last heard of over its capacity;
     * a member not heard from yet counts as the later (nothing says it is empty), and of two alike
     * the slower one (the same work lasts longer on it). One draw among all members would send
     * every thief to the same stale "heaviest"; two draws keep thieves spread and still shun
     * members known to be empty.
     */
    void stealFromLikelier(WorkerView node) {
        int[] members = node.domain();
        int a = members[node.random().nextInt(members.length)];
        int b = members[node.random().nextInt(members.length)];
        double da = drainTime(node, a);
        double db = drainTime(node, b);
        node.steal(db > da || (db == da && node.capacityOf(b) < node.capacityOf(a)) ? b : a);
        outstanding = true;
    }

    /**
     * Whether a worker that has just finished a task should steal ahead: it is faster than the
     * slowest member of its domain and its queued work lasts less than two answers' time. An
     * answer takes a round trip {@code 2(L + 2o)} and the task the victim is running (a steal is
     * answered between tasks), estimated as a task of the mean size queued here on the slowest
     * member; two of them, so that a denial still leaves time for one more try before the queue
     * is empty. Why: asking only when idle leaves a fast worker idle for the whole answer time
     * after every batch it steals from a slow one. Among workers of equal capacity it does not
     * pay (it takes work from queues that their own workers would run as soon), hence never then.
     */
    boolean aheadDue(WorkerView node) {
        int tasks = node.queuedTasks();
        if (tasks == 0 || node.domain().length == 0) {
            return false;
        }
        long slowest = slowestMember(node);
        if (slowest >= node.capacity()) {
            return false;
        }
        double victimTask = (double) node.queuedWork() / tasks / slowest * node.timeUnit();
        return Domain.queuedTime(node) < 2 * (Domain.roundTrip(node) + victimTask);
    }

    /** Whether some member of the domain has a capacity other than this worker's. */
    boolean capacitiesDiffer(WorkerView node) {
        slowestMember(node);
        return capacitiesDiffer;
    }

    /**
     * The smallest capacity in the domain; the first call also finds whether capacities differ
     * (both are fixed for a run).
     */
    private long slowestMember(WorkerView node) {
        if (slowestMember == 0) {
            slowestMember = Long.MAX_VALUE;
            for (int j : node.domain()) {
                slowestMember = Math.min(slowestMember, node.capacityOf(j));
                capacitiesDiffer |= node.capacityOf(j) != node.capacity();
            }
        }
        return slowestMember;
    }

    /** Member {@code j}'s queued work as last heard of over its capacity; infinite if nothing was heard. */
    private static double drainTime(WorkerView node, int j) {
        long work = node.knownWork(j);
        return work < 0 ? Double.POSITIVE_INFINITY : (double) work / node.capacityOf(j);
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
