/**
 * Runs whose ranks span several processes ("nodes"), each running a block of ranks
 * ({@link org.logplab.core.cluster.Partition}) and exchanging frames through a
 * {@link org.logplab.core.cluster.Transport} (Aeron in the {@code net} module,
 * {@link org.logplab.core.cluster.InMemoryCluster} in tests).
 * {@link org.logplab.core.cluster.ClusterNode} is one node's part of a run; behind it, one class
 * per job of the protocol: the start ({@code Handshake}), the phases ({@code RunPhases}), data
 * frames between ranks ({@code RankRouter}), checks on inbound frames ({@code FrameChecks}),
 * heartbeats and silent peers ({@code PeerLiveness}), quiescent reports to node 0 and its
 * decisions ({@code QuiescenceReports}, {@code ClusterCoordinator}), failures ({@code FailureSpread}),
 * and the frames themselves ({@code FrameKind}, {@code ControlCodecs}, {@code FrameSplitter}).
 */
package org.logplab.core.cluster;
