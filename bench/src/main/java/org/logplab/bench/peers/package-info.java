/**
 * Measured peers: established systems run on the same host as LogP Lab, so that its costs (or, for
 * LogGOPSim, its predictions) can be read next to theirs. Open MPI and FFTW are each a small C
 * program under {@code bench/peers/}, MPJ Express a small Java program, built and run by a script
 * that prints JSON Lines, exits 3 when the peer's library is not installed, and is run from Java
 * under a timeout (its process tree destroyed when it runs over).
 *
 * <p>{@link org.logplab.bench.peers.MpiPeer} runs Open MPI on 2 ranks through
 * {@code bench/peers/mpi/run.sh} (a small C program, {@code logp_peer.c}) and returns its
 * measurements: 8-byte ping-pong round trip, one-way streaming, broadcast and all-reduce of one
 * double, and the exchange of FFT blocks, all in nanoseconds per operation.
 *
 * <p>{@link org.logplab.bench.peers.MpjPeer} runs MPJ Express, the Java MPI library, on 2 ranks of
 * its multicore device through {@code bench/peers/mpj/run.sh} (a Java program, {@code LogpPeer.java},
 * compiled against the {@code MPJ_HOME} the script lays out from Debian's {@code libmpj-java}): the
 * same tests and JSON Lines as the Open MPI peer's.
 *
 * <p>{@link org.logplab.bench.peers.FftwPeer} runs FFTW through {@code bench/peers/fftw/run.sh}
 * ({@code fftw_peer.c}) and returns, for each size N = 2^k, the time of one 1-D complex forward
 * FFT of N points (in place, {@code FFTW_MEASURE}, one thread) in nanoseconds per transform, and
 * the GFLOP/s it makes (5 N log2 N flops), after checking FFTW's output against a naive DFT.
 *
 * <p>{@link org.logplab.bench.peers.LogGopSimPeer} runs LogGOPSim, the LogGOPS simulator, on a
 * schedule in GOAL: its {@code txt2bin} and {@code LogGOPSim}, built from source by
 * {@code bench/peers/loggopsim/build.sh}, found on the {@code PATH}, in the script's output folder or
 * where the caller says, and its finish times read into a {@link org.logplab.bench.peers.LogGopSimTimes}
 * (in its units, those of the parameters given).
 *
 * <p>{@link org.logplab.bench.peers.MpiRound} is one round of an MPI peer (Open MPI or MPJ Express) in
 * an alternating comparison ({@code logplab versus}): the operations asked, their figures in that
 * order, and a note saying why when the peer is missing or fails.
 */
package org.logplab.bench.peers;
