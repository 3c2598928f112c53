/**
 * The runtime behind {@link org.logplab.core.Machine}: a pool of processors, one thread each,
 * kept between runs ({@link org.logplab.core.runtime.ProcessorPool}); a bounded lock-free
 * single-producer single-consumer channel per ordered pair of processors; per-processor clocks
 * that apply the LogP rules exactly (model clock, integer model units) or inject them into real
 * time (wall clock, nanoseconds); and a coordinator that blocks and wakes processors, resolves
 * {@code recvAny} deterministically under the model clock and detects deadlocks. Programs use
 * {@code Machine}, not this package; its other public types ({@link org.logplab.core.runtime.NodeRun},
 * {@link org.logplab.core.runtime.RemoteRanks}, {@link org.logplab.core.runtime.NodeSnapshot},
 * {@link org.logplab.core.runtime.RankTotals}, {@link org.logplab.core.runtime.RecvAnyRule}) are
 * what the cluster layer drives to split one run over several processes.
 */
package org.logplab.core.runtime;
