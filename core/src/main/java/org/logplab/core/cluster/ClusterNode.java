package org.logplab.core.cluster;

import java.time.Duration;
import org.agrona.DirectBuffer;
import org.logplab.core.ClockKind;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.runtime.NodeRun;
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
 * <p><b>Protocol.</b> Every frame starts with its {@link FrameKind}. {@code DATA} frames carry
 * the wire codec's frame of one message between ranks ({@link RankRouter}); control frames carry
 * their typed payload ({@link ControlCodecs}) or nothing: every node says READY once its ranks
 * exist; node 0 says GO when all have ({@link Handshake}); nodes REPORT quiescent snapshots to node
 * 0, which answers LET_GO (model-clock recvAny), END (with every rank's totals) or FAIL (deadlock)
 * ({@link QuiescenceReports}); every node sends a HEARTBEAT to every other each
 * {@value PeerLiveness#HEARTBEAT_MILLIS} ms; a failure anywhere is sent to all as FAIL
 * ({@link FailureSpread}); after END the others say BYE and node 0 answers FIN, so that nobody
 * shuts down under a peer's last frames ({@link RunPhases}). A frame longer than the transport
 * carries travels in CHUNKs ({@link FrameSplitter}, {@link FrameAssembler}): messages have no size
 * limit but memory.
 *
 * <p><b>Failure.</b> A peer silent for the peer timeout (or never heard within the connect
 * timeout) fails the run on this node, naming the peer's ranks ({@link PeerLiveness}), and how much
 * of a long frame from it had come if one was under way. A frame that does not decode, or claims a
 * source or destination its sender may not use, is rejected and counted ({@link FrameChecks},
 * {@link #malformedFrames()}, {@link #misaddressedFrames()}); it never reaches a rank.
 *
 * <p><b>Threads.</b> {@link #run} on the caller's thread. The transport's receiving thread calls
 * {@link #serve} in a loop until {@link #finished()}: it polls the transport (which calls
 * {@link #onFrame}) and ticks, holding the node's receive turn ({@link ReceiveTurn}). A local rank
 * that waits for a message polls the transport itself, under the same turn, so that a message from
 * another process reaches it without a hand-off between threads; the receiving thread then finds
 * the turn taken and backs off, but takes it (waiting for the rank's poll to end) once its tick is
 * {@value #TICK_LATE_MILLIS} ms late. Whoever holds the turn is the only thread in the frame handler.
 */
public final class ClusterNode {
    /** How late the receiving thread's tick may be before it waits for a polling rank's turn, ms. */
    static final long TICK_LATE_MILLIS = 1;
    private static final long TICK_LATE_NANOS = TICK_LATE_MILLIS * 1_000_000;
    private final Partition partition;
    private final int node;
    private final RunConfig config;
    private final WireCodec codec;
    private final FrameAssembler assembler;
    private final PeerLiveness liveness;
    private final FrameChecks checks;
    private final RankRouter router;
    private final ControlSender control;
    private final RunPhases phases;
    private final FailureSpread failures;
    private final QuiescenceReports reports;
    private final Handshake handshake;
    private final Remote remote = new Remote();
    private final Transport transport;
    private final ReceiveTurn turn = new ReceiveTurn();
    /** When {@link #serve} last ticked; the receiving thread's alone. */
    private long lastTickNanos = System.nanoTime();
    private volatile NodeRun run;

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
            throw new IllegalArgumentException("the partition covers " + partition.P() + " ranks but the run has P = "
                    + config.params().P());
        }
        if (node < 0 || node >= partition.nodes()) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (partition.nodes() - 1));
        }
        if (peerTimeout.toMillis() < 2 * PeerLiveness.HEARTBEAT_MILLIS) {
            throw new IllegalArgumentException("the peer timeout must be at least " + 2 * PeerLiveness.HEARTBEAT_MILLIS
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
        int n = partition.nodes();
        FrameSplitter out = new FrameSplitter(transport, n);
        this.assembler = new FrameAssembler(n);
        this.liveness = new PeerLiveness(node, n, peerTimeout.toNanos(), connectTimeout.toNanos(), System.nanoTime());
        this.checks = new FrameChecks(partition, node);
        this.router = new RankRouter(partition, node, codec, out);
        this.control = new ControlSender(node, n, transport, out);
        this.phases = new RunPhases(n);
        this.failures = new FailureSpread(control, phases);
        ClusterCoordinator coordinator = node == 0
                ? new ClusterCoordinator(partition, config.clock() == ClockKind.MODEL) : null;
        this.reports = new QuiescenceReports(partition, coordinator, router, control, phases, failures);
        this.handshake = new Handshake(node, n, control, phases, reports);
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
        RunFailedException early = failures.early();
        if (early != null) {
            r.fail(early.rank(), early.getMessage());
        }
        try {
            RunResult result = r.await();
            phases.awaitFinished(false);
            return result;
        } catch (RunFailedException e) {
            phases.failed();
            phases.awaitFinished(true);
            throw e;
        }
    }

    /**
     * Ends the run on this node (and tells the others) because the transport gave up, for
     * instance when peers did not connect in time.
     */
    public void abort(String reason) {
        failures.local(run, new RunFailedException(-1, "node " + node + ": " + reason, null));
    }

    /**
     * Whether this node is done with the network: the run has ended here and its last control
     * frames have gone (or have had {@value RunPhases#DRAIN_MILLIS} ms to); the transport may close.
     */
    public boolean finished() {
        return phases.networkDone(control::idle);
    }

    /** Frames that did not decode (chunks out of order among them). */
    public long malformedFrames() {
        return checks.malformed();
    }

    /** Frames that decoded but named a source or destination their sender may not use, or came out of turn. */
    public long misaddressedFrames() {
        return checks.misaddressed();
    }

    /** Messages that arrived after the run had failed here, and were discarded with it. */
    public long discardedAfterFailure() {
        return router.discardedCount();
    }

    /** Long frames dropped before their last chunk came: a chunk out of order, or a sender lost mid-frame. */
    public long incompleteFrames() {
        return assembler.discarded();
    }

    /** Why the latest control frame could not be sent (the transport had closed), or null. */
    public String lastTransportError() {
        return control.lastError();
    }

    /** Why the latest frame was rejected, or null if none was. */
    public String lastRejection() {
        return checks.lastRejection();
    }

    /**
     * The receiving thread's duty, called in a loop until {@link #finished()}: takes the receive
     * turn, {@linkplain Transport#poll polls} the transport and ticks. While a waiting rank holds the
     * turn (it polls for itself) this returns 0 at once, so that the thread backs off, unless the
     * tick is {@value #TICK_LATE_MILLIS} ms late; then it waits for the turn. One thread only.
     *
     * @return the frames polled
     */
    public int serve() {
        if (!turn.tryTake()) {
            if (System.nanoTime() - lastTickNanos < TICK_LATE_NANOS) {
                return 0;
            }
            turn.take();
        }
        try {
            int n = transport.poll();
            duties();
            lastTickNanos = System.nanoTime();
            return n;
        } finally {
            turn.release();
        }
    }

    /**
     * A frame from {@code fromNode}, as the transport received it: called by the transport while
     * it is {@linkplain Transport#poll polled}, under the receive turn (or, before any rank runs,
     * while the transport connects, on its receiving thread).
     */
    public void onFrame(int fromNode, DirectBuffer buffer, int offset, int length) {
        if (!checks.fromPeer(fromNode)) {
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
            checks.rejectMalformed("malformed frame from " + partition.describe(fromNode) + ": " + e.getMessage());
        }
    }

    private void data(int fromNode, WireCodec.Frame frame) {
        Message m = frame.message();
        int destination = frame.destination();
        if (!router.routable(fromNode, m.source(), destination)) {
            checks.rejectMisaddressed("a message " + m.source() + " -> " + destination + " from "
                    + partition.describe(fromNode));
            return;
        }
        NodeRun r = run;
        handshake.onData(r);
        if (phases.get() == RunPhases.Phase.FAILED) {
            // In flight when the run failed: the failure is the run's outcome, the message part of it.
            router.discardedAfterFailure();
        } else if (phases.get() != RunPhases.Phase.RUNNING || r == null) {
            checks.rejectMisaddressed("a message " + m.source() + " -> " + destination + " while the run is "
                    + phases.get());
        } else {
            router.accepted(fromNode);
            r.deliver(m, destination);
            reports.changed();
        }
    }

    private void control(int from, FrameKind kind, DirectBuffer buffer, int offset, int length) {
        if (!checks.controlAllowed(from, kind, length)) {
            return;
        }
        try {
            NodeRun r = run;
            switch (kind) {
                case HEARTBEAT -> { }
                case READY -> handshake.onReady(from, r);
                case GO -> handshake.onGo(r);
                case REPORT -> reports.onReport(from,
                        ControlCodecs.REPORT.decode(buffer, offset, length).checkedFrom(partition, from), r);
                case LET_GO -> reports.onLetGo(r, ControlCodecs.LET_GO.decode(buffer, offset, length));
                case END -> reports.onEnd(r, ControlCodecs.END.decode(buffer, offset, length));
                case FAIL -> {
                    ControlCodecs.FailureNotice f = ControlCodecs.FAIL.decode(buffer, offset, length);
                    failures.fromPeer(run, f.rank(), partition.describe(from) + " reports: " + f.text());
                }
                case BYE -> {
                    if (phases.bye()) {
                        control.broadcast(FrameKind.FIN);
                        phases.finish();
                    }
                }
                case FIN -> phases.finish();
                case DATA, CHUNK -> throw new IllegalStateException(kind + " is not a control frame");
            }
        } catch (IllegalArgumentException e) {
            checks.rejectMalformed("bad control frame " + kind + " from " + partition.describe(from) + ": "
                    + e.getMessage());
        }
    }

    /**
     * Heartbeats, time-outs, reports, without polling (for a receiving thread whose transport
     * failed): takes the receive turn, waiting for it. Call at least every few milliseconds, on one thread.
     */
    public void tick() {
        turn.take();
        try {
            duties();
        } finally {
            turn.release();
        }
    }

    /** Under the receive turn: heartbeats, time-outs, reports. */
    private void duties() {
        long now = System.nanoTime();
        NodeRun r = run;
        handshake.tick(r);
        if (!phases.finished() && liveness.heartbeatDue(now)) {
            control.broadcast(FrameKind.HEARTBEAT);
        }
        RunPhases.Phase phase = phases.get();
        if (phase == RunPhases.Phase.SETUP || phase == RunPhases.Phase.RUNNING) {
            String lost = liveness.lostContact(now, partition, assembler);
            if (lost != null) {
                failures.local(run, new RunFailedException(-1, lost, null));
            }
        } else {
            phases.finishAfterLinger(phase, now);
        }
        reports.tick(r);
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
            router.send(dst, m);
        }

        @Override
        public void changed() {
            reports.changed();
        }

        @Override
        public void failed(RunFailedException failure) {
            failures.spread(failure);
        }

        @Override
        public boolean poll() {
            // Only while the run runs: before GO the transport may still be connecting on its own thread.
            if (phases.get() != RunPhases.Phase.RUNNING || !turn.tryTake()) {
                return false;
            }
            try {
                return transport.poll() > 0;
            } finally {
                turn.release();
            }
        }
    }
}
