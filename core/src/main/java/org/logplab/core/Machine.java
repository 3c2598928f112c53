package org.logplab.core;

import org.logplab.core.runtime.ProcessorPool;

/**
 * The LogP machine: {@code P} processors, each on its own platform or virtual thread, exchanging
 * messages through lock-free SPSC channels. Open it once, run many programs on it, close it, as
 * one keeps an MPI communicator or a {@code ForkJoinPool}:
 *
 * <pre>{@code
 * try (Machine machine = Machine.open(RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).build())) {
 *     for (int k = 0; k < 1000; k++) {
 *         RunResult r = machine.run(p -> {
 *             if (p.rank() == 0) p.sendLong(1, 0, 42);
 *             else p.recvLong(0, 0);
 *         });
 *     }
 * }
 * }</pre>
 *
 * <p>Between runs the processors' threads wait (under the wall clock with a core per processor
 * they keep looking, yielding their cores, for {@value org.logplab.core.runtime.ProcessorPool#IDLE_SPIN_MICROS}
 * us after a run, then park), and their channels, clocks and histograms are reset, not rebuilt: a run of an empty
 * program costs microseconds, not a thread start. Nothing of one run is seen by the next: messages
 * left unreceived are counted in its result ({@link RunResult#inFlight()}) and discarded.
 *
 * <p>The one-shot form {@link #run(RunConfig, Program)} opens a machine, runs the program and
 * closes it.
 *
 * <p><b>Failure.</b> An exception in any processor ends the run promptly: the others are aborted
 * at their next blocking point and {@code run} throws a {@link RunFailedException} naming the rank,
 * with its exception as the cause. If every live processor waits on a receive (or on room to send)
 * that can never be satisfied, the run fails at once with a {@link DeadlockException} saying who
 * waits on whom. A {@linkplain RunConfig#timeout() timeout} ends a run that takes too long. After
 * any of these the machine is ready for the next run; only if a processor does not stop within
 * seconds (a program that never calls the runtime again) is the machine closed, and every later
 * call says why.
 *
 * <p><b>Threads.</b> One run at a time: a second {@code run} while one is on (from another
 * thread, or from a program on this machine) is refused with an {@link IllegalStateException}, as
 * is a run on a closed machine. {@link #close()} may be called from any thread but a processor's;
 * it ends a run in progress and joins every thread of the machine.
 */
public final class Machine implements AutoCloseable {
    private final ProcessorPool pool;

    private Machine(ProcessorPool pool) {
        this.pool = pool;
    }

    /**
     * Opens a machine of {@code config.params().P()} processors; its threads start now and wait for
     * programs.
     */
    public static Machine open(RunConfig config) {
        return new Machine(new ProcessorPool(config, false));
    }

    /**
     * Runs {@code program} with the parameters the machine was opened with.
     *
     * @throws RunFailedException if the run failed (a processor's exception, a deadlock, the timeout)
     * @throws IllegalStateException if the machine is closed or already running a program
     */
    public RunResult run(Program program) {
        return pool.run(pool.config().params(), requireProgram(program));
    }

    /**
     * Runs {@code program} with other parameters {@code L, o, g, G} on the same processors.
     *
     * @throws IllegalArgumentException if {@code params.P()} differs from the machine's
     * @throws RunFailedException if the run failed
     * @throws IllegalStateException if the machine is closed or already running a program
     */
    public RunResult run(LogP params, Program program) {
        return pool.run(params, requireProgram(program));
    }

    /** The configuration the machine was opened with. */
    public RunConfig config() {
        return pool.config();
    }

    /** Whether the machine is closed (by {@link #close()}, or because a processor could not be stopped). */
    public boolean isClosed() {
        return pool.isClosed();
    }

    /**
     * Closes the machine: ends a run in progress (it fails with a message saying so) and joins every
     * processor thread. Idempotent.
     *
     * @throws IllegalStateException if called from one of this machine's processors, or if some
     *     thread would not stop (named, with what it was doing)
     */
    @Override
    public void close() {
        pool.close();
    }

    /** Runs {@code program} once on a new machine configured by {@code config}, then closes it. */
    public static RunResult run(RunConfig config, Program program) {
        requireProgram(program);
        ProcessorPool pool = new ProcessorPool(config, true);
        try {
            return pool.run(config.params(), program);
        } finally {
            pool.close();
        }
    }

    /** Runs {@code program} once on the given clock and threads, without trace or timeout. */
    public static RunResult run(LogP params, ClockKind clock, ThreadKind threads, Program program) {
        return run(RunConfig.builder(params).clock(clock).threads(threads).build(), program);
    }

    /** Runs {@code program} once on the given clock, on virtual threads for the model clock and platform threads for
     * the wall clock. */
    public static RunResult run(LogP params, ClockKind clock, Program program) {
        return run(RunConfig.builder(params).clock(clock).build(), program);
    }

    private static Program requireProgram(Program program) {
        if (program == null) {
            throw new IllegalArgumentException("program must not be null");
        }
        return program;
    }

    @Override
    public String toString() {
        return "Machine[" + pool + "]";
    }
}
