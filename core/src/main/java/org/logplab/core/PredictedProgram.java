package org.logplab.core;

/**
 * A {@link Program} that carries its own analysis: {@link #predict} says how long a run of it takes
 * on a LogP machine, so that a run can be checked against it ({@code logplab run} does: exactly
 * under the model clock, within the wall clock's tolerance under the wall clock).
 *
 * <pre>{@code
 * public final class Ring implements PredictedProgram {
 *     public void run(Processor p) {
 *         int next = (p.rank() + 1) % p.size();
 *         int prev = (p.rank() + p.size() - 1) % p.size();
 *         if (p.rank() == 0) { p.sendLong(next, 0, 1); p.recvLong(prev, 0); }
 *         else { p.sendLong(next, 0, p.recvLong(prev, 0) + 1); }
 *     }
 *
 *     // one token goes round: P hops of L + 2o each
 *     public long predict(LogP params) {
 *         return params.P() * params.messageTime();
 *     }
 * }
 * }</pre>
 */
public interface PredictedProgram extends Program {
    /**
     * The makespan (the latest finish time of any processor) that the program's analysis predicts
     * for a run with {@code params}: in model units for a model-clock run, in nanoseconds for a
     * wall-clock run (the same formula over parameters in ns). Called outside any run, on any
     * thread; it must not run the program.
     */
    long predict(LogP params);
}
