/**
 * The runtime behind {@link org.logplab.core.Machine}: one thread per processor
 * ({@code ProcessorImpl}, the {@link org.logplab.core.Processor} API and its message path),
 * lock-free single-producer single-consumer channels between each pair, a clock per processor
 * (model units or nanoseconds), and a {@code Coordinator} per run that blocks and wakes processors,
 * resolves model-clock {@code recvAny} at quiescence ({@link org.logplab.core.runtime.RecvAnyRule},
 * {@code RecvAnyChoice}) and detects deadlocks. {@link org.logplab.core.runtime.ProcessorPool} is
 * the entry point for {@code Machine} only; {@link org.logplab.core.runtime.NodeRun} is a cluster
 * node's share of a run, driven by the {@code org.logplab.core.cluster} package.
 */
package org.logplab.core.runtime;
