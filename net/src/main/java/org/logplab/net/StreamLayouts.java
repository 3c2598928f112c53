package org.logplab.net;

import io.aeron.Aeron;
import io.aeron.ConcurrentPublication;
import io.aeron.ExclusivePublication;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The experiment behind the cluster's choice of one Aeron stream per ordered pair of processes
 * rather than one per ordered pair of ranks: {@code senders} threads (the ranks of one process)
 * each send {@code messages} frames of {@code size} bytes over UDP loopback to one receiving
 * thread (the other process), through one embedded media driver, laid out three ways:
 * <ul>
 *   <li>{@link Layout#PER_RANK_PAIR}: an exclusive publication per sending thread (its own stream);</li>
 *   <li>{@link Layout#PER_PROCESS_PAIR}: one exclusive publication shared under a lock, as
 *       {@link AeronTransport} does;</li>
 *   <li>{@link Layout#PER_PROCESS_PAIR_CONCURRENT}: one of Aeron's thread-safe concurrent publications.</li>
 * </ul>
 * Reports messages per second from the first offer to the last frame received, and the bytes of
 * log buffers the sending side maps (three terms per publication).
 */
public final class StreamLayouts {
    private static final int STREAM = 5150;

    /** How the sending threads reach the receiver. */
    public enum Layout { PER_RANK_PAIR, PER_PROCESS_PAIR, PER_PROCESS_PAIR_CONCURRENT }

    /**
     * One measurement.
     *
     * @param layout the layout
     * @param senders sending threads
     * @param messages frames received in all
     * @param messagesPerSecond received frames per second of wall time
     * @param publications publications the sending side created
     * @param logBufferBytes bytes of log buffers those publications map
     */
    public record Result(Layout layout, int senders, long messages, double messagesPerSecond, int publications,
                         long logBufferBytes) {
    }

    private StreamLayouts() {
    }

    /**
     * Runs one layout.
     *
     * @throws IllegalArgumentException for fewer than 1 sender or message, or a size outside 0..64 KiB
     */
    public static Result run(Layout layout, int senders, int messages, int size, int termLength)
            throws IOException, InterruptedException {
        if (senders < 1 || messages < 1 || size < 0 || size > 65536) {
            throw new IllegalArgumentException("need senders >= 1, messages >= 1 and size 0..64 KiB, got "
                    + senders + ", " + messages + ", " + size);
        }
        Path dir = Files.createTempDirectory("logplab-streams-");
        try (MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                     .aeronDirectoryName(dir.resolve("driver").toString()).dirDeleteOnStart(true)
                     .dirDeleteOnShutdown(true)
                     .threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(AeronTransport.idleStrategy()));
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()))) {
            int port;
            try (DatagramSocket probe = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
            String channel = "aeron:udp?endpoint=127.0.0.1:" + port + "|term-length=" + termLength;
            Subscription sub = aeron.addSubscription(channel, STREAM);
            List<Publication> pubs = new ArrayList<>();
            Publication[] bySender = new Publication[senders];
            switch (layout) {
                case PER_RANK_PAIR -> {
                    for (int i = 0; i < senders; i++) {
                        bySender[i] = aeron.addExclusivePublication(channel, STREAM);
                        pubs.add(bySender[i]);
                    }
                }
                case PER_PROCESS_PAIR -> {
                    ExclusivePublication shared = aeron.addExclusivePublication(channel, STREAM);
                    java.util.Arrays.fill(bySender, shared);
                    pubs.add(shared);
                }
                case PER_PROCESS_PAIR_CONCURRENT -> {
                    ConcurrentPublication shared = aeron.addPublication(channel, STREAM);
                    java.util.Arrays.fill(bySender, shared);
                    pubs.add(shared);
                }
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            for (Publication p : pubs) {
                while (!p.isConnected()) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the publications did not connect within 10 s");
                    }
                    Thread.yield();
                }
            }
            long total = (long) senders * messages;
            AtomicLong received = new AtomicLong();
            FragmentHandler handler = (buffer, offset, length, header) -> received.incrementAndGet();
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                Publication p = bySender[i];
                threads.add(Thread.ofPlatform().start(() -> {
                    UnsafeBuffer frame = new UnsafeBuffer(new byte[Math.max(size, 1)]);
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int m = 0; m < messages; m++) {
                        if (layout == Layout.PER_PROCESS_PAIR) {
                            synchronized (p) {
                                offer(p, frame, size);
                            }
                        } else {
                            offer(p, frame, size);
                        }
                    }
                }));
            }
            BackoffIdleStrategy idle = AeronTransport.idleStrategy();
            long start = System.nanoTime();
            go.countDown();
            while (received.get() < total) {
                idle.idle(sub.poll(handler, 256));
                if (System.nanoTime() - start > 120_000_000_000L) {
                    throw new IllegalStateException("only " + received.get() + " of " + total
                            + " frames arrived within 120 s");
                }
            }
            long nanos = System.nanoTime() - start;
            for (Thread t : threads) {
                t.join();
            }
            return new Result(layout, senders, total, total * 1e9 / nanos, pubs.size(), 3L * termLength * pubs.size());
        } finally {
            AeronTransport.deleteDir(dir);
        }
    }

    private static void offer(Publication p, UnsafeBuffer frame, int size) {
        long r;
        while ((r = p.offer(frame, 0, size)) < 0) {
            if (r == Publication.CLOSED || r == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("publication failed: " + r);
            }
            Thread.onSpinWait();
        }
    }
}
