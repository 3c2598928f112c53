/**
 * Multi-process runs: the jobs a run of node processes can carry out ({@link
 * org.logplab.bench.cluster.ClusterJob}) and the run every node is given ({@link
 * org.logplab.bench.cluster.ClusterRun}); one node's part of it ({@link org.logplab.bench.cluster.NodeRun}, with the
 * launcher's environment and watch); a launch of local node processes in its phases (refusals, starting and
 * waiting for the processes, gathering their reports, the in-process comparison: {@link
 * org.logplab.bench.cluster.LocalLaunch}); the hop between two node processes beside the transport's one-way time
 * ({@link org.logplab.bench.cluster.HopMeasurement}); and the rows each of these prints. It knows nothing of the
 * command line: a launcher names the command that starts a node ({@link org.logplab.bench.cluster.NodeProcesses}),
 * and progress and warnings go to the notes a caller passes.
 */
package org.logplab.bench.cluster;
