package org.logplab.balance.worker;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.logplab.balance.workload.Task;
import org.logplab.balance.policy.WorkerPolicy;
import org.logplab.balance.policy.WorkerView;
import org.logplab.balance.workload.Workload;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The balancing worker of one node, as the program of one LogP processor: it releases its own
 * arrivals on time, executes queued tasks oldest first (a task of cost {@code w} takes
 * {@code ceil(w / c)} time units of {@code compute}), spawns their children, handles balancing
 * messages between tasks and lets its {@link WorkerPolicy} act at each event; what it does is
 * measured by its {@link WorkerMetrics}.
 *
 * <p><b>Termination</b> is detected without a central oracle by {@link SafraTermination} on the
 * ring of ranks, task migrations being its basic messages; worker 0 then tells every worker to
 * stop. Tasks cannot bounce between workers forever either, since a worker that received tasks
 * must run one before any task leaves it. Balancing messages other than migrations that are
 * still in flight at the end are left unread: they carry no work.
 */
public final class Worker implements WorkerView {
    private final Processor p;
    private final Workload workload;
    private final long[] capacities;
    /** This node's rank and capacity, and the longest stretch of a task between two looks at the messages. */
    private final int rank;
    private final long capacity;
    private final long slice;
    /**
     * The clock at the end of this node's last operation on its processor (a compute, send,
     * receive or wait). Between operations only the node's own bookkeeping runs, which the model
     * clock does not count: there it is exactly {@code p.now()}. Under the wall clock it lags
     * real time by that bookkeeping (tens to hundreds of ns) and saves a clock read (about 25 ns)
     * at each of the many places per task that ask for the time: loads, estimates, policies.
     */
    private long now;
    private final int[] domain;
    private final WorkerPolicy policy;
    private final long unit;
    private final List<Task> arrivals;
    private int nextArrival;
    private final TaskQueue queue = new TaskQueue();
    private long queuedWork;
    private final long[] known;
    private final long[] knownAt;
    private final SplittableRandom random;
    private long wakeAt = Long.MAX_VALUE;
    private boolean stopped;
    /** Whether a task ran here since tasks last arrived by migration: only then may tasks leave. */
    private boolean executedSinceReceive = true;

    private final SafraTermination termination;
    private final WorkerMetrics metrics;

    /**
     * A node on processor {@code p}.
     *
     * @param arrivals  the workload's tasks released on this node, release in time units, ascending
     * @param unit      clock units per time unit: 1 under the model clock, ns per time unit under the wall clock
     * @param seed      the run's seed (this node's random source mixes in its rank)
     */
    public Worker(Processor p, Workload workload, long[] capacities, int[] domain, WorkerPolicy policy, long unit,
            List<Task> arrivals, long seed) {
        this.p = p;
        this.workload = workload;
        this.capacities = capacities;
        this.domain = domain;
        this.policy = policy;
        this.unit = unit;
        this.arrivals = arrivals;
        this.rank = p.rank();
        this.capacity = capacities[rank];
        // One message's L + 2o, at least one time unit: a node asked for work while it runs a
        // long task answers within a slice, not after the whole task (the asker would idle meanwhile).
        LogP params = p.params();
        this.slice = Math.max(unit, params.L() + 2 * params.o());
        this.known = new long[p.size()];
        this.knownAt = new long[p.size()];
        Arrays.fill(known, -1);
        this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + rank);
        this.termination = new SafraTermination(rank, p.size());
        this.metrics = new WorkerMetrics(workload.steadyFrom() * unit);
    }

    /** Runs the node until node 0 says all work is done; returns what it did. */
    public WorkerRecord run() {
        now = p.now();
        recordLoad();
        policy.onStart(this);
        while (!stopped) {
            releaseArrivals();
            // Only what has arrived by now: requests that keep coming while this node answers
            // must not keep it from its tasks and from passing the termination token.
            drainArrived();
            Message m;
            if (stopped) {
                break;
            }
            if (!queue.isEmpty()) {
                execute(queue.pollFirst());
                continue;
            }
            if (passive()) {
                passToken();
                if (stopped) {
                    break;
                }
            }
            if (wakeAt <= now) {
                wakeAt = Long.MAX_VALUE;
            }
            policy.onIdle(this);
            long until = Math.min(wakeAt, nextArrival < arrivals.size() ? arrivals.get(nextArrival).release() * unit : Long.MAX_VALUE);
            m = until == Long.MAX_VALUE ? p.recvAny() : p.recvAnyBy(until);
            afterReceive(m, until);
            if (m != null) {
                handle(m);
            }
        }
        if (!queue.isEmpty()) {
            throw new IllegalStateException("node " + rank + " told to stop with " + queue.size() + " tasks queued");
        }
        return metrics.record();
    }

    /**
     * Handles the messages that have arrived by now (only those: a stream of requests must not
     * starve the node). The first look is {@code pollAny}, which under the wall clock reads no
     * clock when nothing is queued ({@code recvAnyBy(now)} reads one to see that its deadline has
     * passed): the node looks once or twice per task and usually finds nothing. Under the model
     * clock {@link #now} is {@code p.now()} then, so the two are the same call. Once a message has
     * been handled the clock has moved on, and the later looks keep the deadline of the first.
     */
    private void drainArrived() {
        if (stopped) {
            return;
        }
        long until = now;
        Message m = p.pollAny();
        while (m != null) {
            now = p.now();
            handle(m);
            if (stopped) {
                return;
            }
            m = p.recvAnyBy(until);
            afterReceive(m, until);
        }
    }

    /**
     * Brings {@link #now} up to date after {@code recvAnyBy(deadline)} (or {@code recvAny()},
     * deadline {@code Long.MAX_VALUE}) answered {@code m}: a message costs a clock read; no
     * message means the processor idled until {@code max(now, deadline)}, known without one.
     */
    private void afterReceive(Message m, long deadline) {
        now = m != null ? p.now() : Math.max(now, deadline);
    }

    private boolean passive() {
        return queue.isEmpty() && nextArrival == arrivals.size();
    }

    private void releaseArrivals() {
        boolean any = false;
        while (nextArrival < arrivals.size() && arrivals.get(nextArrival).release() * unit <= now) {
            Task t = arrivals.get(nextArrival++);
            enqueue(unit == 1 ? t : new Task(t.id(), t.cost(), t.release() * unit, t.origin(), t.depth()));
            any = true;
        }
        if (any) {
            recordLoad();
            policy.onReleased(this);
        }
    }

    private void execute(Task t) {
        queuedWork -= t.cost();
        executedSinceReceive = true;
        recordLoad();
        long started = now;
        long left = t.duration(capacity) * unit;
        // In slices, answering messages between them (see slice).
        while (left > 0) {
            long part = Math.min(left, slice);
            p.compute(part);
            now = p.now();
            left -= part;
            if (left > 0) {
                drainArrived();
            }
        }
        long finish = now;
        metrics.executed(t, started, finish);
        List<Task> children = workload.children(t, finish, rank);
        if (!children.isEmpty()) {
            for (Task child : children) {
                enqueue(child);
            }
            recordLoad();
            policy.onReleased(this);
        }
        policy.onFinished(this);
    }

    private void enqueue(Task t) {
        queue.addLast(t);
        queuedWork += t.cost();
    }

    private void handle(Message m) {
        int from = m.source();
        switch (m.tag()) {
            case Tags.NOTICE -> {
                long[] v = (long[]) m.payload();
                hear(from, v[0]);
                policy.onNotice(this, from, (int) v[1]);
            }
            case Tags.REQUEST -> {
                long[] v = (long[]) m.payload();
                hear(from, v[1]);
                policy.onRequest(this, from, v[0]);
            }
            case Tags.DENY -> {
                hear(from, ((long[]) m.payload())[0]);
                policy.onDenied(this, from);
            }
            case Tags.STEAL -> {
                hear(from, ((long[]) m.payload())[0]);
                policy.onSteal(this, from);
            }
            case Tags.TASKS -> {
                Batch b = (Batch) m.payload();
                hear(from, b.senderWork());
                termination.receivedTasks();
                executedSinceReceive = false;
                long moved = 0;
                for (Task t : b.tasks()) {
                    moved += t.cost();
                }
                queue.addAll(b.tasks());
                queuedWork += moved;
                recordLoad();
                policy.onTasks(this, from, moved);
            }
            case Tags.TOKEN -> {
                long[] v = (long[]) m.payload();
                termination.tokenArrived(v[0], v[1] != 0);
            }
            case Tags.STOP -> stopped = true;
            default -> throw new IllegalStateException("node " + rank + ": unknown message tag " + m.tag() + " from " + from);
        }
    }

    /** A passive worker does what termination detection says about the token. */
    private void passToken() {
        SafraTermination.Decision d = termination.whenPassive();
        switch (d.action()) {
            case WAIT -> { }
            case DECLARE -> {
                for (int j = 1; j < p.size(); j++) {
                    send(j, Tags.STOP, null, 0);
                    metrics.terminationMessage();
                }
                stopped = true;
            }
            case FORWARD -> {
                send(d.to(), Tags.TOKEN, new long[] {d.sum(), d.black() ? 1 : 0}, 16);
                metrics.terminationMessage();
            }
        }
    }

    /** Sends through the processor and brings {@link #now} up to date (a send takes {@code o} and more). */
    private void send(int dst, int tag, Object payload, int bytes) {
        p.send(dst, tag, payload, bytes);
        now = p.now();
    }

    private void recordLoad() {
        metrics.load(now, queuedWork);
    }

    // ---- WorkerView ----

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int nodes() {
        return p.size();
    }

    @Override
    public int[] domain() {
        return domain;
    }

    @Override
    public long capacity() {
        return capacity;
    }

    @Override
    public long capacityOf(int j) {
        return capacities[j];
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public long[] logP() {
        LogP params = p.params();
        return new long[] {params.L(), params.o(), params.g()};
    }

    @Override
    public long queuedWork() {
        return queuedWork;
    }

    @Override
    public int queuedTasks() {
        return queue.size();
    }

    @Override
    public void count(String event) {
        metrics.event(event);
    }

    @Override
    public double busyFraction() {
        return metrics.busyFraction(now);
    }

    /**
     * A member's queued work now, estimated from what it last reported: it has worked its queue
     * off at its capacity since, and received new work meanwhile at the rate this node sees (its
     * own busy fraction {@code u}), so the report shrinks by {@code c_j (1 - u)} per time unit.
     */
    @Override
    public long knownWork(int j) {
        if (known[j] < 0) {
            return -1;
        }
        double idle = 1 - busyFraction();
        double worked = (double) (now - knownAt[j]) / unit * capacities[j] * idle;
        return Math.max(0, known[j] - (long) worked);
    }

    @Override
    public void assumeWork(int j, long value) {
        hear(j, value);
    }

    private void hear(int j, long work) {
        known[j] = work;
        knownAt[j] = now;
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
        send(j, Tags.NOTICE, new long[] {queuedWork, state}, 16);
        metrics.balancingMessage();
    }

    @Override
    public void request(int j, long amount) {
        send(j, Tags.REQUEST, new long[] {amount, queuedWork}, 16);
        metrics.balancingMessage();
    }

    @Override
    public void steal(int j) {
        send(j, Tags.STEAL, new long[] {queuedWork}, 8);
        metrics.balancingMessage();
    }

    @Override
    public void deny(int j) {
        send(j, Tags.DENY, new long[] {queuedWork}, 8);
        metrics.balancingMessage();
    }

    @Override
    public long migrate(int j, long amount, boolean newest) {
        if (amount <= 0 || queue.isEmpty() || !executedSinceReceive) {
            return 0;
        }
        // Chooses how many go by looking at the queue from the chosen end, then takes them out in
        // one copy, in queue order (oldest first) as the batch lists them.
        int size = queue.size();
        int count = 0;
        long moved = 0;
        while (count < size) {
            Task t = queue.get(newest ? size - 1 - count : count);
            // Take it if it fits, or if overshooting by it leaves us nearer the amount than stopping short.
            if (moved + t.cost() > amount && moved + t.cost() - amount >= amount - moved) {
                break;
            }
            count++;
            moved += t.cost();
            if (moved >= amount) {
                break;
            }
        }
        if (count == 0) {
            return 0;
        }
        Task[] tasks = newest ? queue.removeLast(count) : queue.removeFirst(count);
        queuedWork -= moved;
        recordLoad();
        Batch batch = new Batch(tasks, queuedWork);
        send(j, Tags.TASKS, batch, batch.bytes());
        termination.sentTasks();
        metrics.balancingMessage();
        metrics.migrated(count);
        return moved;
    }

    @Override
    public void wakeAt(long time) {
        wakeAt = Math.min(wakeAt, Math.max(time, now + 1));
    }

    @Override
    public long timeUnit() {
        return unit;
    }
}
