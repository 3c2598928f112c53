package org.logplab.core.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.logplab.core.ClockKind;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.runtime.NodeRun;
import org.logplab.core.runtime.NodeSnapshot;
import org.logplab.core.runtime.RemoteRanks;
import org.logplab.core.wire.MalformedFrameException;
import org.logplab.core.wire.WireCodec;

/**
 * One process's part of a run whose ranks span several processes ("nodes"): runs its block of
 * ranks ({@link Partition}) and exchanges frames with the other nodes through a {@link Transport}.
 * The same programs run unchanged; both clocks work:
 * <ul>
 *   <li>Model clock: messages carry their model time stamps, and node 0 resolves {@code recvAny}
 *       over the whole cluster with the single-process rule ({@link ClusterCoordinator}), so the
 *       model times equal an in-process run's.</li>
 *   <li>Wall clock: each node's time zero is when it hears "go"; a message from another node
 *       arrives {@code L} after the transport delivered it (the injected latency on top of the
 *       real one).</li>
 * </ul>
 *
 * <p><b>Protocol.</b> Data frames are the wire codec's frames between ranks. Control frames use
 * the same codec with the source {@code P + sender node} and destination {@code P + receiver node}
 * (outside the ranks) and the kind as tag: every node says READY once its ranks exist; node 0 says
 * GO when all have; nodes REPORT quiescent snapshots to node 0, which answers LET_GO (model-clock
 * recvAny), END (with every rank's totals) or FAIL (deadlock); every node sends a HEARTBEAT to
 * every other each {@value #HEARTBEAT_MILLIS} ms; a failure anywhere is sent to all as FAIL; after
 * END the others say BYE and node 0 answers FIN, so that nobody shuts down under a peer's last frames.
 *
 * <p><b>Failure.</b> A peer silent for the peer timeout (or never heard within the connect
 * timeout) fails the run on this node, naming the peer's ranks. A frame that does not decode, or
 * claims a source or destination its sender may not use, is rejected and counted
 * ({@link #malformedFrames()}, {@link #misaddressedFrames()}); it never reaches a rank.
 *
 * <p><b>Threads.</b> {@link #run} on the caller's thread; {@link #onFrame} and {@link #tick} on
 * the transport's one receiving thread, which should call {@code tick} at least every few
 * milliseconds until {@link #finished()}.
 */
public final class ClusterNode {
    static final int READY = 1;
    static final int GO = 2;
    static final int HEARTBEAT = 3;
    static final int REPORT = 4;
    static final int LET_GO = 5;
    static final int END = 6;
    static final int FAIL = 7;
    static final int BYE = 8;
    static final int FIN = 9;
    static final long HEARTBEAT_MILLIS = 100;
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long FAIL_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final ThreadLocal<ExpandableArrayBuffer> BUFFERS = ThreadLocal.withInitial(() -> new ExpandableArrayBuffer(1024));

    private enum Phase { SETUP, RUNNING, ENDED, FAILED }

    private final Partition partition;
    private final int node;
    private final RunConfig config;
    private final WireCodec codec;
    private final Transport transport;
    private final long peerTimeoutNanos;
    private final long connectTimeoutNanos;
    private final int p;
    private final long createdNanos = System.nanoTime();
    private final long[] lastHeard;
    private final boolean[] heard;
    private final AtomicLongArray sentTo;
    private final long[] receivedFrom;
    private final ClusterCoordinator coordinator;
    private final boolean[] ready;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Remote remote = new Remote();
    private final AtomicLong malformed = new AtomicLong();
    private final AtomicLong misaddressed = new AtomicLong();
    private final AtomicLong discardedAfterFailure = new AtomicLong();
    private volatile String lastRejection;
    private volatile String lastTransportError;
    private volatile NodeRun run;
    private volatile boolean changed;
    private volatile Phase phase = Phase.SETUP;
    private volatile RunFailedException earlyFailure;
    private volatile long phaseSince;
    private boolean readySent;
    private long appliedSeq;
    private long lastBeat;
    private int byes;

    /**
     * This node's part of a run.
     *
     * @param partition which node runs which ranks; its {@code P} must be {@code config.params().P()}
     * @param node this node's index
     * @param config the run's configuration (the same on every node)
     * @param codec frames' codec, knowing the programs' payload types (the same on every node)
     * @param transport the way to the other nodes
     * @param peerTimeout how long a peer heard before may be silent before the run fails
     * @param connectTimeout how long a peer may take to be heard first
     */
    public ClusterNode(Partition partition, int node, RunConfig config, WireCodec codec, Transport transport,
                       Duration peerTimeout, Duration connectTimeout) {
        if (partition.P() != config.params().P()) {
            throw new IllegalArgumentException("the partition covers " + partition.P() + " ranks but the run has P = " + config.params().P());
        }
        if (node < 0 || node >= partition.nodes()) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (partition.nodes() - 1));
        }
        if (peerTimeout.toMillis() < 2 * HEARTBEAT_MILLIS) {
            throw new IllegalArgumentException("the peer timeout must be at least " + 2 * HEARTBEAT_MILLIS
                    + " ms (two heartbeats), got " + peerTimeout.toMillis() + " ms");
        }
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("the connect timeout must be positive, got " + connectTimeout);
        }
        this.partition = partition;
        this.node = node;
        this.config = config;
        this.codec = codec;
        this.transport = transport;
        this.peerTimeoutNanos = peerTimeout.toNanos();
        this.connectTimeoutNanos = connectTimeout.toNanos();
        this.p = partition.P();
        int n = partition.nodes();
        this.lastHeard = new long[n];
        this.heard = new boolean[n];
        this.sentTo = new AtomicLongArray(n);
        this.receivedFrom = new long[n];
        this.coordinator = node == 0 ? new ClusterCoordinator(partition, config.clock() == ClockKind.MODEL) : null;
        this.ready = new boolean[n];
    }

    /**
     * Runs this node's ranks of {@code program} and waits for the whole cluster's run to end. Once per node.
     *
     * @return the run's result: finish times and counts of every rank; latencies and trace of this node's ranks only
     * @throws RunFailedException if any rank on any node failed, a peer went silent, or the run deadlocked
     */
    public RunResult run(Program program) {
        if (run != null) {
            throw new IllegalStateException("a cluster node runs one program, once; make a new one for the next run");
        }
        NodeRun r = new NodeRun(config, program, remote);
        run = r;
        RunFailedException early = earlyFailure;
        if (early != null) {
            r.fail(early.rank(), early.getMessage());
        }
        try {
            RunResult result = r.await();
            awaitFinished(LINGER_NANOS + TimeUnit.SECONDS.toNanos(1));
            return result;
        } catch (RunFailedException e) {
            if (phase != Phase.FAILED) {
                phaseSince = System.nanoTime();
                phase = Phase.FAILED;
            }
            awaitFinished(FAIL_LINGER_NANOS + TimeUnit.SECONDS.toNanos(1));
            throw e;
        }
    }

    private void awaitFinished(long nanos) {
        try {
            finished.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends the run on this node (and tells the others) because the transport gave up, for
     * instance when peers did not connect in time.
     */
    public void abort(String reason) {
        failLocal(new RunFailedException(-1, "node " + node + ": " + reason, null));
    }

    /** Whether this node is done with the network: the transport may close. */
    public boolean finished() {
        return finished.getCount() == 0;
    }

    /** Frames that did not decode. */
    public long malformedFrames() {
        return malformed.get();
    }

    /** Frames that decoded but named a source or destination their sender may not use, or came out of turn. */
    public long misaddressedFrames() {
        return misaddressed.get();
    }

    /** Messages that arrived after the run had failed here, and were discarded with it. */
    public long discardedAfterFailure() {
        return discardedAfterFailure.get();
    }

    /** Why the latest control frame could not be sent (the transport had closed), or null. */
    public String lastTransportError() {
        return lastTransportError;
    }

    /** Why the latest frame was rejected, or null if none was. */
    public String lastRejection() {
        return lastRejection;
    }

    /** A frame from {@code fromNode}, as the transport received it (transport thread). */
    public void onFrame(int fromNode, DirectBuffer buffer, int offset, int length) {
        if (fromNode < 0 || fromNode >= partition.nodes() || fromNode == node) {
            reject(misaddressed, "a frame from node " + fromNode + ", not a peer of node " + node);
            return;
        }
        lastHeard[fromNode] = System.nanoTime();
        heard[fromNode] = true;
        WireCodec.Frame frame;
        try {
            frame = codec.decode(buffer, offset, length);
        } catch (MalformedFrameException e) {
            reject(malformed, "malformed frame from " + partition.describe(fromNode) + ": " + e.getMessage());
            return;
        }
        Message m = frame.message();
        if (m.source() >= p) {
            if (m.source() != p + fromNode || frame.destination() != p + node) {
                reject(misaddressed, "a control frame from " + partition.describe(fromNode) + " names source "
                        + m.source() + " and destination " + frame.destination());
                return;
            }
            try {
                control(fromNode, m);
            } catch (IllegalArgumentException | ClassCastException e) {
                reject(malformed, "bad control frame " + m.tag() + " from " + partition.describe(fromNode) + ": " + e.getMessage());
            }
            return;
        }
        NodeRun r = run;
        if (partition.nodeOf(m.source()) != fromNode || partition.nodeOf(frame.destination()) != node) {
            reject(misaddressed, "a message " + m.source() + " -> " + frame.destination() + " from " + partition.describe(fromNode));
            return;
        }
        if (phase == Phase.SETUP && readySent && r != null) {
            // A peer that heard GO first: GO went out after every READY, so it is on its way here too.
            start(r);
        }
        if (phase == Phase.FAILED) {
            // In flight when the run failed: the failure is the run's outcome, the message part of it.
            discardedAfterFailure.incrementAndGet();
        } else if (phase != Phase.RUNNING || r == null) {
            reject(misaddressed, "a message " + m.source() + " -> " + frame.destination() + " while the run is " + phase);
        } else {
            receivedFrom[fromNode]++;
            r.deliver(m, frame.destination());
            changed = true;
        }
    }

    private void reject(AtomicLong counter, String why) {
        counter.incrementAndGet();
        lastRejection = why;
    }

    private void control(int from, Message m) {
        NodeRun r = run;
        switch (m.tag()) {
            case HEARTBEAT -> { }
            case READY -> {
                requireCoordinator(m);
                ready[from] = true;
                maybeGo();
            }
            case GO -> {
                if (r == null || !readySent) {
                    throw new IllegalArgumentException("GO before this node said READY");
                }
                if (phase == Phase.SETUP) {
                    start(r);
                }
            }
            case REPORT -> {
                requireCoordinator(m);
                if (phase == Phase.RUNNING) {
                    coordinator.onReport(from, Report.decode((long[]) m.payload(), partition, from));
                    evaluate();
                }
            }
            case LET_GO -> {
                long[] a = (long[]) m.payload();
                List<Integer> ranks = new ArrayList<>();
                for (int i = 1; i < a.length; i++) {
                    ranks.add(Math.toIntExact(a[i]));
                }
                letGo(r, a[0], ranks);
            }
            case END -> end(r, (long[]) m.payload());
            case FAIL -> {
                String text = new String((byte[]) m.payload(), StandardCharsets.UTF_8);
                failFromPeer((int) m.sendStart(), partition.describe(from) + " reports: " + text);
            }
            case BYE -> {
                requireCoordinator(m);
                if (++byes == partition.nodes() - 1) {
                    broadcast(FIN, null, 0);
                    finished.countDown();
                }
            }
            case FIN -> finished.countDown();
            default -> throw new IllegalArgumentException("unknown control kind " + m.tag());
        }
    }

    private void requireCoordinator(Message m) {
        if (coordinator == null) {
            throw new IllegalArgumentException("control kind " + m.tag() + " is for node 0");
        }
    }

    /** Transport thread: heartbeats, time-outs, reports; call at least every few milliseconds. */
    public void tick() {
        long now = System.nanoTime();
        NodeRun r = run;
        if (r != null && !readySent) {
            readySent = true;
            if (coordinator != null) {
                ready[0] = true;
                maybeGo();
            } else {
                send(0, READY, null, 0);
            }
        }
        if (now - lastBeat >= TimeUnit.MILLISECONDS.toNanos(HEARTBEAT_MILLIS) && !finished()) {
            lastBeat = now;
            broadcast(HEARTBEAT, null, 0);
        }
        Phase ph = phase;
        if (ph == Phase.SETUP || ph == Phase.RUNNING) {
            checkPeers(now);
        } else if (now - phaseSince > (ph == Phase.FAILED ? FAIL_LINGER_NANOS : LINGER_NANOS)) {
            finished.countDown();
        }
        if (phase == Phase.RUNNING && changed && r != null) {
            changed = false;
            NodeSnapshot snapshot = r.snapshot();
            if (snapshot != null) {
                long[] sent = new long[partition.nodes()];
                for (int i = 0; i < sent.length; i++) {
                    sent[i] = sentTo.get(i);
                }
                Report report = new Report(appliedSeq, sent, receivedFrom.clone(), snapshot);
                if (coordinator != null) {
                    coordinator.onReport(0, report);
                    evaluate();
                } else {
                    send(0, REPORT, report.encode(), 0);
                }
            }
        }
    }

    private void checkPeers(long now) {
        List<String> silent = new ArrayList<>();
        for (int i = 0; i < partition.nodes(); i++) {
            if (i == node) {
                continue;
            }
            if (heard[i] && now - lastHeard[i] > peerTimeoutNanos) {
                silent.add(partition.describe(i) + " silent for " + TimeUnit.NANOSECONDS.toMillis(now - lastHeard[i])
                        + " ms (peer timeout " + TimeUnit.NANOSECONDS.toMillis(peerTimeoutNanos) + " ms)");
            } else if (!heard[i] && now - createdNanos > connectTimeoutNanos) {
                silent.add(partition.describe(i) + " never heard within the connect timeout of "
                        + TimeUnit.NANOSECONDS.toMillis(connectTimeoutNanos) + " ms");
            }
        }
        if (!silent.isEmpty()) {
            failLocal(new RunFailedException(-1, "lost contact on node " + node + ": " + String.join("; ", silent)
                    + "; the process died, stopped answering or never joined", null));
        }
    }

    private void maybeGo() {
        for (boolean b : ready) {
            if (!b) {
                return;
            }
        }
        if (phase == Phase.SETUP && run != null) {
            broadcast(GO, null, 0);
            start(run);
        }
    }

    private void start(NodeRun r) {
        phaseSince = System.nanoTime();
        phase = Phase.RUNNING;
        changed = true;
        r.start();
    }

    private void evaluate() {
        ClusterCoordinator.Outcome outcome = coordinator.evaluate();
        NodeRun r = run;
        switch (outcome) {
            case null -> { }
            case ClusterCoordinator.LetGo go -> {
                for (Map.Entry<Integer, List<Integer>> e : go.byNode().entrySet()) {
                    if (e.getKey() == 0) {
                        letGo(r, go.seq(), e.getValue());
                    } else {
                        long[] a = new long[e.getValue().size() + 1];
                        a[0] = go.seq();
                        for (int i = 0; i < e.getValue().size(); i++) {
                            a[i + 1] = e.getValue().get(i);
                        }
                        send(e.getKey(), LET_GO, a, 0);
                    }
                }
            }
            case ClusterCoordinator.End end -> {
                long[] a = encodeEnd(end);
                broadcast(END, a, 0);
                end(r, a);
                if (partition.nodes() == 1) {
                    finished.countDown();
                }
            }
            case ClusterCoordinator.Failure f -> failLocal(f.cause() instanceof RunFailedException rf ? rf
                    : new RunFailedException(-1, f.cause().getMessage(), f.cause()));
        }
    }

    private void letGo(NodeRun r, long seq, List<Integer> ranks) {
        if (r == null || phase != Phase.RUNNING) {
            throw new IllegalArgumentException("LET_GO while the run is " + phase);
        }
        try {
            r.letGo(ranks);
        } catch (IllegalStateException e) {
            failLocal(new RunFailedException(-1, e.getMessage(), e));
            return;
        }
        appliedSeq = seq;
        changed = true;
    }

    private long[] encodeEnd(ClusterCoordinator.End end) {
        List<RunResult.InFlight> left = end.inFlight();
        long[] a = new long[3 * p + 1 + 3 * left.size()];
        System.arraycopy(end.finish(), 0, a, 0, p);
        System.arraycopy(end.sent(), 0, a, p, p);
        System.arraycopy(end.received(), 0, a, 2 * p, p);
        a[3 * p] = left.size();
        int i = 3 * p + 1;
        for (RunResult.InFlight f : left) {
            a[i++] = f.source();
            a[i++] = f.destination();
            a[i++] = f.count();
        }
        return a;
    }

    private void end(NodeRun r, long[] a) {
        if (r == null || phase != Phase.RUNNING) {
            throw new IllegalArgumentException("END while the run is " + phase);
        }
        int k = Math.toIntExact(a[3 * p]);
        if (a.length != 3 * p + 1 + 3 * k) {
            throw new IllegalArgumentException("END of " + a.length + " values for P = " + p);
        }
        List<RunResult.InFlight> left = new ArrayList<>(k);
        for (int i = 3 * p + 1; i < a.length; i += 3) {
            left.add(new RunResult.InFlight(Math.toIntExact(a[i]), Math.toIntExact(a[i + 1]), a[i + 2]));
        }
        phaseSince = System.nanoTime();
        phase = Phase.ENDED;
        r.end(Arrays.copyOfRange(a, 0, p), Arrays.copyOfRange(a, p, 2 * p),
                Arrays.copyOfRange(a, 2 * p, 3 * p), left);
        if (coordinator == null) {
            send(0, BYE, null, 0);
        }
    }

    private void failLocal(RunFailedException f) {
        NodeRun r = run;
        if (r != null) {
            r.fail(f);
        } else if (phase == Phase.SETUP) {
            earlyFailure = f;
            remote.failed(f);
        }
    }

    private void failFromPeer(int rank, String message) {
        NodeRun r = run;
        if (phase != Phase.FAILED) {
            phaseSince = System.nanoTime();
            phase = Phase.FAILED;
        }
        if (r != null) {
            r.fail(rank, message);
        } else {
            earlyFailure = new RunFailedException(rank, message, null);
        }
    }

    private void broadcast(int kind, Object payload, long aux) {
        for (int i = 0; i < partition.nodes(); i++) {
            if (i != node) {
                send(i, kind, payload, aux);
            }
        }
    }

    /**
     * Sends a control frame. Best effort: a peer that is gone is noticed by its silence, and a
     * transport that has closed or failed (this node is finishing or failing) has nobody left to tell.
     */
    private void send(int to, int kind, Object payload, long aux) {
        Message m = new Message(p + node, kind, payload, 0, aux, 0);
        ExpandableArrayBuffer buffer = buffer(codec.frameLength(m));
        int length = codec.encode(m, p + to, buffer, 0);
        try {
            transport.send(to, buffer, 0, length);
        } catch (RuntimeException e) {
            lastTransportError = "could not send control frame " + kind + " to node " + to + ": " + e.getMessage();
        }
    }

    private static ExpandableArrayBuffer buffer(int length) {
        ExpandableArrayBuffer b = BUFFERS.get();
        if (b.capacity() < length) {
            b = new ExpandableArrayBuffer(Math.max(length, 2 * b.capacity()));
            BUFFERS.set(b);
        }
        return b;
    }

    /** The cluster as the local runtime sees it. */
    private final class Remote implements RemoteRanks {
        @Override
        public int firstLocal() {
            return partition.first(node);
        }

        @Override
        public int localCount() {
            return partition.count(node);
        }

        @Override
        public void send(int dst, Message m) {
            int to = partition.nodeOf(dst);
            int length = codec.frameLength(m);
            if (length > transport.maxFrameLength()) {
                throw new IllegalArgumentException("a message to rank " + dst + " takes " + length
                        + " bytes on the wire; the transport carries at most " + transport.maxFrameLength());
            }
            ExpandableArrayBuffer buffer = buffer(length);
            codec.encode(m, dst, buffer, 0);
            sentTo.incrementAndGet(to);
            if (!transport.send(to, buffer, 0, length)) {
                throw new IllegalStateException("cannot send to rank " + dst + ": " + partition.describe(to) + " is not connected");
            }
        }

        @Override
        public void changed() {
            changed = true;
        }

        @Override
        public void failed(RunFailedException failure) {
            if (phase != Phase.FAILED) {
                phaseSince = System.nanoTime();
                phase = Phase.FAILED;
            }
            byte[] text = String.valueOf(failure.getMessage()).getBytes(StandardCharsets.UTF_8);
            broadcast(FAIL, text, failure.rank());
        }
    }
}
