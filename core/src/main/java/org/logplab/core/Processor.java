package org.logplab.core;

/**
 * What a {@link Program} sees: one LogP processor of a running {@link Machine}.
 *
 * <p><b>Time.</b> {@link #now()} and every time stamp are integers in the run's clock unit: model
 * units under {@link ClockKind#MODEL}, nanoseconds since the run started under
 * {@link ClockKind#WALL}. Both clocks follow the same rules (the LogP model of Culler et al., 1993), the model clock
 * exactly and the wall clock by waiting and busy-spinning on a real core:
 * <ul>
 *   <li>{@code send}: {@code start = max(now, lastSendStart + g)}; the sender is busy until
 *       {@code start + o + max(bytes-1, 0)G}; the message arrives {@code L} after that.</li>
 *   <li>{@code recv}: {@code start = max(now, arrival, lastRecvStart + g)}; {@code now = start + o}.</li>
 *   <li>{@code compute(c)}: {@code now += c} (busy CPU time under the wall clock).</li>
 * </ul>
 * So one message takes {@code L + 2o} from send start to receive end, and a processor sends at most
 * one message every {@code max(g, o)}.
 *
 * <p><b>Delivery.</b> Messages between one ordered pair of processors are delivered in order,
 * exactly once. Channels are bounded: a sender whose channel to {@code dst} is full waits for the
 * receiver to drain it (back-pressure); nothing is ever dropped.
 *
 * <p><b>Ownership.</b> A payload is handed over, never copied: from the {@code send} on, a sent
 * array or mutable object belongs to the receiver, and the sender must not read or write it again
 * (what it sees or changes then is undefined, exactly as if two threads shared it unsynchronised).
 * Exchanging a block of {@code m} bytes therefore costs a reference, while the clocks still charge
 * {@code o + (m-1)G} as the model says. A program that needs to keep its data sends a copy, or keeps
 * two buffers and alternates. A payload that nobody changes (a boxed number, an immutable record,
 * an array every holder only reads) may be sent to several receivers and kept by the sender.
 * {@link RunConfig#checkOwnership()} catches a sender that changes an array between its send and
 * its receive.
 *
 * <p><b>Primitive messages.</b> {@link #sendLong}/{@link #recvLong} (and the {@code double} pair)
 * carry one 8-byte value without allocating anything, on either side: the runtime keeps its
 * message slots and reuses them. A long sent this way may also be received with {@link #recv}
 * (boxed then), and a {@code Long} payload with {@link #recvLong}.
 *
 * <p><b>Threads.</b> A processor may be used only by the thread running its program. Blocking calls
 * end with an unchecked exception when the run is aborted (another rank failed, a deadlock, a
 * timeout); programs should let it propagate.
 */
public interface Processor {

    /** This processor's rank, {@code 0..size()-1}. */
    int rank();

    /** The number of processors {@code P}. */
    int size();

    /** The run's parameters. */
    LogP params();

    /** Which clock the run keeps. */
    ClockKind clock();

    /** Current time in clock units (model units, or nanoseconds since the run started). */
    long now();

    /**
     * Sends {@code payload} to {@code dst}, its size inferred from its type: {@code null} 0 bytes,
     * {@code Long}/{@code Double} 8, {@code Integer} 4, arrays their element size times length.
     *
     * @throws IllegalArgumentException if {@code dst} is not a rank of this run, or the payload's
     *     size cannot be inferred (use {@link #send(int, int, Object, int)})
     */
    void send(int dst, int tag, Object payload);

    /**
     * Sends {@code payload} to {@code dst}, declaring its size in bytes (used by {@code G}). The
     * payload now belongs to the receiver (see Ownership above).
     *
     * @throws IllegalArgumentException if {@code dst} is not a rank of this run or {@code bytes < 0}
     */
    void send(int dst, int tag, Object payload, int bytes);

    /**
     * Sends one {@code long} (8 bytes) to {@code dst} without allocating.
     *
     * @throws IllegalArgumentException if {@code dst} is not a rank of this run
     */
    void sendLong(int dst, int tag, long value);

    /**
     * Receives the next message from {@code src}, waiting as {@link #recv} does, and returns its
     * value: it must carry {@code tag} and a {@code long} ({@link #sendLong}, or a {@code Long} payload).
     *
     * @throws IllegalStateException if the next message from {@code src} has another tag or payload
     *     (the message is consumed: it was the next one, and the program did not expect it)
     */
    long recvLong(int src, int tag);

    /** Sends one {@code double} (8 bytes) to {@code dst} without allocating. */
    void sendDouble(int dst, int tag, double value);

    /**
     * As {@link #recvLong} for a {@code double} ({@link #sendDouble}, or a {@code Double} payload).
     *
     * @throws IllegalStateException if the next message from {@code src} has another tag or payload
     */
    double recvDouble(int src, int tag);

    /** Receives the next message from {@code src}, waiting for it if none has arrived. */
    Message recv(int src);

    /**
     * Receives a burst from {@code src}: the next message, waiting for it as {@link #recv} does,
     * then every further message from {@code src} already queued, up to {@code max} in all, each
     * received by the same rules as {@link #recv} and handed to {@code handler} in order. Returns
     * how many. One call serves a stream of messages at a fraction of the per-call cost of
     * {@code recv}. Under the wall clock a queued message whose arrival is still ahead (an injected
     * {@code L}) ends the burst. How many messages one call takes depends on the threads' timing, so
     * under the model clock a program whose times must be deterministic must not let what it does
     * depend on that count (summing a stream is fine).
     *
     * @throws IllegalArgumentException if {@code src} is not a rank of this run or {@code max < 1}
     */
    int drain(int src, int max, java.util.function.Consumer<Message> handler);

    /**
     * Receives the earliest-arriving message from any source. Under the model clock the choice is
     * deterministic: the message with the smallest {@code (arrival, source)} among those that do
     * not causally follow this receive; under the wall clock it is the first one delivered.
     */
    Message recvAny();

    /**
     * Receives the earliest message, by {@code (arrival, source)}, that arrives at or before
     * {@code deadline}, waiting for it as {@link #recvAny()} does; if no message to this processor
     * arrives by then, returns {@code null} at time {@code max(now, deadline)}, having idled (not
     * computed) until then. A {@code null} answer is final: every message that will ever arrive
     * here by {@code deadline} has been received before. Under the model clock the answer is as
     * deterministic as {@link #recvAny()}'s and likewise waits for the rest of the run to block.
     * This is how a program interleaves its own work with messages that may or may not come (a
     * load-balancing node between tasks) or waits for the next event of its own (an arrival).
     */
    Message recvAnyBy(long deadline);

    /** A message that has arrived by now, or {@code null} without waiting: {@code recvAnyBy(now())}. */
    default Message pollAny() {
        return recvAnyBy(now());
    }

    /** Computes for {@code units} clock units (model units, or nanoseconds of busy CPU time). */
    void compute(long units);
}
