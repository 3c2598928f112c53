/**
 * The message path beside its floor and its peers, as {@code logplab versus} prints it: the
 * runtime's ping-pong, streaming, broadcast and all-reduce against the same operations on a bare
 * SPSC queue ({@link org.logplab.bench.experiment.versus.RawSpsc}), on Open MPI and on MPJ Express,
 * in alternating rounds on one host, with their ratios. Times in nanoseconds per operation.
 */
package org.logplab.bench.experiment.versus;
