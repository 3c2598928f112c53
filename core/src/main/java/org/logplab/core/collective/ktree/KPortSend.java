package org.logplab.core.collective.ktree;

/**
 * One send of one round in the k-port model of Ding and Li: processor {@code from} sends message
 * {@code message} to processor {@code to}. Immutable; no validation here, {@link KPortNetwork#round}
 * judges a send against the network.
 *
 * @param from the sending processor's rank, {@code 0..n-1} (0 is the source)
 * @param to the receiving processor's rank
 * @param message the message's id, {@code 0..m-1}
 */
public record KPortSend(int from, int to, int message) {

    @Override
    public String toString() {
        return from + "->" + to + " (message " + message + ")";
    }
}
