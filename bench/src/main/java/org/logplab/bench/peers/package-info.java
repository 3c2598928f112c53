/**
 * Measured peers: established message-passing systems run on the same host as LogP Lab, so that
 * its LogP processors' costs can be read next to theirs.
 *
 * <p>{@link org.logplab.bench.peers.MpiPeer} runs Open MPI on 2 ranks through
 * {@code bench/peers/mpi/run.sh} (a small C program, {@code logp_peer.c}) and returns its
 * measurements: 8-byte ping-pong round trip, one-way streaming, broadcast and all-reduce of one
 * double, and the exchange of FFT blocks, all in nanoseconds per operation.
 */
package org.logplab.bench.peers;
