package org.logplab.balance.policy;

/**
 * One worker's side of {@link AdaptivePolicy}, one instance per worker, used on its thread only.
 * Its contract, in the events it reacts to:
 * <ul>
 *   <li>idle ({@link #onIdle}): while no steal is outstanding and the pause after a denial is
 *       over ({@link Thief#ready}), it steals if a steal is likely to pay ({@link #worthStealing})
 *       or a starved worker's probe is due ({@link #probeDue}); otherwise it asks to be woken when
 *       the probe is due, for nothing else may come to wake it;</li>
 *   <li>a task finished ({@link #onFinished}): it steals ahead of running dry
 *       ({@link Thief#aheadDue}) on the same evidence, never as a probe;</li>
 *   <li>a thief asks ({@link #onSteal}): with two tasks queued or more it gives the share that
 *       equalises the two drain times ({@link Domain#stealShare}, oldest tasks first); with one, that
 *       task if it would wait here longer than its move takes; otherwise it denies, and believes
 *       the thief idle for the round trip the thief pauses before it asks again;</li>
 *   <li>tasks released here ({@link #onReleased}): it updates its running mean of a queued task's
 *       duration, and while it has two tasks queued or more and a thief it denied is believed idle,
 *       it pushes that thief its newest task when the wait here is longer than the move;</li>
 *   <li>an answer to its steal ({@link #onTasks}, {@link #onDenied}): it notes whether the steal
 *       paid, and after a denial the thief backs off ({@link Thief#denied}).</li>
 * </ul>
 * It sends no load notices. Times in clock units.
 */
final class AdaptiveWorkerPolicy implements WorkerPolicy {
    /** How many times the price of a futile steal a steal's expected gain must be (with a margin for the estimates). */
    private static final double FACTOR = 6;
    /** Below this utilisation queues are too rare for a steal to pay without evidence of one. */
    private static final double MIN_UTILISATION = 0.2;
    /** Round trips after which an idle worker probes once whatever its gate says. */
    private static final long PROBE_ROUND_TRIPS = 1024;

    private final Thief thief = new Thief();
    /** When this worker last sent a steal, or last found that work of its own had come. */
    private long lastSteal;
    /** Whether tasks were released here since {@link #lastSteal}: a worker that gets work of its own is not starved. */
    private boolean releasedSinceSteal;
    /** Whether this worker's last steal brought work (a run of successes goes on while it lasts). */
    private boolean lastStealPaid;
    /** The thief this worker denied last, and until when it is believed idle; -1 when none. */
    private int idleThief = -1;
    private long idleUntil;
    /** A running mean of the duration of the tasks queued here; 0 before any was seen. */
    private double taskTime;

    @Override
    public void onIdle(WorkerView node) {
        if (!thief.ready(node)) {
            return;
        }
        if (worthStealing(node) || probeDue(node)) {
            // Not the "heaviest" by the loads last heard of: every thief would go to the same
            // stale choice (tried: it spread the seed's scenario worse).
            stealNow(node);
        } else {
            wakeForProbe(node);
        }
    }

    /** Steals ahead of running dry, on the same evidence as an idle worker (never a probe). */
    @Override
    public void onFinished(WorkerView node) {
        if (thief.aheadDue(node) && thief.ready(node) && worthStealing(node)) {
            stealNow(node);
        }
    }

    @Override
    public void onSteal(WorkerView node, int from) {
        if (give(node, from) == 0) {
            node.deny(from);
            idleThief = from;
            // The thief pauses a round trip or more before it asks again: until then it is idle.
            idleUntil = node.now() + roundTrip(node);
        }
    }

    @Override
    public void onReleased(WorkerView node) {
        releasedSinceSteal = true;
        double t = queuedTaskTime(node);
        taskTime = taskTime == 0 ? t : taskTime + (t - taskTime) / 16;
        pushToIdleThief(node, t);
    }

    @Override
    public void onTasks(WorkerView node, int from, long work) {
        lastStealPaid = thief.gotTasks();
    }

    @Override
    public void onDenied(WorkerView node, int from) {
        lastStealPaid = false;
        thief.denied(node);
    }

    /**
     * Among members of its own capacity a worker asks one at random, where capacities differ the
     * likelier of two ({@link Thief#stealFromLikelier}): among equals the loads heard of are stale
     * by the time a steal lands, and a second choice does not pay.
     */
    private void stealNow(WorkerView node) {
        if (thief.capacitiesDiffer(node)) {
            thief.stealFromLikelier(node);
        } else {
            thief.steal(node);
        }
        lastSteal = node.now();
        releasedSinceSteal = false;
    }

    /** Asks to be woken when the probe is due: nothing else may come to wake a starved worker. */
    private void wakeForProbe(WorkerView node) {
        if (releasedSinceSteal) {
            // Work of its own came since the last look: the probe's clock starts again.
            releasedSinceSteal = false;
            lastSteal = node.now();
        }
        node.wakeAt(lastSteal + PROBE_ROUND_TRIPS * roundTrip(node));
    }

    /**
     * Whether a starved worker should ask once more: {@value #PROBE_ROUND_TRIPS} round trips have
     * passed since its last steal, or since it last found work of its own, with no task released
     * here meanwhile. A worker whose work all grows elsewhere has a low busy fraction through no
     * fault of the system's load, and would otherwise never ask again; one that gets arrivals of
     * its own is not starved, and at low load it keeps quiet.
     */
    private boolean probeDue(WorkerView node) {
        return !releasedSinceSteal && node.now() - lastSteal >= PROBE_ROUND_TRIPS * roundTrip(node);
    }

    /**
     * Whether a steal is likely to pay: no task has been seen yet (nothing to judge by: a worker
     * whose work all starts elsewhere must ask), the last steal brought work (queues were there a
     * moment ago), a member is believed to have a queue ({@link #aMemberHasAQueue}), or the load
     * says so ({@link #loadPaysForSteals}).
     */
    private boolean worthStealing(WorkerView node) {
        return taskTime <= 0 || lastStealPaid || aMemberHasAQueue(node) || loadPaysForSteals(node);
    }

    /** Whether a member is believed to have more than two tasks' worth of work queued. */
    private boolean aMemberHasAQueue(WorkerView node) {
        for (int j : node.domain()) {
            if ((double) node.knownWork(j) * node.timeUnit() / node.capacityOf(j) > 2 * taskTime) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the utilisation {@code u} (this worker's busy fraction stands for it) is at least
     * {@value #MIN_UTILISATION} and {@code u D > FACTOR 2o (1 - u)}, {@code D} a task's duration:
     * the expected gain of a steal, which grows with the queues that load makes, exceeds
     * {@code FACTOR} times the price of a futile one, {@code 2o} of a busy victim's time
     * (docs/algorithms.md §12).
     */
    private boolean loadPaysForSteals(WorkerView node) {
        double u = node.busyFraction();
        return u >= MIN_UTILISATION && u * taskTime > FACTOR * 2 * node.logP()[1] * (1 - u);
    }

    /** What this victim gives thief {@code from}, work units (0: nothing). */
    private long give(WorkerView node, int from) {
        int queued = node.queuedTasks();
        if (queued >= 2) {
            return node.migrate(from, Domain.stealShare(node, from), false);
        }
        if (queued == 1 && queuedTaskTime(node) > moveTime(node)) {
            // The one queued task waits for the running one (about a task's duration): it starts
            // sooner at the idle thief when the move is quicker than that.
            return node.migrate(from, node.queuedWork(), false);
        }
        return 0;
    }

    /**
     * Busy with a task queued, a new task waits at least one task's duration {@code t} here: it
     * goes to the thief this worker denied lately, while that one is believed idle, when the move
     * is quicker.
     */
    private void pushToIdleThief(WorkerView node, double t) {
        if (idleThief < 0 || node.now() > idleUntil || node.queuedTasks() < 2) {
            return;
        }
        if (t > moveTime(node) && node.migrate(idleThief, 1, true) > 0) {
            idleThief = -1;
        }
    }

    /**
     * How long a migration takes to reach its receiver: {@code L + 2o}, and at least one time unit
     * of work. Under the wall clock with nothing injected the model's price is 0, but a real
     * message is not free: priced at nothing, moves of tasks too small to pay for them slowed the
     * run.
     */
    private static long moveTime(WorkerView node) {
        long[] lop = node.logP();
        return Math.max(node.timeUnit(), lop[0] + 2 * lop[1]);
    }

    /** A steal's round trip: twice {@link #moveTime}. */
    private static long roundTrip(WorkerView node) {
        return 2 * moveTime(node);
    }

    /** The mean duration of the tasks queued here at this worker's capacity; 0 with none queued. */
    private static double queuedTaskTime(WorkerView node) {
        int tasks = node.queuedTasks();
        return tasks == 0 ? 0 : (double) node.queuedWork() / tasks / node.capacity() * node.timeUnit();
    }
}
