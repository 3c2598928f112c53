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
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.Message;
import org.logplab.core.wire.WireCodec;

/**
 * The two directions of a measurement over Aeron ({@link AeronPrtt}, {@link AeronPingPong}):
 * {@code ping} from the measuring side to the echo side, {@code pong} back, through an embedded
 * media driver in a fresh temporary directory that {@link #close()} removes. Two shapes:
 * <ul>
 *   <li>{@link #AeronLink(AeronPingPong.Medium) within this JVM}: both sides are threads here;
 *       {@link AeronPingPong.Medium#IPC} uses {@code aeron:ipc}, {@link AeronPingPong.Medium#UDP}
 *       the loopback interface on two free ports.</li>
 *   <li>{@link #toPeer between two processes} (or hosts) over UDP: this process is one side,
 *       listening on its own address and publishing to the other's; the other process makes the
 *       mirror link.</li>
 * </ul>
 * The driver runs its agents on one thread that backs off when idle; waiting threads should
 * yield ({@link #pause}), or on two cores the driver starves and UDP stalls.
 */
public final class AeronLink implements AutoCloseable {
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;
    private static final int PEER_STREAM = 1003;
    /** The tag of the frame that stops the echo side; the echo answers frames tagged 1. */
    private static final int STOP = -1;
    private static final Duration LOCAL_CONNECT = Duration.ofSeconds(10);
    /** How long a side waits for an answer before it concludes that the other side is gone. */
    static final long ANSWER_NANOS = 10_000_000_000L;

    /**
     * One side's streams: the publication it sends on and the subscription it polls.
     *
     * @param out where this side sends
     * @param in where this side receives
     */
    record End(Publication out, Subscription in) {
    }

    private final Path dir;
    private final MediaDriver driver;
    private final Aeron aeron;
    /** The measuring side: pings out, pongs in. */
    final End measuring;
    /** The echo side: pongs out, pings in (for a link to a peer, the same streams as {@link #measuring}). */
    final End echoing;

    /** Both sides in this JVM. */
    AeronLink(AeronPingPong.Medium medium) throws IOException {
        this(medium, null, null, LOCAL_CONNECT);
    }

    private AeronLink(AeronPingPong.Medium medium, PeerAddress listen, PeerAddress peer,
            Duration connectTimeout) throws IOException {
        dir = Files.createTempDirectory("logplab-aeron-");
        MediaDriver d = null;
        Aeron a = null;
        try {
            d = MediaDriver.launchEmbedded(new MediaDriver.Context()
                    .aeronDirectoryName(dir.resolve("driver").toString())
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true)
                    .threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(new BackoffIdleStrategy()));
            a = Aeron.connect(new Aeron.Context().aeronDirectoryName(d.aeronDirectoryName()));
        } catch (RuntimeException e) {
            if (a != null) {
                a.close();
            }
            if (d != null) {
                d.close();
            }
            AeronTransport.deleteDir(dir);
            throw e;
        }
        driver = d;
        aeron = a;
        long deadline = System.nanoTime() + connectTimeout.toNanos();
        if (peer == null) {
            String ping = channel(medium);
            String pong = channel(medium);
            measuring = new End(aeron.addPublication(ping, PING_STREAM), aeron.addSubscription(pong, PONG_STREAM));
            echoing = new End(aeron.addPublication(pong, PONG_STREAM), aeron.addSubscription(ping, PING_STREAM));
            // Images too: a client learns of them a little after its driver, and the echo takes a
            // missing image for a lost peer.
            await(deadline, () -> measuring.out().isConnected() && echoing.out().isConnected()
                            && measuring.in().isConnected() && echoing.in().isConnected(),
                    "the two directions of " + ping + " and " + pong + " did not connect within "
                    + connectTimeout.toMillis() + " ms");
        } else {
            measuring = new End(aeron.addPublication(peer.channel(AeronTransport.DEFAULT_TERM_LENGTH), PEER_STREAM),
                    aeron.addSubscription(listen.channel(AeronTransport.DEFAULT_TERM_LENGTH), PEER_STREAM));
            echoing = measuring;
            await(deadline, () -> measuring.out().isConnected(), "nothing answered at " + peer + " within "
                    + connectTimeout.toMillis() + " ms (is the other side started, listening there?)");
            // Its stream to here too: the echo takes a missing image for a lost peer.
            await(deadline, () -> measuring.in().isConnected(), "nothing from " + peer + " reached " + listen
                    + " within "
                    + connectTimeout.toMillis()
                    + " ms, though it answers (does it send to an address other than this one?)");
        }
    }

    /**
     * One side of a link between two processes over UDP: listens on {@code listen} (an address of
     * this host) and sends to {@code peer}, where the other side listens (and sends to
     * {@code listen}). Waits until the other side is there.
     *
     * @throws IllegalStateException if the other side does not connect within {@code connectTimeout}
     * @throws IOException if the driver's directory cannot be made
     */
    public static AeronLink toPeer(PeerAddress listen, PeerAddress peer, Duration connectTimeout) throws IOException {
        if (listen.equals(peer)) {
            throw new IllegalArgumentException("the link's two ends are both " + listen
                    + "; the peer listens elsewhere");
        }
        return new AeronLink(AeronPingPong.Medium.UDP, listen, peer, connectTimeout);
    }

    /**
     * Waits until {@code ready}, parked between looks: the other side may take seconds (it
     * measures the in-process runtime first), and spinning would take a core from it.
     *
     * @throws IllegalStateException saying {@code failure} (after closing this link) if the deadline passes first
     */
    private void await(long deadline, BooleanSupplier ready, String failure) {
        while (!ready.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException(failure);
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
    }

    /**
     * The echo side, at the other end of a {@link #toPeer} link from a process that measures
     * ({@link AeronPrtt}, {@link AeronPingPong}): answers every frame tagged 1 with a frame of the
     * same payload, until the measuring side says stop ({@link #stopEcho}).
     *
     * @return the frames answered
     * @throws IllegalStateException if the measuring side goes away without saying stop
     */
    public long echo() {
        return echo(echoing);
    }

    /** A thread of this JVM that plays the echo side of a link within it. */
    Thread echoThread() {
        return Thread.ofPlatform().name("aeron-echo").start(() -> echo(echoing));
    }

    /** Tells the echo side to stop (it answers nothing after). */
    public void stopEcho() {
        WireCodec codec = new WireCodec();
        UnsafeBuffer stop = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES]);
        offer(measuring.out(), stop, codec.encode(new Message(0, STOP, null, 0, 0, 0), 1, stop, 0));
    }

    private static long echo(End end) {
        WireCodec codec = new WireCodec();
        UnsafeBuffer[] out = {new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES])};
        boolean[] stop = {false};
        long[] answered = {0};
        FragmentHandler handler = frames((buffer, offset, length) -> {
            Message m = codec.decode(buffer, offset, length).message();
            if (m.tag() == STOP) {
                stop[0] = true;
            } else if (m.tag() == 1) {
                Message answer = new Message(1, 0, m.payload(), m.bytes(), m.sendStart(), m.arrival());
                int n = codec.frameLength(answer);
                if (out[0].capacity() < n) {
                    out[0] = new UnsafeBuffer(new byte[n]);
                }
                sendFrame(end.out(), out[0], codec.encode(answer, 0, out[0], 0));
                answered[0]++;
            }
        });
        while (!stop[0]) {
            if (end.in().poll(handler, 16) == 0) {
                // A measuring side gone without a stop: our stream to it stops being connected
                // (no status from it for the driver's publication connection time-out, 5 s), and
                // its image here goes (image liveness time-out, 10 s).
                if (!end.out().isConnected() || end.in().imageCount() == 0) {
                    throw new IllegalStateException("the measuring side went away without saying stop, after "
                            + answered[0] + " answers");
                }
                pause();
            }
        }
        return answered[0];
    }

    /** What a side does with a whole wire-codec frame. */
    @FunctionalInterface
    interface FrameHandler {
        void onFrame(org.agrona.DirectBuffer buffer, int offset, int length);
    }

    /**
     * Sends the wire-codec frame of {@code length} bytes at the start of {@code frame}: as one
     * Aeron message if it fits, else as consecutive messages of Aeron's longest length, which
     * {@link #frames} puts back together (the transport's own streaming, without chunk headers).
     */
    static void sendFrame(Publication publication, UnsafeBuffer frame, int length) {
        int piece = publication.maxMessageLength();
        for (int at = 0; at < length; at += piece) {
            offer(publication, frame, at, Math.min(piece, length - at));
        }
    }

    /**
     * A handler of the messages {@link #sendFrame} sends, giving {@code whole} each frame once all
     * its messages have come: the frame's length is in its header (its payload length at byte 36).
     */
    static FragmentHandler frames(FrameHandler whole) {
        UnsafeBuffer[] partial = {null};
        int[] filled = {0};
        return new FragmentAssembler((buffer, offset, length, header) -> {
            if (partial[0] == null) {
                int total = length < WireCodec.HEADER_BYTES ? length : WireCodec.HEADER_BYTES
                        + buffer.getInt(offset + 36);
                if (total <= length) {
                    whole.onFrame(buffer, offset, length);
                    return;
                }
                partial[0] = new UnsafeBuffer(new byte[total]);
                filled[0] = 0;
            }
            UnsafeBuffer frame = partial[0];
            int n = Math.min(length, frame.capacity() - filled[0]);
            frame.putBytes(filled[0], buffer, offset, n);
            filled[0] += n;
            if (filled[0] == frame.capacity()) {
                partial[0] = null;
                whole.onFrame(frame, 0, frame.capacity());
            }
        });
    }

    /** Publishes the first {@code length} bytes of {@code buffer}, waiting while the stream is back-pressured. */
    static void offer(Publication publication, UnsafeBuffer buffer, int length) {
        offer(publication, buffer, 0, length);
    }

    /** Publishes {@code length} bytes of {@code buffer} from {@code offset}, waiting while the stream is
     * back-pressured. */
    static void offer(Publication publication, UnsafeBuffer buffer, int offset, int length) {
        long result;
        while ((result = publication.offer(buffer, offset, length)) < 0) {
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("the Aeron publication " + publication.channel() + " failed: "
                        + result);
            }
            if (result == Publication.NOT_CONNECTED) {
                throw new IllegalStateException("the other side of " + publication.channel() + " is gone");
            }
            Thread.yield();
        }
    }

    /**
     * Polls {@code in} one fragment at a time until {@code done}, pausing between empty polls.
     *
     * @throws IllegalStateException if {@link #ANSWER_NANOS} pass without {@code done}: the
     *     other side is gone (a thread here ends with its link; another process may die)
     */
    static void pollUntil(Subscription in, FragmentHandler handler, BooleanSupplier done) {
        long deadline = 0;
        while (!done.getAsBoolean()) {
            if (in.poll(handler, 1) > 0) {
                deadline = 0;
            } else {
                long now = System.nanoTime();
                if (deadline == 0) {
                    deadline = now + ANSWER_NANOS;
                } else if (now > deadline) {
                    throw new IllegalStateException("no answer on " + in.channel() + " within "
                            + ANSWER_NANOS / 1_000_000_000 + " s: the other side is gone");
                }
                pause();
            }
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

    /** Closes Aeron and the driver and removes the driver's directory. */
    @Override
    public void close() {
        try {
            aeron.close();
            driver.close();
        } finally {
            AeronTransport.deleteDir(dir);
        }
    }
}
