package org.logplab.balance.worker;

import org.HdrHistogram.Histogram;

/**
 * What one node did in a run, for the metrics: the tasks it executed (ids and costs, to check
 * that every task ran exactly once), its work and busy time, its response times, the balancing
 * messages it sent and the tasks it gave away, and its queued work over time. Times in clock units.
 *
 * @param executedIds   ids of the tasks executed here, in execution order
 * @param executedCosts their costs, work units
 * @param work          total work executed, work units
 * @param lastFinish    when the last task here finished (0 if none)
 * @param responses     per task: finish minus release, clock units
 * @param balancingMessages notices, requests, steals, denials and task messages sent
 * @param terminationMessages termination tokens and stop messages sent
 * @param migratedTasks tasks this node sent away
 * @param loadTimes     times at which the queued work changed, ascending
 * @param loadValues    the queued work from that time on, work units
 * @param policyEvents  how often each of the policy's own events happened here ({@code WorkerView#count})
 */
public record WorkerRecord(long[] executedIds, long[] executedCosts, long work, long lastFinish, Histogram responses,
        long balancingMessages, long terminationMessages, long migratedTasks, long[] loadTimes, long[] loadValues,
        java.util.Map<String, Long> policyEvents) {
}
