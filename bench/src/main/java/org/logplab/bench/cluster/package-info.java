/**
 * Runs split over several processes, as {@code logplab node} and {@code logplab launch} drive
 * them: the jobs a multi-process run can carry out ({@link org.logplab.bench.cluster.ClusterJob}),
 * the node processes one host starts and cleans up after
 * ({@link org.logplab.bench.cluster.NodeProcesses}), which node this process is when
 * {@code mpirun} or {@code srun} started it, and the watch that ends a node whose launcher has
 * gone. The transport-neutral cluster layer is {@code org.logplab.core.cluster}.
 */
package org.logplab.bench.cluster;
