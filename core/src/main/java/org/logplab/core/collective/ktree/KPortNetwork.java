package org.logplab.core.collective.ktree;

import java.util.List;

/**
 * A round-based network of {@code n} processors in the k-port model of Ding and Li (§2):
 * the referee every multiple-message broadcast here runs through. Processor 0, the source, starts
 * holding messages {@code 0..m-1}; every other processor starts empty.
 *
 * <p>A round is a list of {@link KPortSend}s. {@link #round} accepts it only if every rule holds,
 * and otherwise throws an {@link IllegalStateException} naming the round, the send and the rule:
 * <ul>
 *   <li>ranks are in {@code 0..n-1} and messages in {@code 0..m-1};</li>
 *   <li>no processor sends to itself;</li>
 *   <li>store and forward: a processor sends only messages it held at the start of the round (what
 *       it receives in a round it can forward from the next one);</li>
 *   <li>k output ports: a processor makes at most {@code k} sends per round, to {@code k} distinct
 *       processors (one port per destination);</li>
 *   <li>k input ports: a processor receives at most {@code k} messages per round.</li>
 * </ul>
 * The seed says each processor sends "k distinct messages to k processors"; we read "distinct" as
 * distinct destinations, so one message may go to several processors in a round, one port each.
 * Theorem 1's own proof needs that reading (the source's single message reaches {@code k}
 * processors in the first round), and so does every tree, whose internal nodes forward one
 * message to all their children at once.
 *
 * <p>A rejected round changes nothing. Delivering a message the receiver already holds (or gets
 * twice in the round) is legal but useless; such sends are counted by {@link #redundantSends()}.
 *
 * <pre>{@code
 * KPortNetwork net = new KPortNetwork(4, 2, 3);
 * net.round(List.of(new KPortSend(0, 1, 0), new KPortSend(0, 2, 1)));
 * assert net.holds(2, 1) && net.rounds() == 1;
 * }</pre>
 *
 * <p>Not thread-safe. Memory: one bit per (processor, message), {@code n * m / 8} bytes.
 */
public final class KPortNetwork {
    private final int n;
    private final int k;
    private final int m;
    private final int words;
    private final long[] held;
    private final int[] heldCount;
    // Per-attempt stamps (not per round: a rejected attempt must not leave counts behind).
    private final int[] sendStamp;
    private final int[] sendCount;
    private final int[] lastSendOf;
    private final int[] receiveStamp;
    private final int[] receiveCount;
    private int attempt;
    private int rounds;
    private int complete;
    private long sends;
    private long redundant;

    /**
     * {@code n >= 1} processors with {@code k >= 1} ports each, the source holding {@code m >= 1} messages.
     *
     * @throws IllegalArgumentException for a parameter out of range or holdings too large for one array
     */
    public KPortNetwork(int n, int k, int m) {
        if (n < 1 || k < 1 || m < 1) {
            throw new IllegalArgumentException("a k-port network needs n >= 1, k >= 1 and m >= 1, got n " + n
                    + ", k " + k + ", m " + m);
        }
        this.words = (m + 63) >>> 6;
        if ((long) n * words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("n * m = " + (long) n * m + " bits of holdings do not fit one array");
        }
        this.n = n;
        this.k = k;
        this.m = m;
        this.held = new long[n * words];
        this.heldCount = new int[n];
        this.sendStamp = new int[n];
        this.sendCount = new int[n];
        this.lastSendOf = new int[n];
        this.receiveStamp = new int[n];
        this.receiveCount = new int[n];
        for (int message = 0; message < m; message++) {
            set(0, message);
        }
        heldCount[0] = m;
        complete = 1;
    }

    /** The number of processors. */
    public int n() {
        return n;
    }

    /** The ports per processor: at most this many sends and this many receives per round. */
    public int k() {
        return k;
    }

    /** The number of messages the source starts with. */
    public int m() {
        return m;
    }

    /** The rounds accepted so far (an empty round counts too). */
    public int rounds() {
        return rounds;
    }

    /** Sends accepted so far, over all rounds. */
    public long sends() {
        return sends;
    }

    /** Accepted sends that brought a processor a message it already held or received twice in one round. */
    public long redundantSends() {
        return redundant;
    }

    /** Whether processor {@code rank} holds message {@code message}. */
    public boolean holds(int rank, int message) {
        if (rank < 0 || rank >= n || message < 0 || message >= m) {
            throw new IllegalArgumentException("no processor " + rank + " or message " + message + " (n " + n
                    + ", m " + m + ")");
        }
        return isSet(rank, message);
    }

    /** How many messages processor {@code rank} holds. */
    public int heldBy(int rank) {
        if (rank < 0 || rank >= n) {
            throw new IllegalArgumentException("no processor " + rank + " (n " + n + ")");
        }
        return heldCount[rank];
    }

    /** Whether every processor holds all {@code m} messages: the broadcast is complete. */
    public boolean allHoldEverything() {
        return complete == n;
    }

    /**
     * Checks one round against the k-port rules and, if all hold, applies it: every receiver then
     * holds its message, and the round count grows by one.
     *
     * @throws IllegalStateException naming the round, the first offending send and its rule; the
     *     network is then unchanged
     */
    public void round(List<KPortSend> round) {
        int stamp = ++attempt;
        int[] previousOfSender = new int[round.size()];
        for (int i = 0; i < round.size(); i++) {
            check(round, i, stamp, previousOfSender);
        }
        for (KPortSend send : round) {
            if (isSet(send.to(), send.message())) {
                redundant++;
                continue;
            }
            set(send.to(), send.message());
            if (++heldCount[send.to()] == m) {
                complete++;
            }
        }
        sends += round.size();
        rounds++;
    }

    private void check(List<KPortSend> round, int i, int stamp, int[] previousOfSender) {
        KPortSend send = round.get(i);
        int from = send.from();
        int to = send.to();
        if (from < 0 || from >= n || to < 0 || to >= n) {
            throw violation(send, "ranks must be in 0.." + (n - 1));
        }
        if (send.message() < 0 || send.message() >= m) {
            throw violation(send, "messages must be in 0.." + (m - 1));
        }
        if (from == to) {
            throw violation(send, "processor " + from + " sends to itself");
        }
        if (!isSet(from, send.message())) {
            throw violation(send, "processor " + from + " sends message " + send.message()
                    + ", which it does not hold at the start of the round");
        }
        if (sendStamp[from] != stamp) {
            sendStamp[from] = stamp;
            sendCount[from] = 0;
            lastSendOf[from] = -1;
        }
        if (++sendCount[from] > k) {
            throw violation(send, "processor " + from + " makes more than k = " + k + " sends in one round");
        }
        // At most k earlier sends of this sender to compare with: the chain is short.
        for (int j = lastSendOf[from]; j >= 0; j = previousOfSender[j]) {
            if (round.get(j).to() == to) {
                throw violation(send, "processor " + from + " sends to processor " + to + " twice (also "
                        + round.get(j) + "); its k sends go to k distinct processors");
            }
        }
        previousOfSender[i] = lastSendOf[from];
        lastSendOf[from] = i;
        if (receiveStamp[to] != stamp) {
            receiveStamp[to] = stamp;
            receiveCount[to] = 0;
        }
        if (++receiveCount[to] > k) {
            throw violation(send, "processor " + to + " receives more than k = " + k + " messages in one round");
        }
    }

    private IllegalStateException violation(KPortSend send, String rule) {
        return new IllegalStateException("k-port violation in round " + (rounds + 1) + ", send " + send + ": " + rule);
    }

    private boolean isSet(int rank, int message) {
        return (held[rank * words + (message >>> 6)] & (1L << message)) != 0;
    }

    private void set(int rank, int message) {
        held[rank * words + (message >>> 6)] |= 1L << message;
    }
}
