package org.logplab.core;

/**
 * The code every processor of a run executes, SPMD style: it learns who it is from
 * {@link Processor#rank()} and talks to the others through the processor.
 *
 * <pre>{@code
 * Program ring = p -> {
 *     int next = (p.rank() + 1) % p.size();
 *     int prev = (p.rank() + p.size() - 1) % p.size();
 *     if (p.rank() == 0) { p.send(next, 0, 1L); p.recv(prev); }
 *     else { long hops = p.recv(prev).asLong(); p.send(next, 0, hops + 1); }
 * };
 * }</pre>
 *
 * <p>Any exception thrown ends the whole run promptly; {@link Machine} rethrows it wrapped in a
 * {@link RunFailedException} that names the rank.
 */
@FunctionalInterface
public interface Program {
    /** Runs on the processor's own thread; {@code p} is valid only for the duration of the call. */
    void run(Processor p) throws Exception;
}
