/**
 * The experiments the commands and the demo run, free of any command-line code, and the rows they
 * make (field names are the JSON contract of the commands that print them): collectives beside
 * their exact predictions ({@link org.logplab.bench.experiment.CollectiveRuns}), summation
 * ({@link org.logplab.bench.experiment.SummationRuns}), the round-based models
 * ({@link org.logplab.bench.experiment.RoundModelRows}), the FFT engines and their sweeps, the
 * load-balancing runs, message paths against bare queues, timed repetitions on a machine that stays
 * up; what a run needs before it starts (heap and time estimates, refused through
 * {@link org.logplab.bench.limits.Limits}); and the one tolerance by which a wall-clock time is
 * judged against its prediction ({@link org.logplab.bench.experiment.WallTolerance}). A command and
 * the demo that print the same experiment call the same code here, so their rows agree. Times are
 * model units under the model clock and nanoseconds under the wall clock, as each class says;
 * progress and notes come in as parameters.
 */
package org.logplab.bench.experiment;
