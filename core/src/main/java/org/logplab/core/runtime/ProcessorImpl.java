package org.logplab.core.runtime;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;
import org.logplab.core.TraceEvent;

/**
 * The runtime's processor: the {@link Processor} API and its message path (channels, counting,
 * blocking and tracing around a {@link Clock}). It lives as long as its {@link ProcessorPool}: its
 * thread, clock, channels and latency histogram are kept between runs and {@linkplain #reset reset}
 * for each. Which message a {@code recvAny} takes is {@link RecvAnyChoice}'s; receives matched by
 * source and tag are {@link MatchingReceive}'s, with the {@link UnexpectedQueue} of the messages
 * they pass over, which every receive looks at before a source's channel (on the in-order path,
 * one check that it is empty); what a run left in the channels and the queue, {@link Leftovers}'.
 * Every method but those marked for the {@link Coordinator}, the
 * {@link Run} or the pool runs on the processor's own thread.
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
    private static final int FAST_SPINS = 256;

    final int rank;
    final ProcessorPool pool;
    private final WaitStates states;
    /** Between runs: whether the thread is parked waiting for the next run (the pool then unparks it). */
    private volatile boolean idleParked;
    /** The rank waited on (receive source or send destination), or -1; under the coordinator's lock. */
    private int waitPeer;
    /** The tag a receive waits for ({@link Processor#ANY_TAG}: any); under the coordinator's lock. */
    private int waitTag = ANY_TAG;
    /** The channel a receiver waits on for a message. */
    private ChannelConsumer waitConsumer;
    /** The channel a sender waits on for room. */
    private ChannelProducer waitProducer;
    /** The thread that runs this processor's programs. */
    private Thread thread;
    /** The pool's processors by rank (null for other processes' ranks). */
    private final ProcessorImpl[] processors;
    final Clock clock;
    /** The same clock when it is a wall clock, else null. */
    private final WallClock wall;
    /** Channels into this processor; created by whichever side needs one first. */
    final InboundChannels inbound = new InboundChannels();
    private final RecvAnyChoice anyChoice = new RecvAnyChoice(inbound);
    private final RecvAnyWait anyWait;
    /** Messages passed over by receives that match by source and tag, for later receives. */
    private final UnexpectedQueue unexpected = new UnexpectedQueue();
    private final MatchingReceive matching;
    private final Leftovers leftovers = new Leftovers(inbound, unexpected);
    private int lastDst = -1;
    private ChannelProducer lastOut;
    private int lastSrc = -1;
    private ChannelConsumer lastIn;

    // The current run and what it asks of the message path; set by reset().
    private Run run;
    private Coordinator coordinator;
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
    private long sent;
    private long received;
    private long finishTime;
    /** Whether this processor's thread is in (or about to enter) the current run's program; cleared by it. */
    private volatile boolean inRun;
    private List<TraceEvent> trace;

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
        this.anyWait = new RecvAnyWait(this, anyChoice, wall);
        this.matching = new MatchingReceive(this, anyChoice, unexpected, wall);
    }

    /** {@link #RUNNING}, a wait state, or {@link #DONE}: read by every sender after each send. */
    int state() {
        return states.get(rank);
    }

    /** Sets the wait state (under the coordinator's lock, or between runs). */
    void state(int value) {
        states.set(rank, value);
    }

    /**
     * Coordinator, under its lock, on this processor's thread: it is about to block in wait state
     * {@code kind} on {@code peer} (or -1), for a message in {@code in} or for room in {@code out}.
     */
    void enterWait(int kind, int peer, ChannelConsumer in, ChannelProducer out) {
        enterWait(kind, peer, ANY_TAG, in, out);
    }

    /** As {@link #enterWait(int, int, ChannelConsumer, ChannelProducer)} for a receive waiting for {@code tag}. */
    void enterWait(int kind, int peer, int tag, ChannelConsumer in, ChannelProducer out) {
        waitPeer = peer;
        waitTag = tag;
        waitConsumer = in;
        waitProducer = out;
        state(kind);
    }

    /** The rank waited on (receive source or send destination), or -1; under the coordinator's lock. */
    int waitPeer() {
        return waitPeer;
    }

    /** The tag a blocked receive waits for ({@link Processor#ANY_TAG}: any); under the coordinator's lock. */
    int waitTag() {
        return waitTag;
    }

    /** The channel the last wait for a message was on, or null; under the coordinator's lock. */
    ChannelConsumer waitConsumer() {
        return waitConsumer;
    }

    /** The channel the last wait for room was on, or null; under the coordinator's lock. */
    ChannelProducer waitProducer() {
        return waitProducer;
    }

    /** Which message a recvAny takes (the coordinator grants it under the model clock). */
    RecvAnyChoice anyChoice() {
        return anyChoice;
    }

    /**
     * Model clock, the coordinator under its lock while this processor waits in recvAny: its view
     * for {@link RecvAnyRule}, or null if it can only wait.
     */
    RecvAnyRule.Waiter recvAnyWaiter(LogP params) {
        return anyChoice.waiter(rank, clock.receiveReady(), clock.now(), params);
    }

    /** The thread that runs this processor's programs, or null before the pool's first run. */
    Thread thread() {
        return thread;
    }

    /**
     * Pool, before the first run: makes (does not start) this processor's thread, the one its
     * wake-ups unpark, with {@code factory} (given this processor's own loop to run).
     */
    void makeThread(Function<Runnable, Thread> factory) {
        thread = factory.apply(this);
    }

    /** The coordinator of the current run. */
    Coordinator coordinator() {
        return coordinator;
    }

    /** Pool, on this processor's thread between runs: whether it is parked waiting for the next run. */
    void idleParked(boolean parked) {
        idleParked = parked;
    }

    /** Pool, starting a run: unparks this processor's thread if it is parked waiting for a run. */
    void unparkIfIdle() {
        if (idleParked) {
            LockSupport.unpark(thread);
        }
    }

    /** Whether this processor's thread is in (or about to enter) the current run's program. */
    boolean inRun() {
        return inRun;
    }

    /** Run, on this processor's thread: its program returned now; records the finish time. */
    void programReturned() {
        finishTime = clock.now();
    }

    /** Run, on this processor's thread: it has left the run's program (returned or failed). */
    void leftRun() {
        inRun = false;
    }

    /** When the program returned, in clock units (0 if it did not). */
    long finishTime() {
        return finishTime;
    }

    /** Messages sent in the current run. */
    long sent() {
        return sent;
    }

    /** Messages received in the current run. */
    long received() {
        return received;
    }

    /** The current run's trace events, or null if it is not traced. */
    List<TraceEvent> trace() {
        return trace;
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
        waitTag = ANY_TAG;
        waitConsumer = null;
        waitProducer = null;
        anyChoice.reset(timed);
        anyWait.reset(r);
        matching.reset(r);
        state(RUNNING);
        inRun = true;
        leftovers.reset();
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
        int fingerprint = checkOwnership ? OwnershipCheck.fingerprint(payload) : 0;
        send(dst, tag, SlotRing.OBJECT, SlotRing.objectValue(bytes, fingerprint), payload, bytes);
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
        wake(dst, receiver);
    }

    /** A send that reads the clock: timed runs, sampled messages, remote destinations. */
    private void sendStamped(ProcessorImpl receiver, int dst, int tag, int kind, long value, Object payload,
                             int bytes) {
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
            wake(dst, receiver);
        }
        if (trace != null) {
            trace.add(new TraceEvent(rank, TraceEvent.Kind.SEND, start, clock.lastEnd, dst, tag, bytes));
        }
    }

    /**
     * After a send to {@code receiver}, rank {@code dst}: wakes it if it is blocked. The state is read
     * from the pool's padded array, not through the receiver's object, whose fields share cache lines
     * with the counters its own thread writes at every message.
     */
    private void wake(int dst, ProcessorImpl receiver) {
        if (fenceAfterSend) {
            // Publish the message before reading the receiver's state, so a receiver that blocked
            // concurrently either sees the message or is seen blocked here (no lost wake-up).
            VarHandle.fullFence();
        }
        if (states.get(dst) != RUNNING) {
            coordinator.messageSent(receiver, rank);
        }
    }

    @Override
    public Message recv(int src) {
        if (!unexpected.isEmpty()) {
            UnexpectedQueue.Entry e = unexpected.first(src);
            if (e != null) {
                return receiveQueued(e);
            }
        }
        return take(awaitFrom(src));
    }

    @Override
    public Message recv(int src, int tag) {
        return matching.recv(src, tag);
    }

    @Override
    public Message recvBy(int src, int tag, long deadline) {
        return matching.recvBy(src, tag, deadline);
    }

    @Override
    public long recvLong(int src, int tag) {
        Message m = unexpected.isEmpty() ? null : takeQueued(src);
        if (m == null) {
            ChannelConsumer in = awaitFrom(src);
            if (in.tag() == tag && in.kind() == SlotRing.LONG) {
                long v = in.value();
                consume(in);
                return v;
            }
            m = take(in);
        }
        if (m.tag() == tag && (m.payload() instanceof Long || m.payload() instanceof Integer)) {
            return ((Number) m.payload()).longValue();
        }
        throw new IllegalStateException("expected a long tagged " + tag + " from rank " + src + ", got "
                + describe(m));
    }

    @Override
    public double recvDouble(int src, int tag) {
        Message m = unexpected.isEmpty() ? null : takeQueued(src);
        if (m == null) {
            ChannelConsumer in = awaitFrom(src);
            if (in.tag() == tag && in.kind() == SlotRing.DOUBLE) {
                double v = Double.longBitsToDouble(in.value());
                consume(in);
                return v;
            }
            m = take(in);
        }
        if (m.tag() == tag && (m.payload() instanceof Double || m.payload() instanceof Float)) {
            return ((Number) m.payload()).doubleValue();
        }
        throw new IllegalStateException("expected a double tagged " + tag + " from rank " + src + ", got "
                + describe(m));
    }

    @Override
    public int drain(int src, int max, Consumer<Message> handler) {
        if (max < 1) {
            throw new IllegalArgumentException("drain takes at least 1 message, got max = " + max);
        }
        int n = 0;
        ChannelConsumer in;
        if (unexpected.isEmpty() || unexpected.first(src) == null) {
            in = awaitFrom(src);
        } else {
            // Its queued messages come first, each received as the channel's would be; then the
            // channel's, if the burst goes on.
            UnexpectedQueue.Entry e = unexpected.first(src);
            do {
                handler.accept(receiveQueued(e));
                n++;
                e = unexpected.first(src);
            } while (n < max && e != null && (model || !timed || e.message().arrival() <= clock.now()));
            if (n == max || e != null) {
                return n;
            }
            in = consumer(src);
            if (!in.peek() || (!model && timed && in.arrival() > clock.now())) {
                return n;
            }
        }
        do {
            handler.accept(take(in));
            n++;
        } while (n < max && in.peek() && (model || !timed || in.arrival() <= clock.now()));
        return n;
    }

    /** The first message queued from {@code src} in the unexpected-message queue, received; null if none. */
    private Message takeQueued(int src) {
        UnexpectedQueue.Entry e = unexpected.first(src);
        return e == null ? null : receiveQueued(e);
    }

    /** The channel from {@code src}, once a message is queued in it (waiting for one). */
    private ChannelConsumer awaitFrom(int src) {
        if (src < 0 || src >= processors.length) {
            throw rankOutside(src, "source");
        }
        ChannelConsumer in = consumer(src);
        if (!in.peek()) {
            awaitMessage(in, ANY_TAG);
        }
        return in;
    }

    private static String describe(Message m) {
        return "tag " + m.tag() + " with "
                + (m.payload() == null ? "no payload" : "a " + m.payload().getClass().getSimpleName());
    }

    @Override
    public Message recvAny() {
        if (!unexpected.isEmpty()) {
            return matching.recv(ANY_SOURCE, ANY_TAG);
        }
        ChannelConsumer in = model ? anyWait.granted(Long.MAX_VALUE) : anyWait.delivered();
        in.peek();
        return take(in);
    }

    @Override
    public Message recvAnyBy(long deadline) {
        if (!unexpected.isEmpty()) {
            return matching.recvBy(ANY_SOURCE, ANY_TAG, deadline);
        }
        // The wall clock returns null only once the deadline has passed: no idling left to do.
        ChannelConsumer in = model ? anyWait.granted(deadline) : anyWait.deliveredBy(deadline);
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
        if (model || !unexpected.isEmpty()) {
            return recvAnyBy(clock.now());
        }
        ChannelConsumer in = anyChoice.earliest();
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
        if (units == 0) {
            // Nothing to charge: no clock read (tens of ns on some hosts, on the critical path of a
            // collective that charges a combine cost of 0), no trace event.
            return;
        }
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
    Message take(ChannelConsumer in) {
        int kind = in.kind();
        Object payload = kind == SlotRing.OBJECT ? in.payload() : payloadOf(kind, in.value(), null);
        Message m = new Message(in.channel.source, in.tag(), payload, in.bytes(), in.sendStart(timed),
                in.arrival(timed));
        if (checkOwnership && kind == SlotRing.OBJECT) {
            OwnershipCheck.verify(in.channel.source, rank, in.tag(), in.payload(), in.fingerprint());
        }
        consume(in);
        return m;
    }

    /**
     * Takes the head message of {@code in} (just peeked) out of its channel into the unexpected-message
     * queue, without receiving it: the clock does not move; its receive comes when a later call
     * takes it ({@link #receiveQueued}). This processor's thread, or the coordinator under its lock
     * while this processor is blocked in a model-clock matching receive.
     */
    void passOver(ChannelConsumer in) {
        int kind = in.kind();
        boolean object = kind == SlotRing.OBJECT;
        Object payload = object ? in.payload() : payloadOf(kind, in.value(), null);
        unexpected.add(new Message(in.channel.source, in.tag(), payload, in.bytes(), in.sendStart(timed),
                in.arrival(timed)), in.sampled(), object, object ? in.fingerprint() : 0);
        in.release();
        if (in.channel.senderWaiting) {
            roomFreed(in.channel);
        }
    }

    /**
     * Receives {@code e}, a message of the unexpected-message queue, under the clock rules, as
     * {@link #take} receives a channel's: its arrival, latency and trace as if it came from its
     * channel now.
     */
    Message receiveQueued(UnexpectedQueue.Entry e) {
        unexpected.remove(e);
        Message m = e.message();
        if (checkOwnership && e.object()) {
            OwnershipCheck.verify(m.source(), rank, m.tag(), m.payload(), e.fingerprint());
        }
        received++;
        if (timed || e.sampled()) {
            long start = timed ? clock.receive(m.arrival()) : 0;
            if (e.sampled()) {
                long end = timed ? clock.lastEnd : clock.now();
                pool.latency.record(rank, end - m.sendStart());
            }
            if (trace != null) {
                trace.add(new TraceEvent(rank, TraceEvent.Kind.RECV, start, clock.lastEnd, m.source(), m.tag(),
                        m.bytes()));
            }
        }
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

    /** Reports each inbound channel that still holds messages (at the end of a run, or at quiescence). */
    void leftovers(Consumer<RunResult.InFlight> sink) {
        leftovers.report(sink);
    }

    /** Pool, between runs: discards every message left in this processor's channels. */
    void discardLeftovers() {
        if (leftovers.discard()) {
            anyChoice.restartTurns();
        }
    }

    /** Waits until {@code in} holds a message, for a receive of one tagged {@code tag} (as its wait is described). */
    void awaitMessage(ChannelConsumer in, int tag) {
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
            coordinator.block(this, WAIT_RECV, in.channel.source, tag, in, null, in::peek);
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

    /** The receiving end of the channel from {@code src} (a rank of this run). */
    ChannelConsumer consumer(int src) {
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

    IllegalArgumentException rankOutside(int r, String role) {
        return new IllegalArgumentException(role + " rank " + r + " is outside 0.." + (processors.length - 1));
    }

    @Override
    public String toString() {
        return "Processor[rank " + rank + " of " + size() + "]";
    }
}
