/**
 * The experiments the commands and the demo run, free of any command-line code: runners that time
 * or simulate an algorithm on the LogP runtime or beside its peers (the FFT engines and their
 * sweeps, the load-balancing runs, message paths, collectives' repetitions), the rows they make
 * (field names are the JSON contract of the commands that print them), the models' predictions
 * beside them, and what a run needs before it starts (heap, time estimates, refused through
 * {@link org.logplab.bench.limits.Limits}). Times are model units under the model clock and
 * nanoseconds under the wall clock, as each class says; progress and notes come in as parameters.
 */
package org.logplab.bench.experiment;
