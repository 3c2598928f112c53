package org.logplab.net;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.Header;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.agrona.DirectBuffer;
import org.agrona.collections.Int2IntHashMap;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.cluster.Transport;

/**
 * The frames of one node of a cluster run over Aeron: one stream per ordered pair of processes,
 * multiplexing all their ranks (one publication per pair keeps a node's memory and the driver's
 * work linear in the nodes, not quadratic in the ranks). Two routes:
 * <ul>
 *   <li>{@link Route.Udp}: UDP unicast, for nodes on different hosts (or one): the node subscribes
 *       on its own address and publishes to every peer's, through an embedded media driver in a
 *       fresh temporary directory that {@link #close()} removes (or, if the JVM ends first, a shutdown
 *       hook: {@link DriverDirectories}), or through a shared driver.</li>
 *   <li>{@link Route.Ipc}: {@code aeron:ipc} through one media driver that all nodes on this host
 *       share (its directory given); node {@code i} subscribes on stream {@code 4711 + i}.</li>
 * </ul>
 *
 * <p><b>Who may talk.</b> Anyone can send to a node's UDP port (or, with access to the driver's
 * directory, publish on its IPC stream), so every publisher must first say HELLO: a 4-byte magic
 * ("LPHI"), the run's token and its node index, and under UDP from a host that the peer list gives
 * that node. Until then, and after a wrong HELLO, its frames are rejected and counted
 * ({@link #unknownPeerFrames()}); a second publisher claiming a node already bound is rejected too.
 *
 * <p>Threads: {@link #send} and {@link #trySend} from any thread (each peer's publication under its lock);
 * {@link #connect} on the receiving thread; {@link #poll} on one thread at a time (the receiving
 * thread, or a rank that polls while it waits, under the cluster node's receive turn).
 */
public final class AeronTransport implements Transport, AutoCloseable {
    static final int STREAM = 4711;
    private static final int HELLO_MAGIC = 0x4C504849; // "LPHI"
    private static final int HELLO_BYTES = 4 + 8 + 4;
    /** Aeron's default term length: Aeron messages up to 2 MiB (a term's eighth); the cluster chunks longer frames. */
    public static final int DEFAULT_TERM_LENGTH = 16 * 1024 * 1024;

    /** How the nodes reach each other. */
    public sealed interface Route {
        /** The number of nodes. */
        int nodes();

        /** Node {@code i} for messages: its address, or its IPC stream. */
        String describe(int i);

        /** UDP unicast to each node's address, node {@code i} the {@code i}-th. */
        record Udp(List<PeerAddress> peers) implements Route {
            public Udp {
                peers = List.copyOf(peers);
            }

            @Override
            public int nodes() {
                return peers.size();
            }

            @Override
            public String describe(int i) {
                return "node " + i + " at " + peers.get(i);
            }
        }

        /** {@code aeron:ipc} through one media driver shared by all {@code nodes} processes on this host. */
        record Ipc(int nodes) implements Route {
            public Ipc {
                if (nodes < 1) {
                    throw new IllegalArgumentException("an IPC cluster has at least 1 node, got " + nodes);
                }
            }

            @Override
            public String describe(int i) {
                return "node " + i + " (IPC stream " + (STREAM + i) + ")";
            }
        }
    }

    /** What a receiving thread does with a frame from a bound peer. */
    @FunctionalInterface
    public interface Receiver {
        /** A frame of {@code length} bytes from node {@code node}. */
        void onFrame(int node, DirectBuffer buffer, int offset, int length);
    }

    private final int node;
    private final Route route;
    private final long token;
    private final Path dir;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Subscription subscription;
    private final ExclusivePublication[] publications;
    /** Exclusive publications take one offer at a time: each peer's under its lock. */
    private final ReentrantLock[] locks;
    private final List<Set<InetAddress>> peerHosts = new ArrayList<>();
    private final Int2IntHashMap nodeBySession = new Int2IntHashMap(-1);
    private final boolean[] bound;
    private final AtomicLong unknownPeer = new AtomicLong();
    private volatile String lastRejection;
    private final FragmentAssembler assembler;
    private volatile Receiver receiver;

    /**
     * Starts the driver (unless {@code sharedDriver} names a running one), subscribes on this
     * node's channel and publishes to every other node's.
     *
     * @param runId the run's identity: only publishers that present the same one are accepted
     * @param termLength Aeron's term length in bytes (a power of two, 64 KiB..1 GiB); the longest
     *     frame is an eighth of it, at most 16 MiB
     * @param sharedDriver the directory of a running media driver to use, or null to embed one
     *     (required for {@link Route.Ipc})
     * @throws IllegalArgumentException if {@code node} is not in the route, a host does not
     *     resolve, or IPC is asked for without a shared driver
     * @throws IOException if the driver's directory cannot be made
     */
    public AeronTransport(Route route, int node, String runId, int termLength, Path sharedDriver) throws IOException {
        this(route, node, runId, termLength, sharedDriver, null);
    }

    /**
     * As {@link #AeronTransport(Route, int, String, int, Path)}, with the embedded driver's
     * directory ({@code logplab-node<i>-*}) made in {@code workDir}, or in the system's temporary
     * folder if null: a launcher that gives its nodes one folder can remove it whole after killing them.
     */
    public AeronTransport(Route route, int node, String runId, int termLength, Path sharedDriver, Path workDir)
            throws IOException {
        if (node < 0 || node >= route.nodes()) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (route.nodes() - 1));
        }
        if (Integer.bitCount(termLength) != 1 || termLength < 64 * 1024 || termLength > (1 << 30)) {
            throw new IllegalArgumentException("term length must be a power of two in 64 KiB..1 GiB, got "
                    + termLength);
        }
        if (route instanceof Route.Ipc && sharedDriver == null) {
            throw new IllegalArgumentException("IPC between processes needs the directory of the media driver they"
                    + " share");
        }
        if (sharedDriver != null && !Files.isDirectory(sharedDriver)) {
            throw new IllegalArgumentException("no media driver directory at " + sharedDriver);
        }
        this.node = node;
        this.route = route;
        this.token = tokenOf(runId);
        if (route instanceof Route.Udp udp) {
            for (PeerAddress p : udp.peers()) {
                peerHosts.add(resolve(p.host()));
            }
        }
        this.bound = new boolean[route.nodes()];
        this.locks = new ReentrantLock[route.nodes()];
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new ReentrantLock();
        }
        this.assembler = new FragmentAssembler(this::onFragment);
        dir = sharedDriver == null ? DriverDirectories.create(workDir, "logplab-node" + node + "-") : null;
        MediaDriver d = null;
        Aeron a = null;
        try {
            if (dir != null) {
                d = MediaDriver.launchEmbedded(new MediaDriver.Context()
                        .aeronDirectoryName(dir.resolve("driver").toString())
                        .dirDeleteOnStart(true)
                        .dirDeleteOnShutdown(true)
                        .threadingMode(ThreadingMode.SHARED)
                        .sharedIdleStrategy(idleStrategy())
                        .imageLivenessTimeoutNs(IMAGE_LIVENESS_NS));
            }
            a = Aeron.connect(new Aeron.Context().aeronDirectoryName(d != null ? d.aeronDirectoryName()
                    : sharedDriver.toString()));
            this.subscription = a.addSubscription(channel(node, termLength), stream(node));
            this.publications = new ExclusivePublication[route.nodes()];
            for (int i = 0; i < route.nodes(); i++) {
                if (i != node) {
                    // Exclusive: a driver shares the concurrent publications of different clients
                    // to one channel and stream (IPC, or UDP through a shared driver), which would
                    // mix the nodes' frames in one image. Its offers are serialised under locks[i].
                    publications[i] = a.addExclusivePublication(channel(i, termLength), stream(i));
                }
            }
        } catch (RuntimeException e) {
            if (a != null) {
                a.close();
            }
            if (d != null) {
                d.close();
            }
            if (dir != null) {
                deleteDir(dir);
            }
            throw e;
        }
        this.driver = d;
        this.aeron = a;
    }

    /** A shared media driver for the nodes of this host, in a fresh temporary directory; close it after them. */
    public static MediaDriver sharedDriver() throws IOException {
        Path d = DriverDirectories.create(null, "logplab-driver-");
        return MediaDriver.launchEmbedded(new MediaDriver.Context()
                .aeronDirectoryName(d.resolve("driver").toString())
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(idleStrategy()));
    }

    private String channel(int i, int termLength) {
        return switch (route) {
            case Route.Udp udp -> udp.peers().get(i).channel(termLength);
            case Route.Ipc ipc -> "aeron:ipc?term-length=" + termLength;
        };
    }

    private int stream(int i) {
        return route instanceof Route.Ipc ? STREAM + i : STREAM;
    }

    /**
     * How the driver's and the polling thread's idle loops wait: a few spins and yields, then parks
     * of at most {@value #MAX_PARK_MICROS} us. Agrona's default parks up to 1 ms, which put a
     * millisecond on every hop between processes; spinning for good would starve the ranks on a
     * machine with few cores.
     */
    public static BackoffIdleStrategy idleStrategy() {
        return new BackoffIdleStrategy(10, 20, 1_000, MAX_PARK_MICROS * 1_000L);
    }

    private static final long MAX_PARK_MICROS = 50;

    /**
     * How long the driver keeps a silent peer's stream: Aeron's default, 10 s, drops it during a
     * longer outage and starts the next at the sender's current position, so the frames in flight
     * are lost without a word (a 12 s outage of the link between two hosts lost the ring's token
     * under {@code --peer-timeout 30s}; with 30 s here the run completed). A peer silent too long is
     * the peer timeout's to judge, which fails the run naming it.
     */
    static final long IMAGE_LIVENESS_NS = java.util.concurrent.TimeUnit.HOURS.toNanos(1);

    /** The 64-bit token of a run id (FNV-1a of its UTF-8 bytes). */
    static long tokenOf(String runId) {
        long h = 0xcbf29ce484222325L;
        for (byte b : runId.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xFF)) * 0x100000001b3L;
        }
        return h;
    }

    private static Set<InetAddress> resolve(String host) {
        try {
            return new HashSet<>(List.of(InetAddress.getAllByName(host)));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("peer host '" + host + "' does not resolve", e);
        }
    }

    /**
     * Waits until every peer's publication is connected and every peer has said HELLO, polling
     * frames to {@code receiver} meanwhile; says HELLO to each peer as soon as it connects.
     *
     * @return null when connected, else what is missing once {@code timeoutNanos} have passed
     */
    public String connect(Receiver receiver, long timeoutNanos, Runnable whileWaiting) {
        this.receiver = receiver;
        boolean[] helloSent = new boolean[route.nodes()];
        long deadline = System.nanoTime() + timeoutNanos;
        BackoffIdleStrategy idle = idleStrategy();
        while (true) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < route.nodes(); i++) {
                if (i == node) {
                    continue;
                }
                if (!helloSent[i] && publications[i].isConnected()) {
                    helloSent[i] = sendHello(i);
                }
                if (!helloSent[i]) {
                    missing.add(route.describe(i) + " is not listening");
                } else if (!bound[i]) {
                    missing.add(route.describe(i) + " has not said hello");
                }
            }
            if (missing.isEmpty()) {
                return null;
            }
            if (System.nanoTime() > deadline) {
                return String.join("; ", missing);
            }
            int n = poll();
            whileWaiting.run();
            idle.idle(n);
        }
    }

    private boolean sendHello(int to) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[HELLO_BYTES]);
        b.putInt(0, HELLO_MAGIC);
        b.putLong(4, token);
        b.putInt(12, node);
        return offer(to, b, 0, HELLO_BYTES);
    }

    /**
     * Polls received frames to the receiver given to {@link #connect}; returns how many fragments
     * it read (none before {@code connect}). One thread at a time: the cluster's receive turn.
     */
    @Override
    public int poll() {
        return receiver == null ? 0 : subscription.poll(assembler, 64);
    }

    private void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        int from = nodeBySession.get(header.sessionId());
        if (from >= 0) {
            receiver.onFrame(from, buffer, offset, length);
            return;
        }
        if (length != HELLO_BYTES || buffer.getInt(offset) != HELLO_MAGIC) {
            rejectUnknown("a frame of " + length + " bytes from a publisher that has not said hello (session "
                    + header.sessionId() + ", " + source(header) + ")");
            return;
        }
        long theirToken = buffer.getLong(offset + 4);
        int claimed = buffer.getInt(offset + 12);
        if (theirToken != token) {
            rejectUnknown("a hello from " + source(header) + " with another run's token");
        } else if (claimed < 0 || claimed >= route.nodes() || claimed == node) {
            rejectUnknown("a hello from " + source(header) + " claiming node " + claimed);
        } else if (bound[claimed]) {
            rejectUnknown("a second hello claiming node " + claimed + " from " + source(header));
        } else if (!fromHostOf(claimed, header)) {
            rejectUnknown("a hello claiming " + route.describe(claimed) + " from " + source(header));
        } else {
            bound[claimed] = true;
            nodeBySession.put(header.sessionId(), claimed);
        }
    }

    private boolean fromHostOf(int claimed, Header header) {
        if (route instanceof Route.Ipc) {
            return true; // one driver, one host
        }
        String src = source(header);
        int colon = src.lastIndexOf(':');
        if (colon <= 0) {
            return false;
        }
        String host = src.substring(0, colon);
        if (host.startsWith("[")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            InetAddress a = InetAddress.getByName(host);
            return peerHosts.get(claimed).contains(a) || (a.isLoopbackAddress() && peerHosts.get(claimed).stream()
                    .anyMatch(InetAddress::isLoopbackAddress));
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private String source(Header header) {
        Image image = subscription.imageBySessionId(header.sessionId());
        return image == null ? "?" : image.sourceIdentity();
    }

    private void rejectUnknown(String why) {
        unknownPeer.incrementAndGet();
        lastRejection = why;
    }

    /** Frames rejected because their publisher is not a configured, introduced peer. */
    public long unknownPeerFrames() {
        return unknownPeer.get();
    }

    /** Why the latest frame from an unknown peer was rejected, or null. */
    public String lastRejection() {
        return lastRejection;
    }

    @Override
    public boolean send(int to, DirectBuffer buffer, int offset, int length) {
        checkLength(length);
        return offer(to, buffer, offset, length);
    }

    @Override
    public Offer trySend(int to, DirectBuffer buffer, int offset, int length) {
        checkLength(length);
        ReentrantLock lock = locks[to];
        if (!lock.tryLock()) {
            return Offer.WOULD_WAIT;
        }
        try {
            long result = publications[to].offer(buffer, offset, length);
            if (result >= 0) {
                return Offer.SENT;
            }
            if (result == Publication.NOT_CONNECTED) {
                return Offer.GONE;
            }
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("the Aeron publication " + publications[to].channel() + " failed: "
                        + result);
            }
            return Offer.WOULD_WAIT;
        } finally {
            lock.unlock();
        }
    }

    private void checkLength(int length) {
        if (length > maxFrameLength()) {
            throw new IllegalArgumentException("a frame of " + length
                    + " bytes exceeds the longest Aeron message here, "
                    + maxFrameLength() + " bytes (raise the term length)");
        }
    }

    private boolean offer(int to, DirectBuffer buffer, int offset, int length) {
        locks[to].lock();
        try {
            return offerExclusively(publications[to], buffer, offset, length);
        } finally {
            locks[to].unlock();
        }
    }

    private static boolean offerExclusively(ExclusivePublication p, DirectBuffer buffer, int offset, int length) {
        long result;
        while ((result = p.offer(buffer, offset, length)) < 0) {
            if (result == Publication.NOT_CONNECTED) {
                return false;
            }
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("the Aeron publication " + p.channel() + " failed: " + result);
            }
            Thread.yield();
        }
        return true;
    }

    @Override
    public int maxFrameLength() {
        int max = Integer.MAX_VALUE;
        for (Publication p : publications) {
            if (p != null) {
                max = Math.min(max, p.maxMessageLength());
            }
        }
        return max;
    }

    /** Closes Aeron and the driver and removes the driver's directory. */
    @Override
    public void close() {
        try {
            aeron.close();
            if (driver != null) {
                driver.close();
            }
        } finally {
            if (dir != null) {
                deleteDir(dir);
            }
        }
    }

    /** Removes a driver's directory (after the driver closed); see {@link DriverDirectories#delete}. */
    public static void deleteDir(Path dir) {
        DriverDirectories.delete(dir);
    }
}
