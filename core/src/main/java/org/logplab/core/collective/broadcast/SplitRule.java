package org.logplab.core.collective.broadcast;

/**
 * How a divide-and-conquer multicast (Gu, Li and Liu (2002)) cuts a segment of the destination
 * sequence: the source of segment {@code lo..hi} sends to one member, which covers one part, and
 * keeps the other. Implementations are stateless and thread-safe.
 */
@FunctionalInterface
public interface SplitRule {

    /**
     * Cuts segment {@code lo..hi} (inclusive, {@code lo < hi}) whose source is {@code source}.
     * The source must end in the kept part.
     */
    Split split(int lo, int hi, int source);
}
