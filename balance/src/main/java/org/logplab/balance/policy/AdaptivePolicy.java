package org.logplab.balance.policy;

/**
 * {@code adaptive}: a policy beyond the seed that decides from what it observes rather than from a
 * fixed direction. It is receiver-initiated at heart, as work stealing is (an idle worker asks,
 * so a busy one never spends a message it was not asked for), and adds a sender-initiated move
 * only where it has evidence that it pays. What it watches:
 * <ul>
 *   <li><b>the price of a move</b>: a migration reaches its receiver {@code L + 2o} after it is
 *       decided ({@link WorkerView#logP()}), and a steal costs a round trip before that;</li>
 *   <li><b>the length of a wait</b>: the mean cost of the tasks queued here, at this worker's
 *       capacity, estimates how long a queued task waits per task ahead of it;</li>
 *   <li><b>who is idle</b>: a steal is an idle worker's word that it is idle; a worker that had to
 *       deny one remembers the thief for as long as the thief will back off;</li>
 *   <li><b>who has work</b>: every balancing message carries its sender's queued work; a member
 *       believed to have a queue is a reason to steal, and where capacities differ, of two members
 *       drawn at random the thief asks the one believed to run dry later
 *       ({@link Thief#stealFromLikelier}: thieves sent to the member last heard to be heaviest of
 *       all go to the same stale choice); among equals it asks one at random;</li>
 *   <li><b>how often it succeeds</b>: each denial in a row doubles a thief's pause (one round trip
 *       up to 64), so an idle system spends few messages;</li>
 *   <li><b>how busy it is</b>: its own busy fraction {@code u} stands for the load of the system.
 *       A futile steal costs a busy victim {@code 2o}; queues worth stealing from are rare at low
 *       load, and long ones (which a steal halves) are common only at high load. An idle worker
 *       steals only when a member is believed to have more than two tasks' worth queued, when its
 *       last steal brought work, when it has seen no task yet, or when {@code u >= 0.2} and {@code u D > 6 (2o) (1 - u)}
 *       ({@code D} a task's duration): at low load with dear messages it behaves as no
 *       balancing at all, at high load as stealing. On the same evidence a busy worker steals
 *       ahead when its queue will run dry before an answer could come ({@link Thief#aheadDue}).</li>
 * </ul>
 * The decisions follow from comparing the prices. A victim gives the share of its queued work
 * that equalises the two drain times ({@code c_thief / (c_thief + c_victim)}, half with equal
 * capacities; the oldest tasks) when it has two tasks queued or more, and its one queued task
 * when that task would wait longer here (a task's duration) than it takes to move; otherwise it
 * denies. A worker that gets a task while it is busy and has a task queued pushes the newest
 * task to a thief it denied lately, when the wait here exceeds the move: sender-initiated exactly
 * when an idle worker is known and the move is cheap. It sends no load notices at all.
 */
public final class AdaptivePolicy implements BalancingPolicy {
    /** How many times the price of a futile steal a steal's expected gain must be (with a margin for the estimates). */
    private static final double FACTOR = 6;
    /** Below this utilisation queues are too rare for a steal to pay without evidence of one. */
    private static final double MIN_UTILISATION = 0.2;
    /** Round trips after which an idle worker probes once whatever its gate says. */
    private static final long PROBE_ROUND_TRIPS = 1024;

    @Override
    public String name() {
        return "adaptive";
    }

    @Override
    public WorkerPolicy forNode(int rank) {
        return new WorkerPolicy() {
            private final Thief thief = new Thief();
            /** When this worker last sent a steal, or last found that work of its own had come, clock units. */
            private long lastSteal;
            /** Whether tasks were released here since {@link #lastSteal}: a worker that gets work of its own is not starved. */
            private boolean releasedSinceSteal;
            /** Whether this worker's last steal brought work (a run of successes goes on while it lasts). */
            private boolean lastStealPaid;
            /** The thief this worker denied last, and until when it is believed idle; -1 when none. */
            private int idleThief = -1;
            private long idleUntil;
            /** A running mean of the duration of the tasks queued here, clock units; 0 before any was seen. */
            private double taskTime;

            /**
             * How long a migration takes to reach its receiver, clock units: {@code L + 2o}, and at
             * least one time unit of work (under the wall clock with nothing injected the model's
             * price is 0, but a real message is not free: with moves priced at 0 the worker gave
             * away single tasks of 1-2 us and ran at 0.74x the fork/join pool's rate, at one time
             * unit 0.95x).
             */
            private long moveTime(WorkerView node) {
                long[] lop = node.logP();
                return Math.max(node.timeUnit(), lop[0] + 2 * lop[1]);
            }

            /** The mean duration of the tasks queued here at this worker's capacity, clock units; 0 with none queued. */
            private double queuedTaskTime(WorkerView node) {
                int tasks = node.queuedTasks();
                return tasks == 0 ? 0 : (double) node.queuedWork() / tasks / node.capacity() * node.timeUnit();
            }

            @Override
            public void onIdle(WorkerView node) {
                if (!thief.ready(node)) {
                    return;
                }
                if (worthStealing(node, node.domain()) || probeDue(node)) {
                    // Not the "heaviest" by the loads last heard of: every thief would go to the same
                    // stale choice (tried: it spread the seed's scenario worse).
                    stealNow(node);
                } else {
                    if (releasedSinceSteal) {
                        // Work of its own came since the last look: the probe's clock starts again.
                        releasedSinceSteal = false;
                        lastSteal = node.now();
                    }
                    // Nothing may come to wake a starved worker: be back when the probe is due.
                    node.wakeAt(lastSteal + PROBE_ROUND_TRIPS * 2 * moveTime(node));
                }
            }

            /** Steals ahead of running dry, on the same evidence as an idle worker (never a probe). */
            @Override
            public void onFinished(WorkerView node) {
                if (thief.aheadDue(node) && thief.ready(node) && worthStealing(node, node.domain())) {
                    stealNow(node);
                }
            }

            /**
             * Among members of its own capacity a worker asks one at random: on Poisson load with
             * equal capacities two choices moved adaptive above {@code none} (199.7 against 199.6 at
             * 50 % with dear messages, seed 101), the loads heard of being stale by the time a steal
             * lands; where capacities differ they took the seed's scenario on 256 workers from a
             * correlation of 0.98 to 0.99.
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

            /**
             * Whether a starved worker should ask once more: {@value #PROBE_ROUND_TRIPS} round
             * trips have passed since its last steal, or since it last found work of its own, with
             * no task released here meanwhile. A worker whose work all grows elsewhere has a low
             * busy fraction through no fault of the system's load, and would otherwise never ask
             * again; one that gets arrivals of its own is not starved, and at low load it keeps quiet.
             */
            private boolean probeDue(WorkerView node) {
                long roundTrip = 2 * moveTime(node);
                return !releasedSinceSteal && node.now() - lastSteal >= PROBE_ROUND_TRIPS * roundTrip;
            }

            /**
             * Whether a steal is likely to pay. A steal that finds nothing costs its victim
             * {@code 2o} (a receive and a denial) when the victim is busy, which happens with
             * about the utilisation {@code u} (this worker's busy fraction stands for it); one
             * that finds a queue takes half of it, and with Poisson arrivals a node's queue is
             * {@code u^2 / (1 - u)} tasks long on average, so the gain is about
             * {@code u^2 / (1 - u) D / 2} ({@code D} a task's duration). Steal when the gain
             * exceeds the price {@code FACTOR} times over, {@code u D > FACTOR 2o (1 - u)}, and
             * the load is not too low for queues at all ({@code u >= 0.2}: a task waits with
             * probability about {@code u^2}, under 4 %); steal too when a member is believed to
             * have more than two tasks' worth of work queued, when its last steal brought work
             * (queues were there a moment ago: a run of successful steals goes on until one is
             * denied), or when no task has been seen yet (nothing to judge by: a worker whose
             * work all starts elsewhere must ask).
             */
            private boolean worthStealing(WorkerView node, int[] members) {
                if (taskTime <= 0 || lastStealPaid) {
                    return true;
                }
                for (int j : members) {
                    // believed to have more than two tasks' worth of work waiting
                    if ((double) node.knownWork(j) * node.timeUnit() / node.capacityOf(j) > 2 * taskTime) {
                        return true;
                    }
                }
                double u = node.busyFraction();
                return u >= MIN_UTILISATION && u * taskTime > FACTOR * 2 * node.logP()[1] * (1 - u);
            }

            @Override
            public void onSteal(WorkerView node, int from) {
                int queued = node.queuedTasks();
                long moved = 0;
                if (queued >= 2) {
                    moved = node.migrate(from, Domain.stealShare(node, from), false);
                } else if (queued == 1 && queuedTaskTime(node) > moveTime(node)) {
                    // The one queued task waits for the running one (about a task's duration): it
                    // starts sooner at the idle thief when the move is quicker than that.
                    moved = node.migrate(from, node.queuedWork(), false);
                }
                if (moved == 0) {
                    node.deny(from);
                    idleThief = from;
                    // The thief pauses a round trip or more before it asks again: until then it is idle.
                    idleUntil = node.now() + 2 * moveTime(node);
                }
            }

            @Override
            public void onReleased(WorkerView node) {
                releasedSinceSteal = true;
                double t = queuedTaskTime(node);
                taskTime = taskTime == 0 ? t : taskTime + (t - taskTime) / 16;
                // Busy with a task queued: a new task waits at least one task's duration here.
                if (idleThief < 0 || node.now() > idleUntil || node.queuedTasks() < 2) {
                    return;
                }
                if (t > moveTime(node) && node.migrate(idleThief, 1, true) > 0) {
                    idleThief = -1;
                }
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
        };
    }
}
