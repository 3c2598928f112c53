package org.logplab.core.collective.gossip;

/**
 * One packet of one timestep in the H* model of Wang and Ying (<i>The Gossiping
 * Algorithm in Square Mesh</i>): message {@code message} crosses the link from node {@code from}
 * to its neighbour {@code to}.
 *
 * <p>Nodes and messages are numbered alike: node {@code (x, y)} of an {@code n x n} mesh is
 * {@code x * n + y}, and message {@code k} is the one node {@code k} starts with. Immutable; no
 * validation here, {@link HStarMesh#step} judges a transfer against the mesh.
 *
 * @param from the sending node, {@code x * n + y}
 * @param to the receiving node
 * @param message the id of the message carried (its origin node)
 */
public record Transfer(int from, int to, int message) {

    @Override
    public String toString() {
        return from + "->" + to + ":" + message;
    }
}
