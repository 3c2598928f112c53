package org.logplab.core.runtime;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;
import org.logplab.core.TraceEvent;

/**
 * The runtime's processor: channels, counting, blocking and tracing around a {@link Clock}. It
 * lives as long as its {@link ProcessorPool}: its thread, clock, channels and latency histogram
 * are kept between runs and {@linkplain #reset reset} for each. Every method but those marked
 * for the {@link Coordinator} or the pool runs on the processor's own thread.
 *
 * <p>The message path does only what the run needs: a clock read when the run is timed (model
 * clock, injected delays, a trace) or the message's latency is sampled; a fence after a send only
 * when receivers may block without spinning first; no allocation for primitive payloads.
 */
final class ProcessorImpl implements Processor, Runnable, WaitStrategy.Abort {
    static final int RUNNING = 0;
    static final int WAIT_RECV = 1;
    static final int WAIT_ANY = 2;
    static final int WAIT_SEND = 3;
    static final int DONE = 4;
    private static final long POLL_PARK_NANOS = 20_000;
    private static final int FAST_SPINS = 256;
    private static final ChannelConsumer[] NO_CONSUMERS = new ChannelConsumer[0];

    final int rank;
    final ProcessorPool pool;
    private final WaitStates states;
    /** Between runs: whether the thread is parked waiting for the next run (the pool then unparks it). */
    volatile boolean idleParked;
    /** The rank waited on (receive source or send destination), or -1; under the coordinator's lock. */
    int waitPeer;
    /** The channel a receiver waits on for a message. */
    ChannelConsumer waitConsumer;
    /** The channel a sender waits on for room. */
    ChannelProducer waitProducer;
    /** Model clock: the channel a recvAny was granted at quiescence. */
    ChannelConsumer grant;
    /** Model clock: the latest arrival a waiting recvAny accepts ({@code Long.MAX_VALUE}: no deadline). */
    long anyDeadline = Long.MAX_VALUE;
    /** The thread that runs this processor's programs. */
    Thread thread;
    /** The pool's processors by rank (null for other processes' ranks). */
    private final ProcessorImpl[] processors;
    final Clock clock;
    /** The same clock when it is a wall clock, else null. */
    private final WallClock wall;
    /** Channels into this processor; created by whichever side needs one first. */
    final InboundChannels inbound = new InboundChannels();
    /**
     * The receiving ends of every inbound channel, renewed when a channel is added: a spinning
     * recvAny scans them millions of times a second, and iterating the map would allocate on
     * every scan.
     */
    private ChannelConsumer[] consumers = NO_CONSUMERS;
    /** Untimed wall clock: the index in {@link #consumers} served last by {@link #earliestHead()}. */
    private int turn = -1;
    private int lastDst = -1;
    private ChannelProducer lastOut;
    private int lastSrc = -1;
    private ChannelConsumer lastIn;

    // The current run and what it asks of the message path; set by reset().
    Run run;
    Coordinator coordinator;
    private boolean model;
    /** Whether every message is time-stamped by the clock rules (model clock, injected delays, trace). */
    private boolean timed;
    private boolean sampleLatency;
    private long sampleMask;
    /**
     * Whether a send fences before reading the receiver's wait state, so that no wake-up is
     * missed. Not in spinning runs: the fence would stall every send for a cache-line round trip,
     * a receiver blocks only after spinning, blocked receivers re-check on a timer, and the
     * coordinator re-checks them before calling a deadlock.
     */
    private boolean fenceAfterSend;
    private boolean checkOwnership;
    private WaitStrategy messageWait;
    /** Whether waits for a message spin first (a core per processor). */
    private boolean spinFirst;
    long sent;
    long received;
    long finishTime;
    /** Whether the last look at this processor's channels (the run's totals) found them all empty. */
    private boolean seenEmpty;
    /** Whether this processor's thread is in (or about to enter) the current run's program; cleared by that thread. */
    volatile boolean inRun;
    List<TraceEvent> trace;

    ProcessorImpl(int rank, ProcessorPool pool) {
        this.rank = rank;
        this.pool = pool;
        this.processors = pool.processors;
        this.states = pool.waitStates;
        if (pool.config().clock() == ClockKind.MODEL) {
            this.clock = new ModelClock();
            this.wall = null;
        } else {
            this.wall = new WallClock(this);
            this.clock = wall;
        }
    }

    /** {@link #RUNNING}, a wait state, or {@link #DONE}: read by every sender after each send. */
    int state() {
        return states.get(rank);
    }

    /** Sets the wait state (under the coordinator's lock, or between runs). */
    void state(int value) {
        states.set(rank, value);
    }

    /** Pool, between runs (this processor's thread is idle): prepares for {@code r}. */
    void reset(Run r) {
        run = r;
        coordinator = r.coordinator;
        model = r.model;
        timed = r.timed;
        sampleLatency = r.latencyEvery > 0;
        sampleMask = Math.max(0, r.latencyEvery - 1);
        fenceAfterSend = !pool.spinning;
        checkOwnership = r.config.checkOwnership();
        messageWait = r.messageWait;
        spinFirst = pool.spinning;
        clock.reset(r.params);
        sent = 0;
        received = 0;
        finishTime = 0;
        trace = r.config.trace() ? new ArrayList<>() : null;
        waitPeer = -1;
        waitConsumer = null;
        waitProducer = null;
        grant = null;
        anyDeadline = Long.MAX_VALUE;
        state(RUNNING);
        inRun = true;
        seenEmpty = false;
    }

    /** This processor's thread: starts the wall clock at the run's time zero. */
    void startClock(long baseNanos) {
        if (wall != null) {
            wall.start(baseNanos);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return processors.length;
    }

    @Override
    public LogP params() {
        return run.params;
    }

    @Override
    public ClockKind clock() {
        return pool.config().clock();
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
        if (bytes < 0) {
            throw new IllegalArgumentException("message size must not be negative, got " + bytes + " bytes");
        }
        send(dst, tag, SlotRing.OBJECT, SlotRing.objectValue(bytes, checkOwnership ? OwnershipCheck.fingerprint(payload) : 0),
                payload, bytes);
    }

    @Override
    public void sendLong(int dst, int tag, long value) {
        send(dst, tag, SlotRing.LONG, value, null, 8);
    }

    @Override
    public void sendDouble(int dst, int tag, double value) {
        send(dst, tag, SlotRing.DOUBLE, Double.doubleToRawLongBits(value), null, 8);
    }

    private void send(int dst, int tag, int kind, long value, Object payload, int bytes) {
        if (dst < 0 || dst >= processors.length) {
            throw rankOutside(dst, "destination");
        }
        checkAbort();
        ProcessorImpl receiver = processors[dst];
        long n = sent;
        if (receiver == null || timed || (sampleLatency && (n & sampleMask) == 0)) {
            sendStamped(receiver, dst, tag, kind, value, payload, bytes);
            return;
        }
        // Untimed and not sampled: no clock read at all.
        ChannelProducer out = producer(dst);
        if (!out.claim()) {
            awaitRoom(out);
        }
        out.publish(kind, false, tag, value, payload, Message.UNSTAMPED, Message.UNSTAMPED);
        sent = n + 1;
        wake(receiver);
    }

    /** A send that reads the clock: timed runs, sampled messages, remote destinations. */
    private void sendStamped(ProcessorImpl receiver, int dst, int tag, int kind, long value, Object payload, int bytes) {
        boolean sampled = sampleLatency && (sent & sampleMask) == 0;
        long start;
        long arrival;
        if (timed) {
            start = clock.send(bytes);
            arrival = clock.lastArrival;
        } else {
            start = clock.now();
            arrival = start;
        }
        if (receiver == null) {
            run.outside.send(dst, new Message(rank, tag, payloadOf(kind, value, payload), bytes, start, arrival));
        } else {
            ChannelProducer out = producer(dst);
            if (!out.claim()) {
                awaitRoom(out);
            }
            out.publish(kind, sampled, tag, value, payload, start, arrival);
        }
        sent++;
        if (receiver != null) {
            wake(receiver);
        }
        if (trace != null) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.SEND, start, clock.lastEnd, dst, tag, bytes));
        }
    }

    /** After a send to {@code receiver}: wakes it if it is blocked. */
    private void wake(ProcessorImpl receiver) {
        if (fenceAfterSend) {
            // Publish the message before reading the receiver's state, so a receiver that blocked
            // concurrently either sees the message or is seen blocked here (no lost wake-up).
            VarHandle.fullFence();
        }
        if (receiver.state() != RUNNING) {
            coordinator.messageSent(receiver, rank);
        }
    }

    @Override
    public Message recv(int src) {
        return take(awaitFrom(src));
    }

    @Override
    public long recvLong(int src, int tag) {
        ChannelConsumer in = awaitFrom(src);
        if (in.tag() == tag && in.kind() == SlotRing.LONG) {
            long v = in.value();
            consume(in);
            return v;
        }
        Message m = take(in);
        if (m.tag() == tag && (m.payload() instanceof Long || m.payload() instanceof Integer)) {
            return ((Number) m.payload()).longValue();
        }
        throw new IllegalStateException("expected a long tagged " + tag + " from rank " + src + ", got " + describe(m));
    }

    @Override
    public double recvDouble(int src, int tag) {
        ChannelConsumer in = awaitFrom(src);
        if (in.tag() == tag && in.kind() == SlotRing.DOUBLE) {
            double v = Double.longBitsToDouble(in.value());
            consume(in);
            return v;
        }
        Message m = take(in);
        if (m.tag() == tag && (m.payload() instanceof Double || m.payload() instanceof Float)) {
            return ((Number) m.payload()).doubleValue();
        }
        throw new IllegalStateException("expected a double tagged " + tag + " from rank " + src + ", got " + describe(m));
    }

    @Override
    public int drain(int src, int max, Consumer<Message> handler) {
        if (max < 1) {
            throw new IllegalArgumentException("drain takes at least 1 message, got max = " + max);
        }
        ChannelConsumer in = awaitFrom(src);
        int n = 0;
        do {
            handler.accept(take(in));
            n++;
        } while (n < max && in.peek() && (model || !timed || in.arrival() <= clock.now()));
        return n;
    }

    /** The channel from {@code src}, once a message is queued in it (waiting for one). */
    private ChannelConsumer awaitFrom(int src) {
        if (src < 0 || src >= processors.length) {
            throw rankOutside(src, "source");
        }
        ChannelConsumer in = consumer(src);
        if (!in.peek()) {
            awaitMessage(in);
        }
        return in;
    }

    private static String describe(Message m) {
        return "tag " + m.tag() + " with " + (m.payload() == null ? "no payload" : "a " + m.payload().getClass().getSimpleName());
    }

    @Override
    public Message recvAny() {
        ChannelConsumer in = model ? grantedChannel() : earliestDelivered();
        in.peek();
        return take(in);
    }

    @Override
    public Message recvAnyBy(long deadline) {
        // The wall clock returns null only once the deadline has passed: no idling left to do.
        ChannelConsumer in = model ? grantedChannelBy(deadline) : earliestDeliveredBy(deadline);
        if (in == null) {
            if (model) {
                clock.idleUntil(deadline);
            }
            return null;
        }
        in.peek();
        return take(in);
    }

    /**
     * As {@code recvAnyBy(now())}. Under the wall clock it reads no clock when nothing is queued
     * (or, untimed, at all): a node that looks for messages between tasks looks often.
     */
    @Override
    public Message pollAny() {
        if (model) {
            return recvAnyBy(clock.now());
        }
        ChannelConsumer in = earliestHead();
        if (in == null || (timed && in.arrival() > clock.now())) {
            return null;
        }
        in.peek();
        return take(in);
    }

    @Override
    public void compute(long units) {
        if (units < 0) {
            throw new IllegalArgumentException("compute units must not be negative, got " + units);
        }
        checkAbort();
        if (trace == null) {
            clock.compute(units);
            return;
        }
        long start = clock.now();
        clock.compute(units);
        if (units > 0) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.COMPUTE, start, clock.lastEnd, -1, 0, 0));
        }
    }

    /** Takes the head message of {@code in} (just peeked) as a {@link Message}. */
    private Message take(ChannelConsumer in) {
        int kind = in.kind();
        Object payload = kind == SlotRing.OBJECT ? in.payload() : payloadOf(kind, in.value(), null);
        Message m = new Message(in.channel.source, in.tag(), payload, in.bytes(), in.sendStart(timed), in.arrival(timed));
        if (checkOwnership && kind == SlotRing.OBJECT) {
            OwnershipCheck.verify(in.channel.source, rank, in.tag(), in.payload(), in.fingerprint());
        }
        consume(in);
        return m;
    }

    /** Receives the head message of {@code in} (just peeked) under the clock rules and takes it. */
    private void consume(ChannelConsumer in) {
        if (timed || in.sampled()) {
            consumeStamped(in);
            return;
        }
        in.release();
        if (in.channel.senderWaiting) {
            roomFreed(in.channel);
        }
        received++;
    }

    /** As {@link #consume}, for a stamped message: the clock rules, its latency, the trace. */
    private void consumeStamped(ChannelConsumer in) {
        boolean sampled = in.sampled();
        long sendStart = sampled ? in.sendStart() : 0;
        long start = timed ? clock.receive(in.arrival()) : 0;
        int tag = trace == null ? 0 : in.tag();
        int bytes = trace == null ? 0 : in.bytes();
        in.release();
        Channel ch = in.channel;
        if (ch.senderWaiting) {
            roomFreed(ch);
        }
        received++;
        if (sampled) {
            long end = timed ? clock.lastEnd : clock.now();
            pool.latency.record(rank, end - sendStart);
        }
        if (trace != null) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.RECV, start, clock.lastEnd, ch.source, tag, bytes));
        }
    }

    private void roomFreed(Channel ch) {
        coordinator.roomFreed(processors[ch.source], ch);
    }

    private static Object payloadOf(int kind, long value, Object payload) {
        return switch (kind) {
            case SlotRing.LONG -> value;
            case SlotRing.DOUBLE -> Double.longBitsToDouble(value);
            default -> payload;
        };
    }

    /** Model clock: the coordinator decides which message a recvAny takes, at quiescence. */
    private ChannelConsumer grantedChannel() {
        grant = null;
        coordinator.block(this, WAIT_ANY, -1, null, null, () -> false);
        ChannelConsumer in = grant;
        grant = null;
        return in;
    }

    /** Model clock: as {@link #grantedChannel()}, or null when no message arrives by {@code deadline}. */
    private ChannelConsumer grantedChannelBy(long deadline) {
        grant = null;
        anyDeadline = deadline;
        try {
            coordinator.block(this, WAIT_ANY, -1, null, null, () -> false);
        } finally {
            anyDeadline = Long.MAX_VALUE;
        }
        ChannelConsumer in = grant;
        grant = null;
        return in;
    }

    /**
     * Wall clock: the queued message with the earliest arrival if that is by {@code deadline} (after
     * waiting for it to arrive), else null once {@code deadline} has passed with none.
     */
    private ChannelConsumer earliestDeliveredBy(long deadline) {
        for (int spins = 1; ; spins++) {
            ChannelConsumer best = earliestHead();
            if (best != null && best.arrival(timed) <= deadline) {
                wall.waitUntil(best.arrival(timed));
                return earliestHead();
            }
            long now = clock.now();
            if (now >= deadline) {
                return null;
            }
            // A message may be queued at any moment: look again every few microseconds, parking
            // between looks unless the run spins (parking costs a wake-up of tens of us here).
            if (pool.spinning || deadline - now < WaitStrategy.PARK_ABOVE_NANOS) {
                Thread.onSpinWait();
                if ((spins & 1023) == 0) {
                    checkAbort();
                }
            } else {
                LockSupport.parkNanos(POLL_PARK_NANOS);
                checkAbort();
            }
        }
    }

    /** Wall clock: the message with the earliest arrival, waiting for one if none is queued. */
    private ChannelConsumer earliestDelivered() {
        ChannelConsumer best = earliestHead();
        if (best == null && messageWait.await(() -> earliestHead() != null, this)) {
            best = earliestHead();
        }
        while (best == null) {
            coordinator.block(this, WAIT_ANY, -1, null, null, () -> earliestHead() != null);
            best = earliestHead();
        }
        // Wait until it arrives, then take whichever queued message arrived first by then.
        wall.waitUntil(best.arrival(timed));
        return earliestHead();
    }

    /** Reports each inbound channel that still holds messages (at the end of a run, or at quiescence). */
    void leftovers(Consumer<RunResult.InFlight> sink) {
        boolean any = false;
        for (ChannelConsumer in : currentConsumers()) {
            int left = in.size();
            if (left > 0) {
                sink.accept(new RunResult.InFlight(in.channel.source, in.channel.destination, left));
                any = true;
            }
        }
        seenEmpty = !any;
    }

    /** Pool, between runs: discards every message left in this processor's channels. */
    void discardLeftovers() {
        if (seenEmpty) {
            return; // the run's totals found none, and no thread has sent since
        }
        for (ChannelConsumer in : currentConsumers()) {
            in.discardAll();
            in.channel.senderWaiting = false;
        }
        turn = -1;
    }

    /**
     * The channel whose head message has the smallest (arrival, source), or null if all are
     * empty. Messages that were not time-stamped (an untimed wall-clock run) count as arrived at
     * {@link Message#UNSTAMPED}; among those the channels take turns, starting after the last one
     * served, so that no sender is starved.
     */
    ChannelConsumer earliestHead() {
        ChannelConsumer[] all = currentConsumers();
        int n = all.length;
        ChannelConsumer best = null;
        long bestArrival = Long.MAX_VALUE;
        int first = timed || n == 0 ? 0 : (turn + 1) % n;
        for (int k = 0; k < n; k++) {
            int i = first + k < n ? first + k : first + k - n;
            ChannelConsumer in = all[i];
            if (in.peek()) {
                long arrival = in.arrival(timed);
                if (arrival < bestArrival || (timed && arrival == bestArrival && in.channel.source < best.channel.source)) {
                    best = in;
                    bestArrival = arrival;
                    if (!timed && arrival == Message.UNSTAMPED) {
                        turn = i;
                        break;
                    }
                }
            }
        }
        return best;
    }

    /** Every inbound channel's receiving end, including channels a sender made since the last look. */
    private ChannelConsumer[] currentConsumers() {
        ChannelConsumer[] all = consumers;
        int n = inbound.count();
        if (all.length != n) {
            Channel[] channels = inbound.channels();
            all = new ChannelConsumer[n];
            for (int i = 0; i < n; i++) {
                all[i] = channels[i].consumer();
            }
            consumers = all;
        }
        return all;
    }

    private void awaitMessage(ChannelConsumer in) {
        if (spinFirst) {
            // In a stream or a ping-pong the next message is usually nanoseconds away: look
            // again at once, before the wait strategy's own (slower, generic) loop.
            for (int i = 0; i < FAST_SPINS; i++) {
                Thread.onSpinWait();
                if (in.peek()) {
                    return;
                }
            }
        }
        if (messageWait.await(in::peek, this)) {
            return;
        }
        while (!in.peek()) {
            coordinator.block(this, WAIT_RECV, in.channel.source, in, null, in::peek);
        }
    }

    private void awaitRoom(ChannelProducer out) {
        out.channel.senderWaiting = true;
        try {
            while (!out.claim()) {
                coordinator.block(this, WAIT_SEND, out.channel.destination, null, out, out::claim);
            }
        } finally {
            out.channel.senderWaiting = false;
        }
    }

    private ChannelProducer producer(int dst) {
        if (dst != lastDst) {
            lastOut = pool.channel(rank, dst).producer();
            lastDst = dst;
        }
        return lastOut;
    }

    private ChannelConsumer consumer(int src) {
        if (src != lastSrc) {
            lastIn = pool.channel(src, rank).consumer();
            lastSrc = src;
        }
        return lastIn;
    }

    /** This processor's thread: runs every run its pool starts, until the pool closes. */
    @Override
    public void run() {
        pool.work(this);
    }

    /** Throws {@link RunAborted} once the run has failed. */
    @Override
    public void check() {
        checkAbort();
    }

    /** Throws {@link RunAborted} once the run has failed. */
    void checkAbort() {
        if (run.aborted) {
            throw RunAborted.INSTANCE;
        }
    }

    private IllegalArgumentException rankOutside(int r, String role) {
        return new IllegalArgumentException(role + " rank " + r + " is outside 0.." + (processors.length - 1));
    }

    @Override
    public String toString() {
        return "Processor[rank " + rank + " of " + size() + "]";
    }
}
