package org.logplab.core;

/**
 * Which clock a run keeps. The same {@link Program} runs under either.
 *
 * <ul>
 *   <li>{@link #MODEL}: exact LogP time in integer model units. No real delay is injected; the
 *       times are a function of the program and the parameters only, identical on any host and
 *       under any thread interleaving ({@link Processor#recvAny()} included).</li>
 *   <li>{@link #WALL}: real nanoseconds on real cores. {@code o} is injected as busy CPU time,
 *       {@code g} as a rate limit between consecutive sends (and receives), {@code L} as a delivery
 *       stamp before which the receiver cannot see the message.</li>
 * </ul>
 */
public enum ClockKind {
    /** Exact, deterministic LogP time in model units. */
    MODEL,
    /** Real time in nanoseconds with injected delays. */
    WALL
}
