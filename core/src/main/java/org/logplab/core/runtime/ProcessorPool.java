package org.logplab.core.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;

/**
 * The processors of a machine that stays up: their threads, channels, clocks and latency
 * histograms, kept between runs and reset for each.
 *
 * <p>This is the runtime's entry point for {@link org.logplab.core.Machine} only, which is the API
 * to use: the one way from the API package into its runtime. Its public members are exactly what
 * {@code Machine} uses: the constructor, {@link #run}, {@link #config()}, {@link #isClosed()},
 * {@link #close()} and {@link #toString()}, and {@link #IDLE_SPIN_MICROS}, which {@code Machine}'s
 * documentation quotes. The rest of the runtime reaches the pool through package-private members.
 *
 * <p><b>Threads.</b> One thread per local processor, started with the first run. Between runs a
 * thread waits for the next: under the wall clock with a core per processor it keeps looking,
 * yielding its core to any thread that needs it, for {@value #IDLE_SPIN_MICROS} us after a run
 * (back-to-back runs then start in microseconds), then parks; otherwise it parks at once. A
 * one-shot pool's threads end after its single run.
 */
public final class ProcessorPool {
    /** How long an idle processor of a spinning machine keeps looking for the next run before it parks, us. */
    public static final int IDLE_SPIN_MICROS = 50;
    private static final long JOIN_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final AtomicInteger IDS = new AtomicInteger();
    /** Initial ring size of a channel between platform threads: room for a burst without growing. */
    private static final int PLATFORM_RING = 64;
    /** Initial ring size under virtual threads: a machine of millions of processors needs small channels. */
    private static final int VIRTUAL_RING = 2;
    /** Pools up to this many local processors name their threads. */
    private static final int NAMED_THREADS = 1 << 16;

    private final RunConfig config;
    final RestOfCluster outside;
    private final boolean oneShot;
    /** By rank; null for ranks that other processes run. */
    final ProcessorImpl[] processors;
    /** This process's processors, by rank. */
    final ProcessorImpl[] local;
    /**
     * Wall clock with a core per processor: waits spin before they block, so that a message's
     * delivery is seen within nanoseconds, not after an unpark (tens of us).
     */
    final boolean spinning;
    final LatencyRecorder latency;
    final WaitStates waitStates;
    private final int initialRing;
    private final int id = IDS.incrementAndGet();
    private final AtomicReference<Thread> runner = new AtomicReference<>();
    private final WaitStrategy idleWait;
    /** The run the threads execute next (the last one started). */
    private volatile Run current;
    private volatile boolean closing;
    private volatile String closedReason;
    private boolean threadsStarted;

    /**
     * A pool running every rank of {@code config} in this process.
     *
     * @param oneShot whether the threads end after the first run (then the pool is closed)
     */
    public ProcessorPool(RunConfig config, boolean oneShot) {
        this(config, RestOfCluster.NONE, 0, config.params().P(), oneShot);
    }

    /** A pool running ranks {@code first .. first+count-1} of {@code config}; {@code outside} is the rest. */
    ProcessorPool(RunConfig config, RestOfCluster outside, int first, int count, boolean oneShot) {
        int p = config.params().P();
        if (first < 0 || count < 1 || first + count > p) {
            throw new IllegalArgumentException("local ranks " + first + ".." + (first + count - 1)
                    + " are not within 0.." + (p - 1));
        }
        this.config = config;
        this.outside = outside;
        this.oneShot = oneShot;
        this.spinning = config.clock() == ClockKind.WALL && outside.allowsSpinning()
                && config.threads() == ThreadKind.PLATFORM && p <= Runtime.getRuntime().availableProcessors();
        // Yielding, not spinning: the thread that starts the runs needs a core too, and on a machine
        // with a core per processor an idle spinner would keep it waiting for a time slice.
        this.idleWait = spinning && !oneShot ? WaitStrategy.yielding(TimeUnit.MICROSECONDS.toNanos(IDLE_SPIN_MICROS))
                : WaitStrategy.BLOCK;
        this.initialRing = config.threads() == ThreadKind.VIRTUAL ? VIRTUAL_RING : PLATFORM_RING;
        this.latency = new LatencyRecorder(p);
        this.waitStates = new WaitStates(p, config.threads() == ThreadKind.PLATFORM);
        this.processors = new ProcessorImpl[p];
        this.local = new ProcessorImpl[count];
        for (int i = 0; i < count; i++) {
            local[i] = new ProcessorImpl(first + i, this);
            processors[first + i] = local[i];
        }
    }

    /** The configuration the pool was made with. */
    public RunConfig config() {
        return config;
    }

    /**
     * Runs {@code program} with {@code params} (same {@code P}) on this pool's processors and
     * returns its result; see {@link org.logplab.core.Machine#run(LogP, Program)}.
     */
    public RunResult run(LogP params, Program program) {
        Run run = begin(params, program);
        try {
            return run.await();
        } finally {
            end();
        }
    }

    /**
     * Starts a run: checks that the pool is free, resets every local processor and lets the
     * threads go. The caller then waits with {@link Run#await()} and calls {@link #end()}.
     */
    Run begin(LogP params, Program program) {
        Run run = prepare(params, program);
        release(run);
        return run;
    }

    /** Checks that the pool is free and resets every local processor for a new run; nothing runs yet. */
    Run prepare(LogP params, Program program) {
        if (params.P() != config.params().P()) {
            throw new IllegalArgumentException("this machine has P = " + config.params().P()
                    + " processors; a run on it cannot have P = " + params.P());
        }
        checkOpen();
        Thread me = Thread.currentThread();
        if (!runner.compareAndSet(null, me)) {
            Thread other = runner.get();
            throw new IllegalStateException("this machine is already running a program"
                    + (other == null ? "" : " (started from thread '" + other.getName() + "')")
                    + "; a machine runs one program at a time: wait for it, or open another machine");
        }
        try {
            checkOpen();
            Run run = new Run(this, params, program);
            for (ProcessorImpl p : local) {
                p.reset(run);
            }
            return run;
        } catch (RuntimeException | Error e) {
            runner.set(null);
            throw e;
        }
    }

    /** Lets the threads run {@code run} (prepared last). */
    void release(Run run) {
        run.releasedNanos = System.nanoTime();
        run.released = true;
        current = run;
        if (!threadsStarted) {
            startThreads();
        } else {
            for (ProcessorImpl p : local) {
                p.unparkIfIdle();
            }
        }
    }

    /** After a run (success or failure): discards what it left in the channels and frees the pool. */
    void end() {
        try {
            if (!isBroken() && !oneShot) {
                for (ProcessorImpl p : local) {
                    p.discardLeftovers();
                }
                latency.reset();
            }
        } finally {
            runner.set(null);
        }
    }

    private void checkOpen() {
        String why = closedReason;
        if (why != null) {
            throw new IllegalStateException("this machine is closed (" + why + ")");
        }
    }

    private boolean isBroken() {
        String why = closedReason;
        return why != null && !why.equals(CLOSED_BY_USER);
    }

    private static final String CLOSED_BY_USER = "close() was called";

    private void startThreads() {
        threadsStarted = true;
        // Named for thread dumps, but not by the million: a name costs 60 bytes per thread.
        boolean named = local.length <= NAMED_THREADS;
        Thread.Builder builder = config.threads() == ThreadKind.VIRTUAL
                ? (named ? Thread.ofVirtual().name("logp-" + id + "-", 0) : Thread.ofVirtual())
                : Thread.ofPlatform().daemon(true).name("logp-" + id + "-", 0);
        for (ProcessorImpl p : local) {
            p.makeThread(builder::unstarted);
        }
        for (ProcessorImpl p : local) {
            p.thread().start();
        }
    }

    /** A processor's thread: runs every run the pool starts, until the pool closes. */
    void work(ProcessorImpl p) {
        Run last = null;
        while (true) {
            Run r = nextRun(p, last);
            if (r == null) {
                return;
            }
            last = r;
            r.execute(p);
            if (oneShot) {
                return;
            }
        }
    }

    private Run nextRun(ProcessorImpl p, Run last) {
        Run r = current;
        if (r != last || closing) {
            return closing ? null : r;
        }
        idleWait.await(() -> current != last || closing, () -> { });
        p.idleParked(true);
        try {
            while ((r = current) == last && !closing) {
                LockSupport.park(this);
            }
        } finally {
            p.idleParked(false);
        }
        Thread.interrupted(); // an interrupt meant for the last run's program is not for the next
        return closing ? null : r;
    }

    /** The channel from {@code src} to {@code dst}, created on first use by either side. */
    Channel channel(int src, int dst) {
        // A channel from another process is practically unbounded: its sender, the transport's
        // thread, must never wait on one receiver (the transport's flow control bounds it).
        return processors[dst].inbound.get(src, s -> new Channel(src, dst,
                processors[src] == null ? SlotRing.MAX_SIZE : config.channelCapacity(), initialRing,
                config.threads() == ThreadKind.PLATFORM));
    }

    /** A run failed and some processor did not stop: the pool cannot run again. */
    void broken(String why) {
        closedReason = "a processor could not be stopped after a failed run: " + why;
    }

    /** Whether the pool is closed, or unusable after a processor could not be stopped. */
    public boolean isClosed() {
        return closedReason != null;
    }

    /**
     * Closes the pool: fails a run in progress, lets every thread end and joins it.
     *
     * @throws IllegalStateException if called from one of the pool's processors, or if a thread
     *     would not end within seconds (named)
     */
    public void close() {
        for (ProcessorImpl p : local) {
            if (p.thread() == Thread.currentThread()) {
                throw new IllegalStateException("a program cannot close the machine it runs on (rank " + p.rank + ")");
            }
        }
        synchronized (this) {
            if (closing) {
                return;
            }
            if (closedReason == null) {
                closedReason = CLOSED_BY_USER;
            }
            // A run in progress (on another thread) ends with a failure; wait for it to be over.
            long deadline = System.nanoTime() + 2 * JOIN_NANOS;
            Run failed = null;
            for (Thread other = runner.get(); other != null && other != Thread.currentThread(); other = runner.get()) {
                Run r = current;
                if (r != null && r != failed) {
                    r.fail(-1, new RunFailedException(-1, "the machine was closed during the run", null));
                    failed = r;
                }
                if (System.nanoTime() > deadline) {
                    break;
                }
                LockSupport.parkNanos(1_000_000);
            }
            closing = true;
        }
        List<String> alive = new ArrayList<>();
        long deadline = System.nanoTime() + JOIN_NANOS;
        for (ProcessorImpl p : local) {
            Thread t = p.thread();
            if (t == null) {
                continue;
            }
            LockSupport.unpark(t);
            try {
                long left = Math.max(1, deadline - System.nanoTime());
                if (!t.join(java.time.Duration.ofNanos(left))) {
                    alive.add("rank " + p.rank + " (" + t.getName() + ", " + t.getState() + ")");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                alive.add("rank " + p.rank + " (not joined: interrupted)");
                break;
            }
        }
        if (!alive.isEmpty() && !isBroken()) {
            throw new IllegalStateException("closing the machine: " + alive.size() + " processor threads did not end: "
                    + String.join(", ", alive.subList(0, Math.min(alive.size(), 8))));
        }
    }

    @Override
    public String toString() {
        return "P=" + processors.length + ", " + config.clock() + " clock, " + config.threads() + " threads"
                + (closedReason != null ? ", closed" : "");
    }
}
