/**
 * The experiments the commands and the demo run, free of any command-line code, one subpackage per
 * job: {@code collective} (collectives, summation and the round-based models beside their exact
 * predictions, and the model clock at scale), {@code fft} (the FFT engines and their speedup
 * sweeps), {@code balance} (the load-balancing runs and sweeps), {@code measure} (the host's and a
 * transport's LogP parameters, ping-pong and Hockney fits, Aeron's stream layouts) and
 * {@code versus} (the message path beside its floor and Open MPI). Each makes the rows its command
 * prints (field names are the JSON contract), checks before it starts what the heap or the time
 * limit cannot hold, and takes progress and notes as parameters. A command and the demo that
 * print the same experiment call the same code, so their rows agree.
 *
 * <p>This package holds what they share: repetitions timed on a machine that stays up
 * ({@link org.logplab.bench.experiment.TimedRepetitions}), latency histograms as they are printed
 * ({@link org.logplab.bench.experiment.LatencyFigures}), and the one tolerance by which a wall-clock
 * time is judged against its prediction ({@link org.logplab.bench.experiment.WallTolerance}). Times
 * are model units under the model clock and nanoseconds under the wall clock, as each class says.
 */
package org.logplab.bench.experiment;
