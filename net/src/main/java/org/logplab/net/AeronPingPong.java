package org.logplab.net;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.FragmentHandler;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.Message;
import org.logplab.core.measure.PingPong;
import org.logplab.core.wire.WireCodec;

/**
 * Ping-pong over Aeron between two threads of this JVM, through an embedded media driver: the
 * transport's own one-way times, to set beside the in-process channels'
 * ({@link PingPong}). Every message is a {@link WireCodec} frame with a {@code byte[]} payload of
 * the measured size; the echo thread decodes each frame (checking it) and encodes the answer, so
 * the codec's cost is in the times. One-way time = round trip / 2, ns.
 *
 * <p>{@link Medium#IPC} goes through shared memory ({@code aeron:ipc}); {@link Medium#UDP} through
 * the loopback interface ({@code aeron:udp?endpoint=127.0.0.1:port}, two free ports), so it also
 * pays the driver's sender and receiver and the kernel. The driver runs its agents on one thread
 * that backs off when idle, and the two application threads yield while they wait: with three
 * busy threads on two cores the driver would starve and UDP would stall. The driver's files live
 * in a fresh temporary directory removed at the end.
 */
public final class AeronPingPong {
    /** How the two threads talk. */
    public enum Medium {
        /** Shared memory between processes (here, threads): {@code aeron:ipc}. */
        IPC,
        /** UDP over the loopback interface. */
        UDP;

        /** The medium named {@code aeron-ipc} or {@code aeron-udp}. */
        public static Medium parse(String transport) {
            return switch (transport.toLowerCase(Locale.ROOT)) {
                case "aeron-ipc" -> IPC;
                case "aeron-udp" -> UDP;
                default -> throw new IllegalArgumentException("unknown transport '" + transport + "': use inprocess, aeron-ipc or aeron-udp");
            };
        }
    }

    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;
    private static final long CONNECT_NANOS = 10_000_000_000L;

    private AeronPingPong() {
    }

    /**
     * One-way times of {@code reps} round trips per size after {@code warmup} unrecorded ones.
     *
     * @throws IllegalArgumentException for a size below 0 or above 1 MiB, or reps below 1
     * @throws IllegalStateException if the two ends do not connect within 10 s
     */
    public static PingPong.Result[] run(Medium medium, int[] sizes, int warmup, int reps) throws IOException, InterruptedException {
        for (int size : sizes) {
            if (size < 0 || size > (1 << 20)) {
                throw new IllegalArgumentException("message sizes are 0..1 MiB over Aeron here, got " + size);
            }
        }
        if (reps < 1 || warmup < 0) {
            throw new IllegalArgumentException("need at least 1 repetition and no negative warm-up, got " + reps + " and " + warmup);
        }
        Path dir = Files.createTempDirectory("logplab-aeron-");
        MediaDriver.Context driverContext = new MediaDriver.Context()
                .aeronDirectoryName(dir.resolve("driver").toString())
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy());
        try (MediaDriver driver = MediaDriver.launchEmbedded(driverContext);
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()))) {
            String ping = channel(medium);
            String pong = channel(medium);
            try (Publication pingOut = aeron.addPublication(ping, PING_STREAM);
                 Subscription pingIn = aeron.addSubscription(ping, PING_STREAM);
                 Publication pongOut = aeron.addPublication(pong, PONG_STREAM);
                 Subscription pongIn = aeron.addSubscription(pong, PONG_STREAM)) {
                awaitConnected(pingOut, pongOut);
                PingPong.Result[] results = new PingPong.Result[sizes.length];
                for (int i = 0; i < sizes.length; i++) {
                    results[i] = measure(sizes[i], warmup, reps, pingOut, pingIn, pongOut, pongIn);
                }
                return results;
            }
        } finally {
            deleteQuietly(dir);
        }
    }

    private static PingPong.Result measure(int size, int warmup, int reps, Publication pingOut, Subscription pingIn,
            Publication pongOut, Subscription pongIn) throws InterruptedException {
        int total = warmup + reps;
        WireCodec codec = new WireCodec();
        Thread echo = Thread.ofPlatform().name("aeron-echo").start(() -> {
            UnsafeBuffer out = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES + size]);
            int[] seen = {0};
            FragmentHandler answer = new FragmentAssembler((buffer, offset, length, header) -> {
                Message m = codec.decode(buffer, offset, length).message();
                int n = codec.encode(new Message(1, m.tag(), m.payload(), m.bytes(), m.sendStart(), m.arrival()), 0, out, 0);
                offer(pongOut, out, n);
                seen[0]++;
            });
            while (seen[0] < total) {
                if (pingIn.poll(answer, 1) == 0) {
                    Thread.yield();
                }
            }
        });
        UnsafeBuffer out = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES + size]);
        byte[] payload = new byte[size];
        int[] back = {0};
        FragmentHandler received = new FragmentAssembler((buffer, offset, length, header) -> {
            codec.decode(buffer, offset, length);
            back[0]++;
        });
        Histogram oneWay = new Histogram(3);
        for (int i = 0; i < total; i++) {
            long start = System.nanoTime();
            int n = codec.encode(new Message(0, i, payload, size, start, start), 1, out, 0);
            offer(pingOut, out, n);
            while (back[0] == i) {
                if (pongIn.poll(received, 1) == 0) {
                    Thread.yield();
                }
            }
            if (i >= warmup) {
                oneWay.recordValue(Math.max(1, (System.nanoTime() - start) / 2));
            }
        }
        echo.join();
        return new PingPong.Result(size, oneWay);
    }

    private static void offer(Publication publication, UnsafeBuffer buffer, int length) {
        long result;
        while ((result = publication.offer(buffer, 0, length)) < 0) {
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("the Aeron publication " + publication.channel() + " failed: " + result);
            }
            Thread.yield();
        }
    }

    private static void awaitConnected(Publication... publications) {
        long deadline = System.nanoTime() + CONNECT_NANOS;
        for (Publication p : publications) {
            while (!p.isConnected()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Aeron publication " + p.channel() + " did not connect within 10 s");
                }
                Thread.yield();
            }
        }
    }

    private static String channel(Medium medium) throws IOException {
        if (medium == Medium.IPC) {
            return "aeron:ipc";
        }
        try (DatagramSocket probe = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "aeron:udp?endpoint=127.0.0.1:" + probe.getLocalPort();
        }
    }

    private static void deleteQuietly(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
