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
 *       last steal brought work, when it has seen no task yet, or when {@code u >= 0.2} and
 *       {@code u D > 6 (2o) (1 - u)} ({@code D} a task's duration): at low load with dear messages
 *       it behaves as no balancing at all, at high load as stealing. On the same evidence a busy worker steals
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
    @Override
    public String name() {
        return "adaptive";
    }

    /** A fresh worker's side ({@code AdaptiveWorkerPolicy}): every worker keeps its own evidence. */
    @Override
    public WorkerPolicy forNode(int rank) {
        return new AdaptiveWorkerPolicy();
    }
}
