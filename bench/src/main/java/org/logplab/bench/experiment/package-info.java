/**
 * The timed experiments behind the commands and benchmarks: wall-clock repetitions inside one run
 * ({@link org.logplab.bench.experiment.TimedRepetitions}), the message path's elementary
 * operations on the runtime and on the floor of a plain SPSC queue
 * ({@link org.logplab.bench.experiment.MessagePath}, {@link org.logplab.bench.experiment.RawSpsc}),
 * the FFT engines compared by {@code logplab fft}, and the baselines the seed papers' algorithms
 * are set against (a binary-tree broadcast, a naive summation) with their exact model times.
 * Wall-clock figures are in nanoseconds, model times in model units.
 */
package org.logplab.bench.experiment;
