package org.logplab.net;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * {@link ClusterNode} and the thread that polls the one for the other (and ticks), backing off
 * while a rank that waits for a message polls the transport itself. Every node of the run
 * calls {@link #run} with the same peer list, run id, partition, configuration and program.
 */
public final class AeronNode {
    private AeronNode() {
    }

    /**
     * How a node joins its run.
     *
     * @param route how the nodes reach each other (UDP addresses, or IPC through a shared driver)
     * @param node this node's index
     * @param runId the run's identity: publishers presenting another are rejected
     * @param peerTimeout how long a peer may be silent before the run fails
     * @param connectTimeout how long to wait for every peer to come up
     * @param termLength Aeron's term length (the longest Aeron message is an eighth of it; the cluster sends longer
     * ones in chunks)
     * @param sharedDriver the directory of a running media driver, or null to embed one (UDP only)
     * @param workDir the folder for an embedded driver's directory, or null for the system's temporary folder
     */
    public record Options(AeronTransport.Route route, int node, String runId, Duration peerTimeout,
                          Duration connectTimeout, int termLength, Path sharedDriver, Path workDir) {
        public Options {
            if (node < 0 || node >= route.nodes()) {
                throw new IllegalArgumentException("--node " + node + " is outside 0.." + (route.nodes() - 1));
            }
        }

        /** Options with the embedded driver's directory in the system's temporary folder. */
        public Options(AeronTransport.Route route, int node, String runId, Duration peerTimeout,
                       Duration connectTimeout, int termLength, Path sharedDriver) {
            this(route, node, runId, peerTimeout, connectTimeout, termLength, sharedDriver, null);
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
     * @param discardedAfterFailure messages that arrived after the run had failed here
     * @param incompleteFrames frames longer than one Aeron message dropped before their last chunk
     *     came (a chunk out of turn, or a sender lost mid-frame)
     */
    public record Outcome(RunResult result, RunFailedException failure, long unknownPeerFrames, long malformedFrames,
                          long misaddressedFrames, String lastRejection, long discardedAfterFailure,
                          long incompleteFrames) {
    }

    /**
     * Runs this node's ranks of {@code program}; returns when the whole run has ended here.
     *
     * @param progress told, in words, when every peer has connected
     */
    public static Outcome run(Options options, Partition partition, RunConfig config, WireCodec codec, Program program,
                              Consumer<String> progress) throws IOException {
        return run(options, partition, config, codec, program, progress, new CompletableFuture<>());
    }

    /**
     * As {@link #run(Options, Partition, RunConfig, WireCodec, Program, Consumer)}; when {@code stop}
     * completes with a reason before the run has ended, the run fails with it here and on every
     * other node (as when this node's transport gives up).
     */
    public static Outcome run(Options options, Partition partition, RunConfig config, WireCodec codec, Program program,
                              Consumer<String> progress, CompletionStage<String> stop) throws IOException {
        if (partition.nodes() != options.route().nodes()) {
            throw new IllegalArgumentException("the partition has " + partition.nodes() + " nodes but the route "
                    + options.route().nodes());
        }
        try (AeronTransport transport = new AeronTransport(options.route(), options.node(), options.runId(),
                options.termLength(), options.sharedDriver(), options.workDir())) {
            ClusterNode cluster = new ClusterNode(partition, options.node(), config, codec, transport,
                    options.peerTimeout(), options.connectTimeout());
            // A stop that comes after the run has ended here must not touch the closing transport.
            Object closing = new Object();
            boolean[] over = {false};
            CompletableFuture<String> stopped = stop.toCompletableFuture();
            stopped.thenAccept(reason -> {
                synchronized (closing) {
                    if (!over[0]) {
                        cluster.abort(reason);
                    }
                }
            });
            Thread agent = Thread.ofPlatform().daemon(true).name("logplab-transport").start(() -> {
                String missing;
                try {
                    missing = transport.connect(cluster::onFrame, options.connectTimeout().toNanos(), () -> {
                        if (stopped.isDone()) {
                            throw new StoppedWhileConnecting();
                        }
                    });
                } catch (StoppedWhileConnecting e) {
                    missing = ""; // the stop has failed the run; the loop below tells the peers
                }
                if (missing == null) {
                    progress.accept("node " + options.node() + ": connected to every peer");
                } else if (!missing.isEmpty()) {
                    cluster.abort("peers did not connect within " + options.connectTimeout().toMillis() + " ms: "
                            + missing);
                }
                BackoffIdleStrategy idle = AeronTransport.idleStrategy();
                try {
                    while (!cluster.finished()) {
                        // 0 while a waiting rank polls the transport: this thread backs off to parks.
                        idle.idle(cluster.serve());
                    }
                } catch (RuntimeException e) {
                    // The media driver or the client failed (a shared driver's process died, say):
                    // end the run here and keep ticking until the failure has been told.
                    cluster.abort("the Aeron transport failed: " + e);
                    while (!cluster.finished()) {
                        cluster.tick();
                        java.util.concurrent.locks.LockSupport.parkNanos(10_000_000);
                    }
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
            synchronized (closing) {
                over[0] = true;
            }
            String why = transport.lastRejection() != null ? transport.lastRejection() : cluster.lastRejection();
            return new Outcome(result, failure, transport.unknownPeerFrames(), cluster.malformedFrames(),
                    cluster.misaddressedFrames(), why, cluster.discardedAfterFailure(), cluster.incompleteFrames());
        }
    }

    /** Ends a node's wait for its peers when it is told to stop. */
    private static final class StoppedWhileConnecting extends RuntimeException {
        StoppedWhileConnecting() {
            super(null, null, false, false);
        }
    }
}
