package org.logplab.balance.worker;

/**
 * One worker's part of Safra's termination detection (Dijkstra's EWD998) on the ring of ranks
 * {@code 0..n-1}: the basic messages are task migrations. Each worker counts those it sent minus
 * those it received and turns black on receiving one; a worker forwards the token only while
 * passive, adding its count; worker 0 declares termination when the token comes back white to a
 * white, passive worker 0 with a total count of zero. So termination is never declared while a
 * task exists or a migration is in flight, and it is declared once all work is done.
 *
 * <p>Pure bookkeeping: the worker tells it what happened ({@link #sentTasks()},
 * {@link #receivedTasks()}, {@link #tokenArrived}) and asks it what to do when passive
 * ({@link #whenPassive()}); sending is the worker's. Used on the worker's own thread only.
 *
 * <pre>{@code
 * Decision d = safra.whenPassive();
 * switch (d.action()) {
 *     case FORWARD -> send(d.to(), TOKEN, {d.sum(), d.black() ? 1 : 0});
 *     case DECLARE -> tell every other worker to stop;
 *     case WAIT -> keep waiting for messages;
 * }
 * }</pre>
 */
final class SafraTermination {
    /** What a passive worker should do about the token. */
    enum Action {
        /** Nothing: the token is elsewhere. */
        WAIT,
        /** Send the token on, with {@link Decision#sum()} and {@link Decision#black()}. */
        FORWARD,
        /** All work is done: tell every worker to stop (worker 0 only). */
        DECLARE
    }

    /**
     * The answer of {@link #whenPassive()}.
     *
     * @param to    the next rank on the ring, for {@link Action#FORWARD}
     * @param sum   the token's count to send
     * @param black the token's colour to send
     */
    record Decision(Action action, int to, long sum, boolean black) {
        static final Decision WAIT = new Decision(Action.WAIT, -1, 0, false);
        static final Decision DECLARE = new Decision(Action.DECLARE, -1, 0, false);
    }

    private final int rank;
    private final int ranks;
    private long count;
    private boolean black;
    private boolean tokenHere;
    private long tokenSum;
    private boolean tokenBlack;
    private boolean roundStarted;

    /** The detector of {@code rank} on a ring of {@code ranks}; worker 0 holds the token first. */
    SafraTermination(int rank, int ranks) {
        if (ranks < 1 || rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank " + rank + " is not on a ring of " + ranks);
        }
        this.rank = rank;
        this.ranks = ranks;
        this.tokenHere = rank == 0;
    }

    /** This worker sent a message carrying tasks. */
    void sentTasks() {
        count++;
    }

    /** This worker received a message carrying tasks. */
    void receivedTasks() {
        count--;
        black = true;
    }

    /** The token arrived with {@code sum} and colour {@code black}. */
    void tokenArrived(long sum, boolean black) {
        tokenHere = true;
        tokenSum = sum;
        tokenBlack = black;
    }

    /**
     * What to do now that this worker is passive (no task queued or running, none still to be
     * released here); the token leaves this worker if the answer is {@link Action#FORWARD}.
     */
    Decision whenPassive() {
        if (!tokenHere) {
            return Decision.WAIT;
        }
        if (rank == 0) {
            if (ranks == 1 || (roundStarted && !tokenBlack && !black && tokenSum + count == 0)) {
                tokenHere = false;
                return Decision.DECLARE;
            }
            roundStarted = true;
            black = false;
            tokenHere = false;
            return new Decision(Action.FORWARD, 1, 0, false);
        }
        tokenHere = false;
        Decision d = new Decision(Action.FORWARD, (rank + 1) % ranks, tokenSum + count, tokenBlack || black);
        black = false;
        return d;
    }
}
