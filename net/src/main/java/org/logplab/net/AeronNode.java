package org.logplab.net;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.cluster.ClusterNode;
import org.logplab.core.cluster.Partition;
import org.logplab.core.wire.WireCodec;

/**
 * Runs one node's ranks of a cluster run over Aeron: an {@link AeronTransport}, a
 * {@link ClusterNode} and the thread that polls the one for the other. Every node of the run
 * calls {@link #run} with the same peer list, run id, partition, configuration and program.
 */
public final class AeronNode {
    private AeronNode() {
    }

    /**
     * How a node joins its run.
     *
     * @param peers every node's address, node {@code i} the {@code i}-th
     * @param node this node's index
     * @param runId the run's identity: publishers presenting another are rejected
     * @param peerTimeout how long a peer may be silent before the run fails
     * @param connectTimeout how long to wait for every peer to come up
     * @param termLength Aeron's term length (the longest message is an eighth of it)
     */
    public record Options(List<PeerAddress> peers, int node, String runId, Duration peerTimeout, Duration connectTimeout,
                          int termLength) {
        public Options {
            peers = List.copyOf(peers);
            if (node < 0 || node >= peers.size()) {
                throw new IllegalArgumentException("--node " + node + " is outside 0.." + (peers.size() - 1) + " (the peer list has "
                        + peers.size() + " entries)");
            }
        }
    }

    /**
     * One node's outcome.
     *
     * @param result the run's result (every rank's times and counts; this node's latencies), or null if it failed
     * @param failure why the run failed, or null
     * @param unknownPeerFrames frames rejected because their publisher was not a configured peer of this run
     * @param malformedFrames frames from peers that did not decode
     * @param misaddressedFrames frames from peers naming ranks they may not use
     * @param lastRejection why the latest frame was rejected, or null
     */
    public record Outcome(RunResult result, RunFailedException failure, long unknownPeerFrames, long malformedFrames,
                          long misaddressedFrames, String lastRejection) {
    }

    /** Runs this node's ranks of {@code program}; returns when the whole run has ended here. */
    public static Outcome run(Options options, Partition partition, RunConfig config, WireCodec codec, Program program)
            throws IOException {
        if (partition.nodes() != options.peers().size()) {
            throw new IllegalArgumentException("the partition has " + partition.nodes() + " nodes but the peer list "
                    + options.peers().size());
        }
        try (AeronTransport transport = new AeronTransport(options.peers(), options.node(), options.runId(), options.termLength())) {
            ClusterNode cluster = new ClusterNode(partition, options.node(), config, codec, transport,
                    options.peerTimeout(), options.connectTimeout());
            Thread agent = Thread.ofPlatform().daemon(true).name("logplab-transport").start(() -> {
                String missing = transport.connect(cluster::onFrame, options.connectTimeout().toNanos(), () -> { });
                if (missing != null) {
                    cluster.abort("peers did not connect within " + options.connectTimeout().toMillis() + " ms: " + missing);
                }
                BackoffIdleStrategy idle = AeronTransport.idleStrategy();
                while (!cluster.finished()) {
                    int n = transport.poll();
                    cluster.tick();
                    idle.idle(n);
                }
            });
            RunResult result = null;
            RunFailedException failure = null;
            try {
                result = cluster.run(program);
            } catch (RunFailedException e) {
                failure = e;
            }
            try {
                agent.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String why = transport.lastRejection() != null ? transport.lastRejection() : cluster.lastRejection();
            return new Outcome(result, failure, transport.unknownPeerFrames(), cluster.malformedFrames(),
                    cluster.misaddressedFrames(), why);
        }
    }
}
