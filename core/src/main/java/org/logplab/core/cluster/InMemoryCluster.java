package org.logplab.core.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.wire.WireCodec;

/**
 * The nodes of one cluster run inside this JVM, each with its own transport thread, exchanging
 * frames as byte copies through in-memory queues, which a waiting rank polls too (as over Aeron):
 * the whole cluster protocol (wire codec, reports, let-go, heartbeats) without a network. For
 * testing that a program runs unchanged across processes, with the same results and model times,
 * before deploying it on hosts. A node can be
 * {@linkplain #silence silenced} (its thread stops and its frames vanish), as if its process were killed.
 */
public final class InMemoryCluster {
    /**
     * What one node's {@link ClusterNode#run} gave.
     *
     * @param result the run's result, or null if it failed
     * @param failure the failure, or null
     * @param node the node, for its counters
     */
    public record Outcome(RunResult result, RuntimeException failure, ClusterNode node) {
    }

    private record Frame(int from, byte[] bytes) {
    }

    private final ClusterNode[] nodes;
    private final List<ConcurrentLinkedQueue<Frame>> inboxes = new ArrayList<>();
    private final java.util.concurrent.atomic.AtomicIntegerArray silenced;
    private volatile long jitterNanos;
    private volatile int maxFrameLength = 1 << 24;

    /**
     * The nodes of {@code partition} for one run of {@code config}.
     *
     * @param codec the frames' codec (register the programs' payload types)
     * @param peerTimeout how long a node may be silent before the others fail the run
     */
    public InMemoryCluster(Partition partition, RunConfig config, WireCodec codec, Duration peerTimeout) {
        int n = partition.nodes();
        nodes = new ClusterNode[n];
        silenced = new java.util.concurrent.atomic.AtomicIntegerArray(n);
        for (int i = 0; i < n; i++) {
            inboxes.add(new ConcurrentLinkedQueue<>());
        }
        for (int i = 0; i < n; i++) {
            int me = i;
            Transport t = new Transport() {
                @Override
                public boolean send(int node, DirectBuffer buffer, int offset, int length) {
                    if (length > maxFrameLength()) {
                        throw new IllegalArgumentException("frame of " + length + " bytes");
                    }
                    if (silenced.get(me) != 0 || silenced.get(node) != 0) {
                        return true;
                    }
                    byte[] copy = new byte[length];
                    buffer.getBytes(offset, copy);
                    inboxes.get(node).add(new Frame(me, copy));
                    return true;
                }

                @Override
                public int poll() {
                    return deliver(me);
                }

                @Override
                public int maxFrameLength() {
                    return maxFrameLength;
                }
            };
            nodes[i] = new ClusterNode(partition, i, config, codec, t, peerTimeout, Duration.ofSeconds(20));
        }
    }

    /**
     * Delays each frame's delivery by a random pause of up to {@code maxNanos} (0: none, the
     * default), so that frames and the nodes' own events interleave differently in every run.
     */
    public InMemoryCluster jitter(long maxNanos) {
        if (maxNanos < 0) {
            throw new IllegalArgumentException("jitter must not be negative, got " + maxNanos);
        }
        this.jitterNanos = maxNanos;
        return this;
    }

    /**
     * Makes the in-memory transport carry frames of at most {@code bytes} (16 MiB by default), so
     * that longer ones go in chunks as over a real transport. Call before {@link #run}.
     */
    public InMemoryCluster maxFrameLength(int bytes) {
        if (bytes < 64) {
            throw new IllegalArgumentException("the longest frame must be at least 64 bytes, got " + bytes);
        }
        this.maxFrameLength = bytes;
        return this;
    }

    /** Node {@code i}. */
    public ClusterNode node(int i) {
        return nodes[i];
    }

    /** Stops node {@code i}'s transport thread and drops everything to and from it. */
    public void silence(int i) {
        silenced.set(i, 1);
    }

    /** Hands {@code bytes} to node {@code to} as if node {@code from} had sent them. */
    public void inject(int from, int to, byte[] bytes) {
        inboxes.get(to).add(new Frame(from, bytes));
    }

    /**
     * Runs {@code program} on every node, once; one outcome per node (a silenced node's says so
     * at once: nobody waits for a killed process).
     */
    public List<Outcome> run(Program program) throws InterruptedException {
        int n = nodes.length;
        ExecutorService pool = Executors.newFixedThreadPool(2 * n);
        try {
            List<Future<?>> agents = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int me = i;
                agents.add(pool.submit(() -> agent(me)));
            }
            List<Future<Outcome>> outcomes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ClusterNode node = nodes[i];
                outcomes.add(pool.submit(() -> {
                    try {
                        return new Outcome(node.run(program), null, node);
                    } catch (RuntimeException e) {
                        return new Outcome(null, e, node);
                    }
                }));
            }
            List<Outcome> result = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (silenced.get(i) == 0) {
                    result.add(get(outcomes.get(i)));
                    get(agents.get(i));
                } else {
                    result.add(null);
                }
            }
            // A silenced node is a killed process: nobody waits for it.
            for (int i = 0; i < n; i++) {
                if (silenced.get(i) != 0) {
                    result.set(i, new Outcome(null, new IllegalStateException("node " + i + " was silenced"),
                            nodes[i]));
                }
            }
            return result;
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> T get(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("a node's thread failed", e.getCause());
        }
    }

    private void agent(int me) {
        ClusterNode node = nodes[me];
        while (!node.finished() && silenced.get(me) == 0) {
            if (node.serve() == 0) {
                LockSupport.parkNanos(20_000);
            }
        }
    }

    /** The transport's poll of node {@code me}: hands it the next frame of its inbox, if any (under its turn). */
    private int deliver(int me) {
        if (silenced.get(me) != 0) {
            return 0;
        }
        Frame f = inboxes.get(me).poll();
        if (f == null) {
            return 0;
        }
        if (silenced.get(f.from()) == 0) {
            long jitter = jitterNanos;
            if (jitter > 0) {
                LockSupport.parkNanos(java.util.concurrent.ThreadLocalRandom.current().nextLong(jitter + 1));
            }
            nodes[me].onFrame(f.from(), new UnsafeBuffer(f.bytes()), 0, f.bytes().length);
        }
        return 1;
    }
}
