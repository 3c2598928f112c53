package org.logplab.core.collective;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The ordered members of one collective operation and which of them is the source (or root).
 * Algorithms address members by <em>index</em> {@code 0..size()-1}; {@link #rank(int)} maps an index
 * to the processor rank. A group of all {@code P} processors is implicit ({@link #all(int, int)}):
 * it stores nothing per member, so the same code serves {@code P = 2} and {@code P = 10^6}.
 *
 * <p>Immutable and thread-safe: every processor of a run may share one instance.
 */
public interface Group {

    /** Number of members {@code K}. */
    int size();

    /** The rank of the member at {@code index}. */
    int rank(int index);

    /** The index of {@code rank} in this group, or {@code -1} if it is not a member. */
    int indexOf(int rank);

    /** The index of the source (broadcast, multicast) or root (reduction). */
    int sourceIndex();

    /** The rank of the source or root. */
    default int sourceRank() {
        return rank(sourceIndex());
    }

    /** All ranks {@code 0..P-1} in order, with {@code root} as the source. */
    static Group all(int processors, int root) {
        if (processors < 1) {
            throw new IllegalArgumentException("a group needs at least 1 processor, got " + processors);
        }
        if (root < 0 || root >= processors) {
            throw new IllegalArgumentException("root rank " + root + " is outside 0.." + (processors - 1));
        }
        return new Group() {
            @Override
            public int size() {
                return processors;
            }

            @Override
            public int rank(int index) {
                return index;
            }

            @Override
            public int indexOf(int rank) {
                return rank >= 0 && rank < processors ? rank : -1;
            }

            @Override
            public int sourceIndex() {
                return root;
            }

            @Override
            public String toString() {
                return "Group[all " + processors + ", root " + root + "]";
            }
        };
    }

    /**
     * An explicit ordered destination sequence, such as the seed's multicast set {@code D}, with
     * {@code sourceRank} among its members.
     *
     * @throws IllegalArgumentException if the sequence is empty, repeats a rank, holds a negative
     *     rank, or does not contain the source
     */
    static Group of(int[] ranks, int sourceRank) {
        if (ranks == null || ranks.length == 0) {
            throw new IllegalArgumentException("a group needs at least one member");
        }
        int[] members = ranks.clone();
        Map<Integer, Integer> index = new HashMap<>(members.length * 2);
        for (int i = 0; i < members.length; i++) {
            if (members[i] < 0) {
                throw new IllegalArgumentException("group member rank " + members[i] + " is negative");
            }
            if (index.put(members[i], i) != null) {
                throw new IllegalArgumentException("group lists rank " + members[i] + " twice");
            }
        }
        Integer source = index.get(sourceRank);
        if (source == null) {
            throw new IllegalArgumentException("source rank " + sourceRank + " is not in the group "
                    + Arrays.toString(members));
        }
        int sourceIndex = source;
        return new Group() {
            @Override
            public int size() {
                return members.length;
            }

            @Override
            public int rank(int i) {
                return members[i];
            }

            @Override
            public int indexOf(int rank) {
                Integer i = index.get(rank);
                return i == null ? -1 : i;
            }

            @Override
            public int sourceIndex() {
                return sourceIndex;
            }

            @Override
            public String toString() {
                return "Group" + Arrays.toString(members) + "[source " + sourceRank + "]";
            }
        };
    }
}
