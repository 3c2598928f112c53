package org.logplab.net;

import io.aeron.driver.MediaDriver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import org.HdrHistogram.Histogram;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.cluster.Partition;
import org.logplab.core.measure.PingPong;
import org.logplab.core.wire.WireCodec;

/**
 * Ping-pong between two ranks on two cluster nodes of this JVM, each node with its own
 * {@link AeronTransport}: the whole path a message takes between processes (the wire codec, the
 * frame kind, chunks for a message longer than Aeron's longest, reassembly, delivery to a waiting
 * rank), to set beside the transport's own times ({@link AeronPingPong}). Wall clock, nothing
 * injected; rank 0 sends a {@code byte[]} of the size (random bytes), rank 1 sends it back, and
 * rank 0 checks, after timing the round trip, that every byte came back. One-way time = round trip / 2, ns.
 */
public final class ClusterPingPong {
    private ClusterPingPong() {
    }

    /**
     * One-way times of {@code reps} round trips per size after {@code warmup} unrecorded ones.
     *
     * @param sizes message sizes in bytes, any non-negative size
     * @throws RunFailedException if the two nodes' run failed
     */
    public static PingPong.Result[] run(AeronPingPong.Medium medium, int[] sizes, int warmup,
            int reps) throws IOException,
            InterruptedException {
        return run(medium, sizes, warmup, reps, i -> { });
    }

    /**
     * The same, telling {@code starting} the index into {@code sizes} of each size before its
     * round trips start (for a progress display), on the thread of rank 0.
     */
    public static PingPong.Result[] run(AeronPingPong.Medium medium, int[] sizes, int warmup, int reps,
            IntConsumer starting)
            throws IOException, InterruptedException {
        for (int size : sizes) {
            if (size < 0) {
                throw new IllegalArgumentException("message sizes are at least 0 bytes, got " + size);
            }
        }
        if (reps < 1 || warmup < 0) {
            throw new IllegalArgumentException("need at least 1 repetition and no negative warm-up, got " + reps
                    + " and " + warmup);
        }
        Histogram[] oneWay = new Histogram[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            oneWay[i] = new Histogram(3);
        }
        Program program = p -> {
            for (int s = 0; s < sizes.length; s++) {
                if (p.rank() == 0) {
                    starting.accept(s);
                }
                byte[] payload = new byte[sizes[s]];
                new java.util.SplittableRandom(s).nextBytes(payload);
                for (int i = 0; i < warmup + reps; i++) {
                    if (p.rank() == 0) {
                        long start = System.nanoTime();
                        p.send(1, s, payload);
                        Message back = p.recv(1);
                        if (i >= warmup) {
                            oneWay[s].recordValue(Math.max(1, (System.nanoTime() - start) / 2));
                        }
                        if (!java.util.Arrays.equals((byte[]) back.payload(), payload)) {
                            throw new IllegalStateException("a " + sizes[s] + "-byte message came back changed");
                        }
                    } else {
                        Message m = p.recv(0);
                        p.send(0, s, m.payload());
                    }
                }
            }
        };
        RunConfig config = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).timeout(Duration.ofMinutes(10))
                .build();
        Partition partition = Partition.blocks(2, 2);
        MediaDriver shared = medium == AeronPingPong.Medium.IPC ? AeronTransport.sharedDriver() : null;
        AeronTransport.Route route = shared != null ? new AeronTransport.Route.Ipc(2)
                : new AeronTransport.Route.Udp(PeerAddress.loopback(2));
        Path driverDir = shared == null ? null : Path.of(shared.aeronDirectoryName());
        ExecutorService nodes = Executors.newFixedThreadPool(2);
        try {
            List<Future<AeronNode.Outcome>> outcomes = new ArrayList<>();
            for (int node = 0; node < 2; node++) {
                AeronNode.Options options = new AeronNode.Options(route, node, "pingpong-" + ProcessHandle.current()
                        .pid(),
                        Duration.ofSeconds(10), Duration.ofSeconds(30), AeronTransport.DEFAULT_TERM_LENGTH, driverDir);
                outcomes.add(nodes.submit(() -> AeronNode.run(options, partition, config, new WireCodec(), program,
                        s -> { })));
            }
            for (Future<AeronNode.Outcome> f : outcomes) {
                AeronNode.Outcome o = f.get();
                if (o.failure() != null) {
                    throw o.failure();
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a ping-pong node failed: " + e.getCause(), e.getCause());
        } finally {
            nodes.shutdownNow();
            if (shared != null) {
                shared.close();
                AeronTransport.deleteDir(driverDir.getParent());
            }
        }
        PingPong.Result[] results = new PingPong.Result[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            results[i] = new PingPong.Result(sizes[i], oneWay[i]);
        }
        return results;
    }
}
