/**
 * The runs behind the commands and the rows they make, each class with one job: recovering LogP
 * parameters with the PRTT estimator in process and over Aeron
 * ({@link org.logplab.bench.experiment.HostPrtt}, {@link org.logplab.bench.experiment.TransportPrtt},
 * their cost {@link org.logplab.bench.experiment.PrttCost} and rows
 * {@link org.logplab.bench.experiment.PrttRows}), ping-pong over sizes
 * ({@link org.logplab.bench.experiment.PingPongSweep}), Aeron's stream layouts
 * ({@link org.logplab.bench.experiment.StreamLayoutRuns}), the message path beside its floor and
 * Open MPI ({@link org.logplab.bench.experiment.VersusRounds}), the model clock's scale
 * ({@link org.logplab.bench.experiment.ScaleSweep}), FFT engines, timed repetitions on a machine that
 * stays up, and the tolerance by which a wall-clock time is judged against its prediction. A run
 * refuses, before it starts, what the heap or the time limit cannot hold (an
 * {@link java.lang.IllegalArgumentException}); progress and notes for people are given to it, so
 * that nothing here depends on the command line. Times are nanoseconds on the wall clock, model
 * units on the model clock.
 */
package org.logplab.bench.experiment;
