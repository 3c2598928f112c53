package org.logplab.balance.worker;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.logplab.balance.workload.Task;

/**
 * What one worker measures of its run, for {@link WorkerRecord}: the tasks it executed (ids and
 * costs, so that every task can be checked to have run exactly once), its work and busy time, the
 * response times of the tasks released from {@code responsesFrom} on (earlier ones are the
 * warm-up of a steady-state run), the messages it sent and its queued work over time. Times in
 * clock units. Used on the worker's own thread only.
 */
final class WorkerMetrics {
    private final long responsesFrom;
    private long[] ids = new long[64];
    private long[] costs = new long[64];
    private int executed;
    private long work;
    private long busy;
    private long lastFinish;
    private final Histogram responses = new Histogram(3);
    private long balancingMessages;
    private long terminationMessages;
    private long migratedTasks;
    private long[] loadTimes = new long[64];
    private long[] loadValues = new long[64];
    private int loadChanges;
    private final Map<String, Long> events = new TreeMap<>();

    /** Metrics that count the response of a task released at {@code responsesFrom} (clock units) or later. */
    WorkerMetrics(long responsesFrom) {
        this.responsesFrom = responsesFrom;
    }

    /** Task {@code t} ran from {@code started} to {@code finish}. */
    void executed(Task t, long started, long finish) {
        busy += finish - started;
        if (executed == ids.length) {
            ids = Arrays.copyOf(ids, 2 * executed);
            costs = Arrays.copyOf(costs, 2 * executed);
        }
        ids[executed] = t.id();
        costs[executed++] = t.cost();
        work += t.cost();
        lastFinish = finish;
        if (t.release() >= responsesFrom) {
            responses.recordValue(Math.max(0, finish - t.release()));
        }
    }

    /** The fraction of the time up to {@code now} this worker spent executing tasks (0 at time 0). */
    double busyFraction(long now) {
        return now == 0 ? 0 : (double) busy / now;
    }

    void balancingMessage() {
        balancingMessages++;
    }

    void terminationMessage() {
        terminationMessages++;
    }

    /** One occurrence of a policy's own {@code event}. */
    void event(String event) {
        events.merge(event, 1L, Long::sum);
    }

    void migrated(int tasks) {
        migratedTasks += tasks;
    }

    /** The queued work is {@code queuedWork} from {@code now} on (repeats and same-time changes folded). */
    void load(long now, long queuedWork) {
        if (loadChanges > 0 && loadValues[loadChanges - 1] == queuedWork) {
            return;
        }
        if (loadChanges > 0 && loadTimes[loadChanges - 1] == now) {
            loadValues[loadChanges - 1] = queuedWork;
            return;
        }
        if (loadChanges == loadTimes.length) {
            loadTimes = Arrays.copyOf(loadTimes, 2 * loadChanges);
            loadValues = Arrays.copyOf(loadValues, 2 * loadChanges);
        }
        loadTimes[loadChanges] = now;
        loadValues[loadChanges++] = queuedWork;
    }

    WorkerRecord record() {
        return new WorkerRecord(Arrays.copyOf(ids, executed), Arrays.copyOf(costs, executed), work, lastFinish,
                responses, balancingMessages, terminationMessages, migratedTasks, Arrays.copyOf(loadTimes, loadChanges),
                Arrays.copyOf(loadValues, loadChanges), Map.copyOf(events));
    }
}
