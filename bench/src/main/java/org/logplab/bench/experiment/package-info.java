/**
 * The runs behind the commands and the demo, and the rows they make: collectives beside their
 * exact predictions ({@link org.logplab.bench.experiment.CollectiveRuns}), summation
 * ({@link org.logplab.bench.experiment.SummationRuns}), the round-based models
 * ({@link org.logplab.bench.experiment.RoundModelRows}), FFT and load-balancing sweeps, message
 * paths against bare queues, timed repetitions on a machine that stays up; and the one tolerance
 * by which a wall-clock time is judged against its prediction
 * ({@link org.logplab.bench.experiment.WallTolerance}). A command and the demo that print the same
 * experiment call the same code here, so their rows agree. Wall-clock figures are in nanoseconds,
 * model times in model units.
 */
package org.logplab.bench.experiment;
