package org.logplab.balance.worker;

import java.util.SplittableRandom;
import org.logplab.balance.policy.WorkerView;
import org.logplab.balance.workload.Task;
import org.logplab.core.LogP;

/**
 * The {@link WorkerView} a node's policy sees: the node's queue ({@link LocalTasks}), its
 * capacity and domain, what it last heard of every node's load ({@link MemberLoads}), and the
 * balancing messages it sends through its {@link NodeProcessor}, each counted in its
 * {@link WorkerMetrics}; a migration is also a basic message of termination detection. It keeps
 * the time the policy asked to be woken at for the worker's loop. Used on the node's own thread only.
 */
final class NodeView implements WorkerView {
    private final NodeProcessor processor;
    private final long[] capacities;
    private final int[] domain;
    private final long unit;
    private final LocalTasks tasks;
    private final WorkerMetrics metrics;
    private final SafraTermination termination;
    private final MemberLoads loads;
    private final SplittableRandom random;
    private long wakeAt = Long.MAX_VALUE;

    /**
     * The view of the node on {@code processor}.
     *
     * @param capacities every node's capacity, work units per time unit
     * @param domain     the members this node balances with, in increasing rank order
     * @param unit       clock units per time unit
     * @param seed       the run's seed (the node's random source mixes in its rank)
     */
    NodeView(NodeProcessor processor, long[] capacities, int[] domain, long unit, long seed, LocalTasks tasks,
            WorkerMetrics metrics, SafraTermination termination) {
        this.processor = processor;
        this.capacities = capacities;
        this.domain = domain;
        this.unit = unit;
        this.tasks = tasks;
        this.metrics = metrics;
        this.termination = termination;
        this.loads = new MemberLoads(processor.size(), capacities, unit);
        this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + processor.rank());
    }

    @Override
    public int rank() {
        return processor.rank();
    }

    @Override
    public int nodes() {
        return processor.size();
    }

    @Override
    public int[] domain() {
        return domain;
    }

    @Override
    public long capacity() {
        return capacities[processor.rank()];
    }

    @Override
    public long capacityOf(int j) {
        return capacities[j];
    }

    @Override
    public long now() {
        return processor.now();
    }

    @Override
    public long timeUnit() {
        return unit;
    }

    @Override
    public long[] logP() {
        LogP params = processor.params();
        return new long[] {params.L(), params.o(), params.g()};
    }

    @Override
    public long queuedWork() {
        return tasks.work();
    }

    @Override
    public int queuedTasks() {
        return tasks.size();
    }

    @Override
    public void count(String event) {
        metrics.event(event);
    }

    @Override
    public double busyFraction() {
        return metrics.busyFraction(processor.now());
    }

    /** {@link MemberLoads#estimate} at this node's busy fraction. */
    @Override
    public long knownWork(int j) {
        return loads.estimate(j, processor.now(), busyFraction());
    }

    /** Also how a reported load is recorded: {@code j} had {@code work} queued now. */
    @Override
    public void assumeWork(int j, long work) {
        loads.heard(j, work, processor.now());
    }

    @Override
    public SplittableRandom random() {
        return random;
    }

    @Override
    public void notifyDomain(int state) {
        for (int j : domain) {
            notify(j, state);
        }
    }

    @Override
    public void notify(int j, int state) {
        send(j, Tags.NOTICE, new long[] {tasks.work(), state}, 16);
    }

    @Override
    public void request(int j, long work) {
        send(j, Tags.REQUEST, new long[] {work, tasks.work()}, 16);
    }

    @Override
    public void steal(int j) {
        send(j, Tags.STEAL, new long[] {tasks.work()}, 8);
    }

    @Override
    public void deny(int j) {
        send(j, Tags.DENY, new long[] {tasks.work()}, 8);
    }

    /** Takes the tasks ({@link LocalTasks#takeForMigration}) and sends them in one {@link Batch}. */
    @Override
    public long migrate(int j, long work, boolean newest) {
        long before = tasks.work();
        Task[] moving = tasks.takeForMigration(work, newest);
        if (moving.length == 0) {
            return 0;
        }
        metrics.load(processor.now(), tasks.work());
        Batch batch = new Batch(moving, tasks.work());
        processor.send(j, Tags.TASKS, batch, batch.bytes());
        termination.sentTasks();
        metrics.balancingMessage();
        metrics.migrated(moving.length);
        return before - tasks.work();
    }

    @Override
    public void wakeAt(long time) {
        wakeAt = Math.min(wakeAt, Math.max(time, processor.now() + 1));
    }

    /** The time the policy asked to be woken at ({@link #wakeAt}), {@code Long.MAX_VALUE} if none. */
    long wakeTime() {
        return wakeAt;
    }

    /** Forgets the wake-up time once it has come. */
    void forgetPassedWake() {
        if (wakeAt <= processor.now()) {
            wakeAt = Long.MAX_VALUE;
        }
    }

    /** A balancing message other than a migration. */
    private void send(int j, int tag, long[] payload, int bytes) {
        processor.send(j, tag, payload, bytes);
        metrics.balancingMessage();
    }
}
