package org.logplab.net;

import io.aeron.Aeron;
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
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.collections.Int2IntHashMap;
import org.logplab.core.cluster.Transport;

/**
 * The frames of one node of a cluster run over Aeron UDP unicast, through an embedded media driver
 * in a fresh temporary directory that {@link #close()} removes. The node subscribes on its own
 * address and publishes to every peer's: one stream per ordered pair of processes, multiplexing
 * all their ranks (one publication per pair keeps a node's memory and the driver's work linear in
 * the nodes, not quadratic in the ranks).
 *
 * <p><b>Who may talk.</b> UDP lets anyone send to the node's port, so every publisher must first
 * say HELLO: a 4-byte magic, the run's token and its node index, from a host that the peer list
 * gives that node. Until then, and after a wrong HELLO, its frames are rejected and counted
 * ({@link #unknownPeerFrames()}); a second publisher claiming a node already bound is rejected too.
 *
 * <p>Threads: {@link #send} from any thread (Aeron's concurrent publication); {@link #poll} and
 * {@link #connect} on the one receiving thread.
 */
public final class AeronTransport implements Transport, AutoCloseable {
    static final int STREAM = 4711;
    private static final int HELLO_MAGIC = 0x4C504849; // "LPHI"
    private static final int HELLO_BYTES = 4 + 8 + 4;
    /** Aeron's default term length: messages up to 2 MiB (a term's eighth). */
    public static final int DEFAULT_TERM_LENGTH = 16 * 1024 * 1024;

    /** What a receiving thread does with a frame from a bound peer. */
    @FunctionalInterface
    public interface Receiver {
        /** A frame of {@code length} bytes from node {@code node}. */
        void onFrame(int node, DirectBuffer buffer, int offset, int length);
    }

    private final int node;
    private final List<PeerAddress> peers;
    private final long token;
    private final Path dir;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Subscription subscription;
    private final Publication[] publications;
    private final List<Set<InetAddress>> peerHosts = new ArrayList<>();
    private final Int2IntHashMap nodeBySession = new Int2IntHashMap(-1);
    private final boolean[] bound;
    private final AtomicLong unknownPeer = new AtomicLong();
    private volatile String lastRejection;
    private final FragmentAssembler assembler;
    private Receiver receiver;

    /**
     * Starts the driver, subscribes on {@code peers.get(node)} and publishes to every other peer.
     *
     * @param runId the run's identity: only publishers that present the same one are accepted
     * @param termLength Aeron's term length in bytes (a power of two, 64 KiB..1 GiB); the longest
     *     frame is an eighth of it, at most 16 MiB
     * @throws IllegalArgumentException if {@code node} is not in the list or a host does not resolve
     * @throws IOException if the driver's directory cannot be made
     */
    public AeronTransport(List<PeerAddress> peers, int node, String runId, int termLength) throws IOException {
        if (node < 0 || node >= peers.size()) {
            throw new IllegalArgumentException("node " + node + " is not in the peer list of " + peers.size());
        }
        if (Integer.bitCount(termLength) != 1 || termLength < 64 * 1024 || termLength > (1 << 30)) {
            throw new IllegalArgumentException("term length must be a power of two in 64 KiB..1 GiB, got " + termLength);
        }
        this.node = node;
        this.peers = List.copyOf(peers);
        this.token = tokenOf(runId);
        for (PeerAddress p : peers) {
            peerHosts.add(resolve(p.host()));
        }
        this.bound = new boolean[peers.size()];
        this.assembler = new FragmentAssembler(this::onFragment);
        dir = Files.createTempDirectory("logplab-node" + node + "-");
        MediaDriver d = null;
        Aeron a = null;
        try {
            d = MediaDriver.launchEmbedded(new MediaDriver.Context()
                    .aeronDirectoryName(dir.resolve("driver").toString())
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true)
                    .threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(idleStrategy()));
            a = Aeron.connect(new Aeron.Context().aeronDirectoryName(d.aeronDirectoryName()));
            this.subscription = a.addSubscription(peers.get(node).channel(termLength), STREAM);
            this.publications = new Publication[peers.size()];
            for (int i = 0; i < peers.size(); i++) {
                if (i != node) {
                    publications[i] = a.addPublication(peers.get(i).channel(termLength), STREAM);
                }
            }
        } catch (RuntimeException e) {
            if (a != null) {
                a.close();
            }
            if (d != null) {
                d.close();
            }
            deleteDir(dir);
            throw e;
        }
        this.driver = d;
        this.aeron = a;
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
        boolean[] helloSent = new boolean[peers.size()];
        long deadline = System.nanoTime() + timeoutNanos;
        BackoffIdleStrategy idle = idleStrategy();
        while (true) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < peers.size(); i++) {
                if (i == node) {
                    continue;
                }
                if (!helloSent[i] && publications[i].isConnected()) {
                    helloSent[i] = sendHello(publications[i]);
                }
                if (!helloSent[i]) {
                    missing.add("node " + i + " at " + peers.get(i) + " is not listening");
                } else if (!bound[i]) {
                    missing.add("node " + i + " at " + peers.get(i) + " has not said hello");
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

    private boolean sendHello(Publication p) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[HELLO_BYTES]);
        b.putInt(0, HELLO_MAGIC);
        b.putLong(4, token);
        b.putInt(12, node);
        return offer(p, b, 0, HELLO_BYTES);
    }

    /** Polls received frames to the receiver; returns how many fragments it read. */
    public int poll() {
        return subscription.poll(assembler, 64);
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
        } else if (claimed < 0 || claimed >= peers.size() || claimed == node) {
            rejectUnknown("a hello from " + source(header) + " claiming node " + claimed);
        } else if (bound[claimed]) {
            rejectUnknown("a second hello claiming node " + claimed + " from " + source(header));
        } else if (!fromHostOf(claimed, header)) {
            rejectUnknown("a hello claiming node " + claimed + " (" + peers.get(claimed) + ") from " + source(header));
        } else {
            bound[claimed] = true;
            nodeBySession.put(header.sessionId(), claimed);
        }
    }

    private boolean fromHostOf(int claimed, Header header) {
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
            return peerHosts.get(claimed).contains(a) || (a.isLoopbackAddress() && peerHosts.get(claimed).stream().anyMatch(InetAddress::isLoopbackAddress));
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
        if (length > maxFrameLength()) {
            throw new IllegalArgumentException("a frame of " + length + " bytes exceeds the longest Aeron message here, "
                    + maxFrameLength() + " bytes (raise the term length)");
        }
        return offer(publications[to], buffer, offset, length);
    }

    private static boolean offer(Publication p, DirectBuffer buffer, int offset, int length) {
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
            driver.close();
        } finally {
            deleteDir(dir);
        }
    }

    private static void deleteDir(Path dir) {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // the driver's files are temporary; a leftover is reported by nothing worse than disk use
        }
    }
}
