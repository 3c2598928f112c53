package org.logplab.goal.sim;

/**
 * An operation a run of a GOAL schedule could not finish, and why, in words.
 *
 * @param rank the rank it belongs to (for an unexpected message, the rank it arrived at)
 * @param op the operation's number in the schedule (for an unexpected message, its send's)
 * @param name its label, or {@code #k}, its place in its rank
 * @param text the operation as GOAL writes it, e.g. {@code recv 8b from 1 tag 7}
 * @param why what it waits for
 * @param reason the same, in words, e.g. {@code posted at 1500; no message matched it}
 */
public record StuckOperation(int rank, int op, String name, String text, Why why, String reason) {

    /** The kinds of waiting. */
    public enum Why {
        /** A posted receive that no message matched. */
        UNMATCHED_RECEIVE,
        /** A message that arrived and no receive matched. */
        UNEXPECTED_MESSAGE,
        /** A rendezvous send that no receive released. */
        UNRELEASED_SEND,
        /** An operation whose dependencies were never all met. */
        WAITING
    }

    /** One line for people: {@code rank 1: l2 (recv 8b from 0 tag 7): posted at 0; no message matched it}. */
    public String line() {
        return "rank " + rank + ": " + name + " (" + text + "): " + reason;
    }
}
