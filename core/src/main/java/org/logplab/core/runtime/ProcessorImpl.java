package org.logplab.core.runtime;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;
import org.logplab.core.trace.TraceEvent;

/**
 * The runtime's processor: channels, counting, blocking and tracing around a {@link Clock}.
 * Every method but those marked for the {@link Coordinator} runs on the processor's own thread.
 */
final class ProcessorImpl extends WaitStatePadAfter implements Processor {
    static final int RUNNING = 0;
    static final int WAIT_RECV = 1;
    static final int WAIT_ANY = 2;
    static final int WAIT_SEND = 3;
    static final int DONE = 4;
    private static final int FAST_SPINS = 256;
    private static final long POLL_PARK_NANOS = 20_000;
    private static final long REMOTE_YIELD_NANOS = 200_000;

    final int rank;
    final Run run;
    final Clock clock;
    /** Channels into this processor by source rank; created by whichever side needs one first. */
    final ConcurrentHashMap<Integer, Channel> inbound = new ConcurrentHashMap<>(4);
    /**
     * The inbound channels as an array, renewed when a channel is added: a spinning recvAny scans
     * them millions of times a second, and iterating the map would allocate on every scan (the
     * garbage collections that followed cost a busy node about 4 us per task). Volatile because
     * the coordinator scans it too.
     */
    private volatile Channel[] inboundArray = new Channel[0];
    private HashMap<Integer, Channel> outbound;
    private int lastDst = -1;
    private Channel lastOut;
    private int lastSrc = -1;
    private Channel lastIn;
    /**
     * Whether a send fences before reading the receiver's wait state, so that no wake-up is
     * missed. Model clock: always (a missed wake-up could let the coordinator resolve a recvAny
     * too early). Wall clock with spinning receivers: no; the fence would stall every send for a
     * cache-line round trip, a receiver blocks only after spinning for {@link Run#SPIN_NANOS},
     * blocked receivers re-check on a timer, and the coordinator re-checks them before calling
     * a deadlock.
     */
    private final boolean fenceAfterSend;
    long sent;
    long received;
    long finishTime;
    final List<TraceEvent> trace;


    ProcessorImpl(int rank, Run run) {
        this.rank = rank;
        this.run = run;
        // Allocated after this object, so that it sits next to this processor's own fields.
        this.clock = run.newClock();
        this.fenceAfterSend = !run.spinning;
        this.trace = run.config.trace() ? new ArrayList<>() : null;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return run.params.P();
    }

    @Override
    public LogP params() {
        return run.params;
    }

    @Override
    public ClockKind clock() {
        return run.config.clock();
    }

    @Override
    public long now() {
        return clock.now();
    }

    @Override
    public void send(int dst, int tag, Object payload) {
        send(dst, tag, payload, Message.inferBytes(payload));
    }

    @Override
    public void send(int dst, int tag, Object payload, int bytes) {
        run.checkRank(dst, "destination");
        if (bytes < 0) {
            throw new IllegalArgumentException("message size must not be negative, got " + bytes + " bytes");
        }
        run.checkAbort();
        ProcessorImpl receiver = run.processors[dst];
        if (receiver == null) {
            sendRemote(dst, tag, payload, bytes);
            return;
        }
        Channel ch = outbound(dst);
        long start = clock.send(bytes);
        Message m = new Message(rank, tag, payload, bytes, start, clock.lastArrival);
        if (!ch.offer(m)) {
            awaitRoom(ch, m);
        }
        sent++;
        if (fenceAfterSend) {
            // Publish the message before reading the receiver's state, so a receiver that blocked
            // concurrently either sees the message or is seen blocked here (no lost wake-up).
            VarHandle.fullFence();
        }
        if (receiver.state != RUNNING) {
            run.coordinator.messageSent(receiver, rank);
        }
        if (trace != null) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.SEND, start, clock.lastEnd, dst, tag, bytes));
        }
    }

    /** A send to a rank of another process: through the cluster's transport, never waiting for room. */
    private void sendRemote(int dst, int tag, Object payload, int bytes) {
        long start = clock.send(bytes);
        run.remote.send(dst, new Message(rank, tag, payload, bytes, start, clock.lastArrival));
        sent++;
        if (trace != null) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.SEND, start, clock.lastEnd, dst, tag, bytes));
        }
    }

    @Override
    public Message recv(int src) {
        run.checkRank(src, "source");
        Channel ch = inboundFrom(src);
        Message m = ch.peek();
        if (m == null) {
            m = awaitMessage(ch);
        }
        return take(ch, m);
    }

    @Override
    public Message recvAny() {
        Channel ch = run.coordinator.modelClock ? grantedChannel() : earliestDelivered();
        return take(ch, ch.peek());
    }

    @Override
    public Message recvAnyBy(long deadline) {
        Channel ch = run.coordinator.modelClock ? grantedChannelBy(deadline) : earliestDeliveredBy(deadline);
        if (ch == null) {
            clock.idleUntil(deadline);
            return null;
        }
        return take(ch, ch.peek());
    }

    @Override
    public void compute(long units) {
        if (units < 0) {
            throw new IllegalArgumentException("compute units must not be negative, got " + units);
        }
        run.checkAbort();
        long start = clock.now();
        clock.compute(units);
        if (trace != null && units > 0) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.COMPUTE, start, clock.lastEnd, -1, 0, 0));
        }
    }

    private Message take(Channel ch, Message m) {
        long start = clock.receive(m.arrival());
        ch.poll();
        if (ch.senderWaiting) {
            run.coordinator.roomFreed(run.processors[ch.source], ch);
        }
        received++;
        run.latency.record(rank, clock.lastEnd - m.sendStart());
        if (trace != null) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.RECV, start, clock.lastEnd, m.source(), m.tag(), m.bytes()));
        }
        return m;
    }

    /** Model clock: the coordinator decides which message a recvAny takes, at quiescence. */
    private Channel grantedChannel() {
        grant = null;
        run.coordinator.block(this, WAIT_ANY, -1, null, () -> false);
        Channel ch = grant;
        grant = null;
        return ch;
    }

    /** Model clock: as {@link #grantedChannel()}, or null when no message arrives by {@code deadline}. */
    private Channel grantedChannelBy(long deadline) {
        grant = null;
        anyDeadline = deadline;
        try {
            run.coordinator.block(this, WAIT_ANY, -1, null, () -> false);
        } finally {
            anyDeadline = Long.MAX_VALUE;
        }
        Channel ch = grant;
        grant = null;
        return ch;
    }

    /**
     * Wall clock: the queued message with the earliest arrival if that is by {@code deadline} (after
     * waiting for it to arrive), else null once {@code deadline} has passed with none.
     */
    private Channel earliestDeliveredBy(long deadline) {
        WallClock wall = run.wallClock(this);
        for (int spins = 1; ; spins++) {
            Channel best = earliestHead();
            if (best != null && best.peek().arrival() <= deadline) {
                wall.waitUntil(best.peek().arrival());
                return earliestHead();
            }
            long now = clock.now();
            if (now >= deadline) {
                return null;
            }
            // A message may be queued at any moment: look again every few microseconds, parking
            // between looks unless the run spins (parking costs a wake-up of tens of us here).
            if (run.spinning || deadline - now < WallClock.PARK_ABOVE_NANOS) {
                Thread.onSpinWait();
                if ((spins & 1023) == 0) {
                    run.checkAbort();
                }
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(POLL_PARK_NANOS);
                run.checkAbort();
            }
        }
    }

    /** Wall clock: the message with the earliest arrival, waiting for one if none is queued. */
    private Channel earliestDelivered() {
        Channel best = earliestHead();
        if (best == null && run.spinning && spinUntil(() -> earliestHead() != null)) {
            best = earliestHead();
        } else if (best == null && run.remote != null && yieldUntil(() -> earliestHead() != null)) {
            best = earliestHead();
        }
        while (best == null) {
            run.coordinator.block(this, WAIT_ANY, -1, null, () -> earliestHead() != null);
            best = earliestHead();
        }
        // Wait until it arrives, then take whichever queued message arrived first by then.
        run.wallClock(this).waitUntil(best.peek().arrival());
        return earliestHead();
    }

    /** Reports each inbound channel that still holds messages (at the end of a run, or at quiescence). */
    void leftovers(Consumer<RunResult.InFlight> sink) {
        for (Channel ch : inbound.values()) {
            int left = ch.size();
            if (left > 0) {
                sink.accept(new RunResult.InFlight(ch.source, ch.destination, left));
            }
        }
    }

    /** The channel whose head message has the smallest (arrival, source), or null if all are empty. */
    Channel earliestHead() {
        Channel best = null;
        long bestArrival = Long.MAX_VALUE;
        Channel[] channels = inboundArray;
        if (channels.length != inbound.size()) {
            channels = inbound.values().toArray(new Channel[0]);
            inboundArray = channels;
        }
        for (Channel ch : channels) {
            Message m = ch.peek();
            if (m != null && (m.arrival() < bestArrival
                    || (m.arrival() == bestArrival && ch.source < best.source))) {
                best = ch;
                bestArrival = m.arrival();
            }
        }
        return best;
    }

    private Message awaitMessage(Channel ch) {
        Message m;
        if (run.spinning) {
            // A short spin first: in a stream the next message is usually nanoseconds away, and
            // reading the clock for a deadline would cost more than the wait.
            for (int i = 0; i < FAST_SPINS; i++) {
                Thread.onSpinWait();
                if ((m = ch.peek()) != null) {
                    return m;
                }
            }
            if (spinUntil(() -> ch.peek() != null)) {
                return ch.peek();
            }
        } else if (run.remote != null && yieldUntil(() -> ch.peek() != null)) {
            return ch.peek();
        }
        while ((m = ch.peek()) == null) {
            run.coordinator.block(this, WAIT_RECV, ch.source, ch, () -> ch.peek() != null);
        }
        return m;
    }

    /**
     * Cluster runs: yields until {@code ready} holds (true) or {@link #REMOTE_YIELD_NANOS} have
     * passed (false). A message from another process is a transport thread's poll away; parking
     * at once would add a wake-up (tens of us) to every hop, and yielding leaves the core to
     * whoever needs it (the transport's thread, the media driver; spinning instead starved the
     * driver). On the 2-core test machine a hop between processes went from 125 to 75-90 us over
     * IPC and from 280 to 185-225 us over UDP.
     */
    private boolean yieldUntil(BooleanSupplier ready) {
        long deadline = System.nanoTime() + REMOTE_YIELD_NANOS;
        do {
            Thread.yield();
            if (ready.getAsBoolean()) {
                return true;
            }
        } while (System.nanoTime() < deadline);
        run.checkAbort();
        return false;
    }

    /** Spins until {@code ready} holds (true) or {@link Run#SPIN_NANOS} have passed (false). */
    private boolean spinUntil(BooleanSupplier ready) {
        long deadline = System.nanoTime() + Run.SPIN_NANOS;
        for (int i = 1; ; i++) {
            Thread.onSpinWait();
            if (ready.getAsBoolean()) {
                return true;
            }
            if ((i & 1023) == 0) {
                run.checkAbort();
                if (System.nanoTime() > deadline) {
                    return false;
                }
            }
        }
    }

    private void awaitRoom(Channel ch, Message m) {
        ch.senderWaiting = true;
        try {
            boolean[] offered = {false};
            while (!offered[0]) {
                run.coordinator.block(this, WAIT_SEND, ch.destination, ch, () -> offered[0] = ch.offer(m));
            }
        } finally {
            ch.senderWaiting = false;
        }
    }

    private Channel outbound(int dst) {
        if (dst == lastDst) {
            return lastOut;
        }
        if (outbound == null) {
            outbound = new HashMap<>();
        }
        Channel ch = outbound.get(dst);
        if (ch == null) {
            ch = run.channel(rank, dst);
            outbound.put(dst, ch);
        }
        lastDst = dst;
        lastOut = ch;
        return ch;
    }

    private Channel inboundFrom(int src) {
        if (src == lastSrc) {
            return lastIn;
        }
        Channel ch = run.channel(src, rank);
        lastSrc = src;
        lastIn = ch;
        return ch;
    }

    @Override
    public String toString() {
        return "Processor[rank " + rank + " of " + size() + "]";
    }
}
