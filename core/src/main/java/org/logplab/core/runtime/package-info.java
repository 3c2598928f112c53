/**
 * The runtime behind {@link org.logplab.core.Machine}: a pool of processors on threads
 * ({@link org.logplab.core.runtime.ProcessorPool}), the channel of every ordered pair of them (a
 * lock-free single-producer single-consumer ring of reused entries that grows by doubling, with a
 * sending and a receiving end that each side keeps to itself), the model and wall clocks, and the
 * coordinator of a run, which blocks a processor that has nothing to do, wakes it when a message or
 * room arrives, lets model-clock {@code recvAny} waiters go at quiescence and reports deadlocks.
 * {@link org.logplab.core.runtime.NodeRun} and the types around it are what a cluster's transport
 * needs to run a block of ranks in one process; everything else is package-private.
 */
package org.logplab.core.runtime;
