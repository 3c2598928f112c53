/**
 * Refusals before any work starts: a run whose processors the heap cannot hold
 * ({@link org.logplab.bench.limits.ProcessorHeap}; for a node's block of a cluster job, the
 * cluster package's {@code NodeHeap}),
 * one estimated beyond its time limit ({@link org.logplab.bench.limits.Limits#time}), a path that
 * cannot be read or written ({@link org.logplab.bench.limits.OutputPaths}). Each refusal is an
 * {@link IllegalArgumentException} (exit 2) that names the need, the limit and how to raise it.
 */
package org.logplab.bench.limits;
