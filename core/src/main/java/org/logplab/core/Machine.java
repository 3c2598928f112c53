package org.logplab.core;

import org.logplab.core.runtime.Run;

/**
 * The LogP machine: runs one {@link Program} on {@code P} processors, each on its own platform or
 * virtual thread, exchanging messages through lock-free SPSC channels, and waits for all of them.
 *
 * <pre>{@code
 * LogP params = LogP.of(6, 2, 4, 2);              // L, o, g, P in model units
 * RunResult r = Machine.run(params, ClockKind.MODEL, p -> {
 *     if (p.rank() == 0) p.send(1, 0, 42L);
 *     else p.recv(0);
 * });
 * assert r.finishTime(1) == params.L() + 2 * params.o();
 * }</pre>
 *
 * <p><b>Failure.</b> An exception in any processor ends the whole run promptly: the others are
 * aborted at their next blocking point, every thread is joined, and {@code run} throws a
 * {@link RunFailedException} naming the rank, with its exception as the cause. If every live
 * processor waits on a receive (or on room to send) that can never be satisfied, the run fails at
 * once with a {@link DeadlockException} saying who waits on whom. A {@linkplain RunConfig#timeout()
 * timeout} ends a run that takes too long.
 *
 * <p>Thread-safe: independent runs may execute concurrently.
 */
public final class Machine {
    private Machine() {
    }

    /** Runs {@code program} as {@code config} says. */
    public static RunResult run(RunConfig config, Program program) {
        if (program == null) {
            throw new IllegalArgumentException("program must not be null");
        }
        return Run.execute(config, program);
    }

    /** Runs {@code program} on the given clock and threads, without trace or timeout. */
    public static RunResult run(LogP params, ClockKind clock, ThreadKind threads, Program program) {
        return run(RunConfig.builder(params).clock(clock).threads(threads).build(), program);
    }

    /** Runs {@code program} on the given clock, on virtual threads for the model clock and platform threads for the wall clock. */
    public static RunResult run(LogP params, ClockKind clock, Program program) {
        return run(RunConfig.builder(params).clock(clock).build(), program);
    }
}
