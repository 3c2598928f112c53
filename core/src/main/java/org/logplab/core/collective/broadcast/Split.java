package org.logplab.core.collective.broadcast;

/**
 * One cut of a contiguous segment of group indices by a {@link SplitRule}: the segment's source
 * sends to {@code child}, which then covers {@code childLo..childHi}, and keeps covering
 * {@code keptLo..keptHi} itself. The two ranges partition the segment; all bounds are inclusive
 * group indices. Immutable.
 *
 * @param childLo first index of the part the child covers
 * @param childHi last index of the part the child covers
 * @param child the index the source sends to, inside {@code childLo..childHi}
 * @param keptLo first index of the part the source keeps
 * @param keptHi last index of the part the source keeps
 */
public record Split(int childLo, int childHi, int child, int keptLo, int keptHi) {

    /** Members in the child's part. */
    public int childSize() {
        return childHi - childLo + 1;
    }

    /** Members in the source's part. */
    public int keptSize() {
        return keptHi - keptLo + 1;
    }

    /** Whether {@code index} lies in the child's part. */
    boolean inChildPart(int index) {
        return index >= childLo && index <= childHi;
    }
}
