package org.logplab.core.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
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
import org.logplab.core.wire.PayloadCodec;
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
 * <p><b>Protocol.</b> Every frame starts with its {@link FrameKind}. {@code DATA} frames carry
 * the wire codec's frame of one message between ranks; control frames carry their typed payload
 * ({@link ControlCodecs}) or nothing: every node says READY once its ranks exist; node 0 says GO
 * when all have; nodes REPORT quiescent snapshots to node 0, which answers LET_GO (model-clock
 * recvAny), END (with every rank's totals) or FAIL (deadlock); every node sends a HEARTBEAT to
 * every other each {@value #HEARTBEAT_MILLIS} ms; a failure anywhere is sent to all as FAIL; after
 * END the others say BYE and node 0 answers FIN, so that nobody shuts down under a peer's last
 * frames. A frame longer than the transport carries travels in CHUNKs ({@link FrameSplitter},
 * {@link FrameAssembler}): messages have no size limit but memory.
 *
 * <p><b>Failure.</b> A peer silent for the peer timeout (or never heard within the connect
 * timeout) fails the run on this node, naming the peer's ranks ({@link PeerLiveness}), and how much
 * of a long frame from it had come if one was under way. A frame that does not decode, or claims a
 * source or destination its sender may not use, is rejected and counted ({@link #malformedFrames()},
 * {@link #misaddressedFrames()}); it never reaches a rank.
 *
 * <p><b>Threads.</b> {@link #run} on the caller's thread; {@link #onFrame} and {@link #tick} on
 * the transport's one receiving thread, which should call {@code tick} at least every few
 * milliseconds until {@link #finished()}.
 */
public final class ClusterNode {
    static final long HEARTBEAT_MILLIS = 100;
    private static final long DRAIN_MILLIS = 2_000;
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long FAIL_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final ThreadLocal<ExpandableArrayBuffer> BUFFERS = ThreadLocal.withInitial(() -> new ExpandableArrayBuffer(1024));

    private enum Phase { SETUP, RUNNING, ENDED, FAILED }

    private final Partition partition;
    private final int node;
    private final RunConfig config;
    private final WireCodec codec;
    private final FrameSplitter out;
    private final ControlOutbox control;
    private final FrameAssembler assembler;
    private final PeerLiveness liveness;
    private final int p;
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
    private volatile long finishedAt;
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
        this.p = partition.P();
        int n = partition.nodes();
        this.out = new FrameSplitter(transport, n);
        this.control = new ControlOutbox(transport, out, n);
        this.assembler = new FrameAssembler(n);
        this.liveness = new PeerLiveness(node, n, peerTimeout.toNanos(), connectTimeout.toNanos(), System.nanoTime());
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

    /**
     * Whether this node is done with the network: the run has ended here and its last control
     * frames have gone (or have had {@value #DRAIN_MILLIS} ms to); the transport may close.
     */
    public boolean finished() {
        if (finished.getCount() != 0) {
            return false;
        }
        long now = System.nanoTime();
        if (finishedAt == 0) {
            finishedAt = now;
        }
        return control.idle() || now - finishedAt > TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS);
    }

    /** Frames that did not decode (chunks out of order among them). */
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

    /** Long frames dropped before their last chunk came: a chunk out of order, or a sender lost mid-frame. */
    public long incompleteFrames() {
        return assembler.discarded();
    }

    /** Why the latest control frame could not be sent (the transport had closed), or null. */
    public String lastTransportError() {
        return control.lastError() != null ? control.lastError() : lastTransportError;
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
        liveness.heard(fromNode, System.nanoTime());
        try {
            FrameKind kind = FrameKind.of(length > 0 ? buffer.getByte(offset) : -1);
            if (kind == FrameKind.CHUNK) {
                DirectBuffer whole = assembler.add(fromNode, buffer, offset, length);
                if (whole == null) {
                    return;
                }
                buffer = whole;
                offset = 0;
                length = whole.capacity();
                kind = FrameKind.of(buffer.getByte(0));
                if (kind == FrameKind.CHUNK) {
                    throw new MalformedFrameException("a chunked frame of chunks");
                }
            }
            if (kind == FrameKind.DATA) {
                data(fromNode, codec.decode(buffer, offset + 1, length - 1));
            } else {
                control(fromNode, kind, buffer, offset + 1, length - 1);
            }
        } catch (MalformedFrameException e) {
            reject(malformed, "malformed frame from " + partition.describe(fromNode) + ": " + e.getMessage());
        }
    }

    private void data(int fromNode, WireCodec.Frame frame) {
        Message m = frame.message();
        int destination = frame.destination();
        if (m.source() >= p || destination >= p || partition.nodeOf(m.source()) != fromNode || partition.nodeOf(destination) != node) {
            reject(misaddressed, "a message " + m.source() + " -> " + destination + " from " + partition.describe(fromNode));
            return;
        }
        NodeRun r = run;
        if (phase == Phase.SETUP && readySent && r != null) {
            // A peer that heard GO first: GO went out after every READY, so it is on its way here too.
            start(r);
        }
        if (phase == Phase.FAILED) {
            // In flight when the run failed: the failure is the run's outcome, the message part of it.
            discardedAfterFailure.incrementAndGet();
        } else if (phase != Phase.RUNNING || r == null) {
            reject(misaddressed, "a message " + m.source() + " -> " + destination + " while the run is " + phase);
        } else {
            receivedFrom[fromNode]++;
            r.deliver(m, destination);
            changed = true;
        }
    }

    private void reject(AtomicLong counter, String why) {
        counter.incrementAndGet();
        lastRejection = why;
    }

    private void control(int from, FrameKind kind, DirectBuffer buffer, int offset, int length) {
        if (kind.empty() && length != 0) {
            throw new MalformedFrameException("a " + kind + " frame with " + length + " payload bytes");
        }
        if (kind.toCoordinator() ? coordinator == null : kind.fromCoordinator() && from != 0) {
            reject(misaddressed, "a " + kind + " frame from " + partition.describe(from) + " to node " + node
                    + (kind.toCoordinator() ? ": it is for node 0" : ": only node 0 sends it"));
            return;
        }
        try {
            NodeRun r = run;
            switch (kind) {
                case HEARTBEAT -> { }
                case READY -> {
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
                    Report report = ControlCodecs.REPORT.decode(buffer, offset, length).checkedFrom(partition, from);
                    if (phase == Phase.RUNNING) {
                        coordinator.onReport(from, report);
                        evaluate();
                    }
                }
                case LET_GO -> {
                    ControlCodecs.LetGo go = ControlCodecs.LET_GO.decode(buffer, offset, length);
                    List<Integer> ranks = new ArrayList<>(go.ranks().length);
                    for (int rank : go.ranks()) {
                        ranks.add(rank);
                    }
                    letGo(r, go.seq(), ranks);
                }
                case END -> end(r, ControlCodecs.END.decode(buffer, offset, length));
                case FAIL -> {
                    ControlCodecs.FailureNotice f = ControlCodecs.FAIL.decode(buffer, offset, length);
                    failFromPeer(f.rank(), partition.describe(from) + " reports: " + f.text());
                }
                case BYE -> {
                    if (++byes == partition.nodes() - 1) {
                        broadcast(FrameKind.FIN, null, null);
                        finished.countDown();
                    }
                }
                case FIN -> finished.countDown();
                case DATA, CHUNK -> throw new IllegalStateException(kind + " is not a control frame");
            }
        } catch (IllegalArgumentException e) {
            reject(malformed, "bad control frame " + kind + " from " + partition.describe(from) + ": " + e.getMessage());
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
                send(0, FrameKind.READY, null, null);
            }
        }
        if (now - lastBeat >= TimeUnit.MILLISECONDS.toNanos(HEARTBEAT_MILLIS) && finished.getCount() != 0) {
            lastBeat = now;
            broadcast(FrameKind.HEARTBEAT, null, null);
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
                    send(0, FrameKind.REPORT, ControlCodecs.REPORT, report);
                }
            }
        }
    }

    private void checkPeers(long now) {
        List<Integer> silent = liveness.silent(now);
        if (silent.isEmpty()) {
            return;
        }
        List<String> why = new ArrayList<>();
        for (int i : silent) {
            String lost = assembler.discard(i);
            why.add(partition.describe(i) + " " + liveness.why(i, now)
                    + (lost == null ? "" : " (" + lost + " from it had come; the frame was discarded)"));
        }
        failLocal(new RunFailedException(-1, "lost contact on node " + node + ": " + String.join("; ", why)
                + "; the process died, stopped answering or never joined", null));
    }

    private void maybeGo() {
        for (boolean b : ready) {
            if (!b) {
                return;
            }
        }
        if (phase == Phase.SETUP && run != null) {
            broadcast(FrameKind.GO, null, null);
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
                        int[] ranks = e.getValue().stream().mapToInt(Integer::intValue).toArray();
                        send(e.getKey(), FrameKind.LET_GO, ControlCodecs.LET_GO, new ControlCodecs.LetGo(go.seq(), ranks));
                    }
                }
            }
            case ClusterCoordinator.End end -> {
                ControlCodecs.RunEnd e = new ControlCodecs.RunEnd(end.finish(), end.sent(), end.received(), end.inFlight());
                broadcast(FrameKind.END, ControlCodecs.END, e);
                end(r, e);
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

    private void end(NodeRun r, ControlCodecs.RunEnd e) {
        if (r == null || phase != Phase.RUNNING) {
            throw new IllegalArgumentException("END while the run is " + phase);
        }
        if (e.finish().length != p) {
            throw new IllegalArgumentException("END of " + e.finish().length + " ranks for P = " + p);
        }
        phaseSince = System.nanoTime();
        phase = Phase.ENDED;
        r.end(e.finish(), e.sent(), e.received(), e.inFlight());
        if (coordinator == null) {
            send(0, FrameKind.BYE, null, null);
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

    private <T> void broadcast(FrameKind kind, PayloadCodec<T> payloadCodec, T payload) {
        for (int i = 0; i < partition.nodes(); i++) {
            if (i != node) {
                send(i, kind, payloadCodec, payload);
            }
        }
    }

    /**
     * Sends a control frame through the outbox, never waiting. Best effort: a peer that is gone is
     * noticed by its silence, and a transport that has closed or failed (this node is finishing or
     * failing) has nobody left to tell.
     */
    private <T> void send(int to, FrameKind kind, PayloadCodec<T> payloadCodec, T payload) {
        int length = 1 + (payload == null ? 0 : payloadCodec.encodedLength(payload));
        MutableDirectBuffer buffer = buffer(length);
        buffer.putByte(0, kind.code);
        if (payload != null) {
            payloadCodec.encode(payload, buffer, 1);
        }
        try {
            control.send(to, buffer, length);
        } catch (RuntimeException e) {
            lastTransportError = "could not send control frame " + kind + " to node " + to + ": " + e.getMessage();
        }
    }

    private static MutableDirectBuffer buffer(int length) {
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
            int length = 1 + codec.frameLength(m);
            MutableDirectBuffer buffer = buffer(length);
            buffer.putByte(0, FrameKind.DATA.code);
            codec.encode(m, dst, buffer, 1);
            sentTo.incrementAndGet(to);
            if (!out.send(to, buffer, 0, length)) {
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
            broadcast(FrameKind.FAIL, ControlCodecs.FAIL, new ControlCodecs.FailureNotice(failure.rank(), String.valueOf(failure.getMessage())));
        }
    }
}
