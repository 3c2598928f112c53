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
 * <p><b>Matching by source and tag.</b> {@link #recv(int, int)}, {@link #recvBy(int, int, long)} and
 * {@link #poll(int, int)} take the first message that matches a source (a rank, or {@link #ANY_SOURCE})
 * and a tag (a tag, or {@link #ANY_TAG}), as MPI matches: messages from one source match in the order
 * they were sent; among sources, under the model clock the one with the smallest {@code (arrival,
 * source)} among the matching messages that can still exist (the rule of {@link #recvAny()}), under
 * the wall clock the first delivered. A message such a receive passes over is kept, in order, in this
 * processor's unexpected-message queue until a later receive takes it; nothing is dropped or reordered
 * per source. Every receive sees that queue: the in-order receives ({@link #recv(int)},
 * {@link #recvLong}, {@link #recvDouble}, {@link #drain}) and {@link #recvAny()} take a queued message
 * of a source before its channel's, so each source's messages are received in the order sent, whatever
 * mix of calls receives them. A queued message is received by the usual rule when it is taken:
 * {@code start = max(now, arrival, lastRecvStart + g)}, taking {@code o}; passing it over costs
 * nothing. Messages left in the queue when a run ends count as in flight
 * ({@link RunResult#inFlight()}).
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

    /** The source of a receive that matches a message from any rank ({@link #recv(int, int)}). */
    int ANY_SOURCE = -1;

    /**
     * The tag of a receive that matches a message with any tag ({@link #recv(int, int)}). A message
     * sent with tag {@code -1} is matched only by it (and by the in-order receives).
     */
    int ANY_TAG = -1;

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
     * This is an in-order receive, not a match: the next message is the first queued from {@code src}
     * in the unexpected-message queue, else the next in its channel, whatever its tag; {@code tag} is
     * what the program expects it to carry ({@link #ANY_TAG} is no wildcard here). To pick a message
     * by its tag, use {@link #recv(int, int)}.
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

    /**
     * Receives the next message from {@code src} (the first queued from it in the unexpected-message
     * queue, else the next in its channel), waiting for it if none has arrived.
     */
    Message recv(int src);

    /**
     * Receives the first message that matches {@code src} (a rank, or {@link #ANY_SOURCE}) and
     * {@code tag} (a tag, or {@link #ANY_TAG}), waiting for one; the messages it passes over stay
     * queued for later receives (see "Matching by source and tag" above). From one source the first
     * match in the order sent; from any source, under the model clock the match with the smallest
     * {@code (arrival, source)} among those that can still exist, decided as {@link #recvAny()}
     * decides (once the rest of the run has blocked), under the wall clock the first delivered. A
     * receive from one source is decided as soon as its match is queued, as {@link #recv(int)} is.
     * {@code recv(src, ANY_TAG)} is {@code recv(src)}; {@code recv(ANY_SOURCE, ANY_TAG)} is
     * {@link #recvAny()}.
     *
     * @throws IllegalArgumentException if {@code src} is neither a rank of this run nor {@link #ANY_SOURCE}
     */
    Message recv(int src, int tag);

    /**
     * The non-blocking form of {@link #recv(int, int)}: receives the first message that matches
     * {@code src} and {@code tag} (as {@link #recv(int, int)} chooses it) if it arrives at or before
     * {@code deadline}, waiting for it; if no matching message arrives by then, returns {@code null}
     * at time {@code max(now, deadline)}, having idled (not computed) until then, as
     * {@link #recvAnyBy(long)} does. A {@code null} answer is final: no message matching
     * {@code src} and {@code tag} that is not yet received will arrive here by {@code deadline}.
     * Under the model clock the answer is deterministic: when no match from {@code src} is queued
     * (or {@code src} is {@link #ANY_SOURCE}) it waits, as {@link #recvAnyBy(long)} does, for the rest
     * of the run to block. {@code recvBy(ANY_SOURCE, ANY_TAG, deadline)} is {@link #recvAnyBy(long)}.
     *
     * @throws IllegalArgumentException if {@code src} is neither a rank of this run nor {@link #ANY_SOURCE}
     */
    Message recvBy(int src, int tag, long deadline);

    /**
     * A message matching {@code src} and {@code tag} that has arrived by now, or {@code null}
     * without waiting: {@code recvBy(src, tag, now())}.
     */
    default Message poll(int src, int tag) {
        return recvBy(src, tag, now());
    }

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
