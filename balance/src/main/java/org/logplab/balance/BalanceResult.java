package org.logplab.balance;

import java.util.Arrays;
import java.util.Collections;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.logplab.balance.worker.WorkerRecord;
import org.logplab.balance.workload.Task;

/**
 * The metrics of one balancing run. Times are clock units (model units, or ns under the wall
 * clock); work is work units.
 *
 * @param tasks              tasks the workload produces (from {@link org.logplab.balance.workload.Workload#all()})
 * @param tasksDone          task executions counted on the nodes
 * @param missing            tasks of the workload never executed (ids), 0 in a correct run
 * @param duplicated         executions beyond the first of a task, 0 in a correct run
 * @param costMismatch       whether the executed costs differ from the workload's (same ids, other costs)
 * @param makespan           when the last task finished
 * @param idealMakespan      total work / total capacity, in clock units: no schedule can finish earlier
 * @param efficiency         ideal / makespan
 * @param meanResponse       mean of finish - release over the tasks
 * @param p99Response        99th percentile of the same (HdrHistogram, 3 significant digits)
 * @param messagesPerTask    balancing messages (notices, requests, steals, denials, migrations) per task
 * @param migrationsPerTask  task moves per task
 * @param terminationMessages token and stop messages of termination detection
 * @param workShares         each node's share of the work it executed
 * @param capacityShares     each node's share of the total capacity
 * @param shareCorrelation   Pearson correlation of the two (NaN when either is constant)
 * @param maxAvgLoad         the time average over the run of max / mean of the nodes' queued drain
 *                           times (queued work / capacity), over the times any work is queued; 1 is perfect balance
 * @param policyEvents       how often each of the policy's own events happened, summed over the workers
 *                           ({@link org.logplab.balance.policy.WorkerView#count}); empty for most policies
 */
public record BalanceResult(long tasks, long tasksDone, long missing, long duplicated, boolean costMismatch,
        long makespan, double idealMakespan, double efficiency, double meanResponse, double p99Response,
        double messagesPerTask, double migrationsPerTask, long terminationMessages, double[] workShares,
        double[] capacityShares, double shareCorrelation, double maxAvgLoad, Map<String, Long> policyEvents) {

    /** Whether every task ran exactly once with its own cost. */
    public boolean exactlyOnce() {
        return missing == 0 && duplicated == 0 && !costMismatch && tasksDone == tasks;
    }

    /**
     * The mean of several runs (of one configuration with different seeds): times, ratios and
     * shares averaged, makespan rounded; task counts, missing, duplicated, termination messages
     * and policy events summed.
     */
    public static BalanceResult average(List<BalanceResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to average");
        }
        ToDoubleFunction<ToDoubleFunction<BalanceResult>> mean =
                f -> runs.stream().mapToDouble(f).average().orElseThrow();
        int n = runs.get(0).workShares().length;
        double[] work = new double[n];
        double[] capacity = new double[n];
        for (BalanceResult r : runs) {
            for (int i = 0; i < n && i < r.workShares().length; i++) {
                work[i] += r.workShares()[i] / runs.size();
                capacity[i] += r.capacityShares()[i] / runs.size();
            }
        }
        return new BalanceResult(runs.stream().mapToLong(BalanceResult::tasks).sum(),
                runs.stream().mapToLong(BalanceResult::tasksDone).sum(),
                runs.stream().mapToLong(BalanceResult::missing).sum(),
                runs.stream().mapToLong(BalanceResult::duplicated).sum(),
                runs.stream().anyMatch(BalanceResult::costMismatch),
                Math.round(mean.applyAsDouble(r -> r.makespan())), mean.applyAsDouble(BalanceResult::idealMakespan),
                mean.applyAsDouble(BalanceResult::efficiency), mean.applyAsDouble(BalanceResult::meanResponse),
                mean.applyAsDouble(BalanceResult::p99Response), mean.applyAsDouble(BalanceResult::messagesPerTask),
                mean.applyAsDouble(BalanceResult::migrationsPerTask),
                runs.stream().mapToLong(BalanceResult::terminationMessages).sum(),
                work, capacity, mean.applyAsDouble(BalanceResult::shareCorrelation),
                mean.applyAsDouble(BalanceResult::maxAvgLoad),
                sumEvents(runs.stream().map(BalanceResult::policyEvents).toList()));
    }

    private static Map<String, Long> sumEvents(List<Map<String, Long>> each) {
        Map<String, Long> sum = new TreeMap<>();
        for (Map<String, Long> m : each) {
            m.forEach((k, v) -> sum.merge(k, v, Long::sum));
        }
        return Collections.unmodifiableMap(sum);
    }

    static BalanceResult of(BalanceConfig config, WorkerRecord[] records) {
        // Plain loops and one merge of two sorted arrays, not streams and a binary search per
        // task: this runs after every run, and a benchmark operation includes it.
        List<Task> all = config.workload().all();
        long[] expectedIds = new long[all.size()];
        long expectedCost = 0;
        for (int i = 0; i < expectedIds.length; i++) {
            Task t = all.get(i);
            expectedIds[i] = t.id();
            expectedCost += t.cost();
        }
        Arrays.sort(expectedIds);
        int done = 0;
        for (WorkerRecord r : records) {
            done += r.executedIds().length;
        }
        long[] ids = new long[done];
        int k = 0;
        long executedCost = 0;
        long makespan = 0;
        long messages = 0;
        long migrations = 0;
        long termination = 0;
        Histogram responses = new Histogram(3);
        for (WorkerRecord r : records) {
            System.arraycopy(r.executedIds(), 0, ids, k, r.executedIds().length);
            k += r.executedIds().length;
            executedCost += r.work();
            makespan = Math.max(makespan, r.lastFinish());
            messages += r.balancingMessages();
            migrations += r.migratedTasks();
            termination += r.terminationMessages();
            responses.add(r.responses());
        }
        Arrays.sort(ids);
        long duplicated = 0;
        for (int i = 1; i < ids.length; i++) {
            duplicated += ids[i] == ids[i - 1] ? 1 : 0;
        }
        long missing = expectedIds.length - countPresent(expectedIds, ids);
        long[] capacities = config.capacities();
        long totalCapacity = Arrays.stream(capacities).sum();
        double ideal = (double) expectedCost / totalCapacity * config.clockUnitsPerTimeUnit();
        double[] workShares = new double[records.length];
        double[] capacityShares = new double[records.length];
        for (int i = 0; i < records.length; i++) {
            workShares[i] = executedCost == 0 ? 0 : (double) records[i].work() / executedCost;
            capacityShares[i] = (double) capacities[i] / totalCapacity;
        }
        long tasks = all.size();
        return new BalanceResult(tasks, done, missing, duplicated,
                executedCost != expectedCost && missing == 0 && duplicated == 0, makespan, ideal,
                makespan == 0 ? 1 : ideal / makespan, responses.getMean(),
                responses.getValueAtPercentile(99), (double) messages / tasks, (double) migrations / tasks, termination,
                workShares, capacityShares, correlation(workShares, capacityShares),
                maxAvgLoad(records, capacities, makespan),
                sumEvents(Arrays.stream(records).map(WorkerRecord::policyEvents).toList()));
    }

    /**
     * How many entries of {@code wanted} (sorted) occur in {@code present} (sorted), each
     * occurrence of a wanted id counted.
     */
    static long countPresent(long[] wanted, long[] present) {
        long found = 0;
        int j = 0;
        for (long id : wanted) {
            while (j < present.length && present[j] < id) {
                j++;
            }
            if (j < present.length && present[j] == id) {
                found++;
            }
        }
        return found;
    }

    /** Pearson's correlation coefficient; NaN if either series is constant. */
    static double correlation(double[] x, double[] y) {
        int n = x.length;
        double mx = Arrays.stream(x).average().orElse(0);
        double my = Arrays.stream(y).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }

    /** The time average of max / mean drain time over the intervals where some work is queued. */
    static double maxAvgLoad(WorkerRecord[] records, long[] capacities, long makespan) {
        int n = records.length;
        int[] next = new int[n];
        double[] drain = new double[n];
        long t = 0;
        double weighted = 0;
        long covered = 0;
        while (true) {
            long nextTime = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                long[] times = records[i].loadTimes();
                while (next[i] < times.length && times[next[i]] <= t) {
                    drain[i] = (double) records[i].loadValues()[next[i]] / capacities[i];
                    next[i]++;
                }
                if (next[i] < times.length) {
                    nextTime = Math.min(nextTime, times[next[i]]);
                }
            }
            long end = Math.min(nextTime, makespan);
            // One pass for both, with the compensated sum DoubleStream.average() uses (the same
            // numbers), without building two streams per load change.
            DoubleSummaryStatistics stats = new DoubleSummaryStatistics();
            for (double d : drain) {
                stats.accept(d);
            }
            double mean = stats.getAverage();
            if (end > t && mean > 0) {
                weighted += (stats.getMax() / mean) * (end - t);
                covered += end - t;
            }
            if (nextTime == Long.MAX_VALUE || nextTime >= makespan) {
                break;
            }
            t = nextTime;
        }
        return covered == 0 ? 1 : weighted / covered;
    }
}
