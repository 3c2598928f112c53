/**
 * The LogP machine as programs use it: the parameters ({@link org.logplab.core.LogP}), a
 * {@link org.logplab.core.Program} that every {@link org.logplab.core.Processor} runs (a
 * {@link org.logplab.core.PredictedProgram} also predicts its own makespan), the
 * {@link org.logplab.core.Machine} that runs it as a {@link org.logplab.core.RunConfig} says, under
 * the model clock (exact, in integer model units) or the wall clock (nanoseconds, with {@code L},
 * {@code o} and {@code g} injected), and what a run returns: a {@link org.logplab.core.RunResult}
 * with finish times, message counts, latencies and, when asked, a {@link org.logplab.core.Trace}
 * exportable as Chrome trace JSON. The model is that of Culler, Karp, Patterson, Sahay, Schauser,
 * Santos, Subramonian and von Eicken, <i>LogP: Towards a Realistic Model of Parallel
 * Computation</i>, PPoPP 1993, with the exact rules of docs/algorithms.md §1. The runtime behind
 * {@code Machine} is {@code org.logplab.core.runtime}, which depends on this package in turn.
 */
package org.logplab.core;
