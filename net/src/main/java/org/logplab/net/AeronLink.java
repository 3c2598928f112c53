package org.logplab.net;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Two directions between two threads of this JVM over Aeron, through an embedded media driver in
 * a fresh temporary directory that {@link #close()} removes: {@code ping} from the measuring side
 * to the echo side, {@code pong} back. {@link AeronPingPong.Medium#IPC} uses {@code aeron:ipc},
 * {@link AeronPingPong.Medium#UDP} the loopback interface on two free ports. The driver runs its
 * agents on one thread that backs off when idle; waiting threads should yield ({@link #pause}), or
 * on two cores the driver starves and UDP stalls.
 */
final class AeronLink implements AutoCloseable {
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;
    private static final long CONNECT_NANOS = 10_000_000_000L;

    private final Path dir;
    private final MediaDriver driver;
    private final Aeron aeron;
    final Publication pingOut;
    final Subscription pingIn;
    final Publication pongOut;
    final Subscription pongIn;

    AeronLink(AeronPingPong.Medium medium) throws IOException {
        dir = Files.createTempDirectory("logplab-aeron-");
        driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .aeronDirectoryName(dir.resolve("driver").toString())
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        String ping = channel(medium);
        String pong = channel(medium);
        pingOut = aeron.addPublication(ping, PING_STREAM);
        pingIn = aeron.addSubscription(ping, PING_STREAM);
        pongOut = aeron.addPublication(pong, PONG_STREAM);
        pongIn = aeron.addSubscription(pong, PONG_STREAM);
        long deadline = System.nanoTime() + CONNECT_NANOS;
        for (Publication p : new Publication[] {pingOut, pongOut}) {
            while (!p.isConnected()) {
                if (System.nanoTime() > deadline) {
                    close();
                    throw new IllegalStateException("Aeron publication " + p.channel() + " did not connect within 10 s");
                }
                Thread.yield();
            }
        }
    }

    /** Publishes the first {@code length} bytes of {@code buffer}, waiting while the stream is back-pressured. */
    static void offer(Publication publication, UnsafeBuffer buffer, int length) {
        offer(publication, buffer, 0, length);
    }

    /** Publishes {@code length} bytes of {@code buffer} from {@code offset}, waiting while the stream is back-pressured. */
    static void offer(Publication publication, UnsafeBuffer buffer, int offset, int length) {
        long result;
        while ((result = publication.offer(buffer, offset, length)) < 0) {
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("the Aeron publication " + publication.channel() + " failed: " + result);
            }
            Thread.yield();
        }
    }

    /** What a waiting thread does between polls. */
    static void pause() {
        Thread.yield();
    }

    private static String channel(AeronPingPong.Medium medium) throws IOException {
        if (medium == AeronPingPong.Medium.IPC) {
            return "aeron:ipc";
        }
        try (DatagramSocket probe = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "aeron:udp?endpoint=127.0.0.1:" + probe.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            aeron.close();
            driver.close();
        } finally {
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
