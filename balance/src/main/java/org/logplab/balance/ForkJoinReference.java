package org.logplab.balance;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.logplab.balance.workload.Task;
import org.logplab.balance.workload.Workload;

/**
 * The reference without LogP costs: the same task set on a JDK {@link ForkJoinPool} of one
 * thread per node, wall clock only. A task busies its worker for {@code ceil(cost / c)} time units
 * of {@code unitNanos} ns with {@code c} the mean capacity (the pool's workers are alike), then
 * forks its children; tasks released later are submitted at their release time by the calling
 * thread. Children are forked and never joined (completion is counted), as spawned tasks are
 * in the LogP runs. Every task is counted and its cost summed, so a lost or repeated task shows in
 * {@link BalanceResult#exactlyOnce()}. Metrics as {@link BalanceResult}, with the pool's steals as
 * migrations and no messages.
 */
public final class ForkJoinReference {
    private ForkJoinReference() {
    }

    /** Runs {@code config}'s workload on a new pool of {@code config.nodes()} threads, then shuts it down. */
    public static BalanceResult run(BalanceConfig config) {
        ForkJoinPool pool = new ForkJoinPool(config.nodes());
        try {
            return run(pool, config);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Runs {@code config}'s workload on {@code pool}, which stays up for the next run (as
     * {@link BalanceRun#run(org.logplab.core.Machine, BalanceConfig)} keeps its machine): no
     * thread starts per run. The pool must be idle and have one thread per node. After a run that
     * timed out its tasks may still be running: shut the pool down.
     *
     * @throws IllegalArgumentException if the pool's parallelism is not {@code config.nodes()}
     * @throws IllegalStateException if the run does not finish within {@code config.timeout()}
     */
    public static BalanceResult run(ForkJoinPool pool, BalanceConfig config) {
        if (pool.getParallelism() != config.nodes()) {
            throw new IllegalArgumentException("the pool has " + pool.getParallelism()
                    + " threads; the configuration has " + config.nodes() + " nodes");
        }
        Workload workload = config.workload();
        long[] capacities = config.capacities();
        long capacity = Math.max(1, Math.round(Arrays.stream(capacities).average().orElse(1)));
        long unit = config.unitNanos();
        // The pool's count is cumulative: a pool that stays up has stolen before.
        long stealsBefore = pool.getStealCount();
        Histogram responses = new ConcurrentHistogram(3);
        LongAdder done = new LongAdder();
        List<Task> all = workload.all();
        // The caller waits on a latch, parked: a caller that helped or polled the pool would be a
        // third thread competing for the cores.
        CountDownLatch finished = new CountDownLatch(all.size());
        LongAdder work = new LongAdder();
        AtomicLong lastFinish = new AtomicLong();
        long start = System.nanoTime();
        final class Run extends RecursiveAction {
            private final Task task;

            Run(Task task) {
                this.task = task;
            }

            @Override
            protected void compute() {
                long end = System.nanoTime() + task.duration(capacity) * unit;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                long finish = System.nanoTime() - start;
                responses.recordValue(Math.max(0, finish - task.release()));
                done.increment();
                work.add(task.cost());
                lastFinish.accumulateAndGet(finish, Math::max);
                List<Task> children = workload.children(task, finish, 0);
                // Spawned, never joined (the latch counts completions): a join that waits makes
                // the pool add compensating threads, more busy threads than cores.
                for (Task child : children) {
                    new Run(child).fork();
                }
                finished.countDown();
            }
        }
        try {
            for (Task t : workload.released()) {
                long at = start + t.release() * unit;
                for (long left = at - System.nanoTime(); left > 0; left = at - System.nanoTime()) {
                    LockSupport.parkNanos(left);
                }
                pool.execute(new Run(new Task(t.id(), t.cost(), t.release() * unit, t.origin(), t.depth())));
            }
            if (!finished.await(config.timeout().toNanos(), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("the fork/join reference did not finish within " + config.timeout());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        long expectedCost = all.stream().mapToLong(Task::cost).sum();
        long tasks = all.size();
        long totalCapacity = capacity * config.nodes();
        double ideal = (double) expectedCost / totalCapacity * unit;
        long makespan = lastFinish.get();
        return new BalanceResult(tasks, done.sum(), Math.max(0, tasks - done.sum()), Math.max(0, done.sum() - tasks),
                work.sum() != expectedCost, makespan, ideal, makespan == 0 ? 1 : ideal / makespan, responses.getMean(),
                responses.getValueAtPercentile(99), 0, (double) (pool.getStealCount() - stealsBefore) / tasks, 0,
                new double[0], new double[0], Double.NaN, Double.NaN, Map.of());
    }
}
