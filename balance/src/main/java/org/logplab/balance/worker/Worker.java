package org.logplab.balance.worker;

import java.util.List;
import org.logplab.balance.policy.WorkerPolicy;
import org.logplab.balance.workload.Task;
import org.logplab.balance.workload.Workload;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The balancing worker of one node, as the program of one LogP processor: its loop releases the
 * node's own arrivals on time, executes queued tasks oldest first (a task of cost {@code w} takes
 * {@code ceil(w / c)} time units of {@code compute}), spawns their children, hands the balancing
 * messages that arrive between tasks to its {@link MessageDispatcher} and lets its
 * {@link WorkerPolicy} act at each event through a {@link NodeView}; what it does is measured by
 * its {@link WorkerMetrics}.
 *
 * <p><b>Termination</b> is detected without a central oracle by {@link SafraTermination} on the
 * ring of ranks, task migrations being its basic messages; worker 0 then tells every worker to
 * stop. Tasks cannot bounce between workers forever either, since a worker that received tasks
 * must run one before any task leaves it ({@link LocalTasks}). Balancing messages other than
 * migrations that are still in flight at the end are left unread: they carry no work.
 */
public final class Worker {
    private final NodeProcessor processor;
    private final Workload workload;
    private final WorkerPolicy policy;
    /** This node's rank and capacity, and the longest stretch of a task between two looks at the messages. */
    private final int rank;
    private final long capacity;
    private final long slice;
    private final long unit;
    private final List<Task> arrivals;
    private int nextArrival;
    private final LocalTasks tasks = new LocalTasks();
    private final SafraTermination termination;
    private final WorkerMetrics metrics;
    private final NodeView view;
    private final MessageDispatcher dispatcher;
    private boolean stopped;

    /**
     * A node on processor {@code p}.
     *
     * @param capacities every node's capacity, work units per time unit
     * @param domain     the members this node balances with, in increasing rank order
     * @param arrivals   the workload's tasks released on this node, release in time units, ascending
     * @param unit       clock units per time unit: 1 under the model clock, ns per time unit under the wall clock
     * @param seed       the run's seed (this node's random source mixes in its rank)
     */
    public Worker(Processor p, Workload workload, long[] capacities, int[] domain, WorkerPolicy policy, long unit,
            List<Task> arrivals, long seed) {
        this.processor = new NodeProcessor(p);
        this.workload = workload;
        this.policy = policy;
        this.unit = unit;
        this.arrivals = arrivals;
        this.rank = p.rank();
        this.capacity = capacities[rank];
        // One message's L + 2o, at least one time unit: a node asked for work while it runs a
        // long task answers within a slice, not after the whole task (the asker would idle meanwhile).
        LogP params = p.params();
        this.slice = Math.max(unit, params.L() + 2 * params.o());
        this.termination = new SafraTermination(rank, p.size());
        this.metrics = new WorkerMetrics(workload.steadyFrom() * unit);
        this.view = new NodeView(processor, capacities, domain, unit, seed, tasks, metrics, termination);
        this.dispatcher = new MessageDispatcher(view, policy, tasks, termination, metrics);
    }

    /** Runs the node until node 0 says all work is done; returns what it did. */
    public WorkerRecord run() {
        processor.readClock();
        recordLoad();
        policy.onStart(view);
        while (!stopped) {
            releaseArrivals();
            // Only what has arrived by now: requests that keep coming while this node answers
            // must not keep it from its tasks and from passing the termination token.
            drainArrived();
            if (stopped) {
                break;
            }
            if (!tasks.isEmpty()) {
                execute(tasks.takeOldest());
                continue;
            }
            if (passive()) {
                passToken();
                if (stopped) {
                    break;
                }
            }
            view.forgetPassedWake();
            policy.onIdle(view);
            Message m = processor.receiveBy(Math.min(view.wakeTime(), nextArrivalTime()));
            if (m != null) {
                handle(m);
            }
        }
        if (!tasks.isEmpty()) {
            throw new IllegalStateException("node " + rank + " told to stop with " + tasks.size() + " tasks queued");
        }
        return metrics.record();
    }

    /**
     * Handles the messages that have arrived by now (only those: a stream of requests must not
     * starve the node). The first look is {@code pollAny}, which under the wall clock reads no
     * clock when nothing is queued ({@code recvAnyBy(now)} reads one to see that its deadline has
     * passed): the node looks once or twice per task and usually finds nothing. Under the model
     * clock the node's time is the processor's then, so the two are the same call. Once a message
     * has been handled the clock has moved on, and the later looks keep the deadline of the first.
     */
    private void drainArrived() {
        if (stopped) {
            return;
        }
        long until = processor.now();
        Message m = processor.pollAny();
        while (m != null) {
            processor.readClock();
            handle(m);
            if (stopped) {
                return;
            }
            m = processor.receiveBy(until);
        }
    }

    private void handle(Message m) {
        if (dispatcher.handle(m)) {
            stopped = true;
        }
    }

    private boolean passive() {
        return tasks.isEmpty() && nextArrival == arrivals.size();
    }

    /** When the next arrival here is released, clock units; {@code Long.MAX_VALUE} when none is left. */
    private long nextArrivalTime() {
        return nextArrival < arrivals.size() ? arrivals.get(nextArrival).release() * unit : Long.MAX_VALUE;
    }

    private void releaseArrivals() {
        boolean any = false;
        while (nextArrival < arrivals.size() && arrivals.get(nextArrival).release() * unit <= processor.now()) {
            Task t = arrivals.get(nextArrival++);
            tasks.add(unit == 1 ? t : new Task(t.id(), t.cost(), t.release() * unit, t.origin(), t.depth()));
            any = true;
        }
        if (any) {
            recordLoad();
            policy.onReleased(view);
        }
    }

    private void execute(Task t) {
        recordLoad();
        long started = processor.now();
        long left = t.duration(capacity) * unit;
        // In slices, answering messages between them (see slice).
        while (left > 0) {
            long part = Math.min(left, slice);
            processor.compute(part);
            left -= part;
            if (left > 0) {
                drainArrived();
            }
        }
        long finish = processor.now();
        metrics.executed(t, started, finish);
        List<Task> children = workload.children(t, finish, rank);
        if (!children.isEmpty()) {
            for (Task child : children) {
                tasks.add(child);
            }
            recordLoad();
            policy.onReleased(view);
        }
        policy.onFinished(view);
    }

    /** A passive worker does what termination detection says about the token. */
    private void passToken() {
        SafraTermination.Decision d = termination.whenPassive();
        switch (d.action()) {
            case WAIT -> { }
            case DECLARE -> {
                for (int j = 1; j < processor.size(); j++) {
                    processor.send(j, Tags.STOP, null, 0);
                    metrics.terminationMessage();
                }
                stopped = true;
            }
            case FORWARD -> {
                processor.send(d.to(), Tags.TOKEN, new long[] {d.sum(), d.black() ? 1 : 0}, 16);
                metrics.terminationMessage();
            }
        }
    }

    private void recordLoad() {
        metrics.load(processor.now(), tasks.work());
    }
}
