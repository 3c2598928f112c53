package org.logplab.core.collective.broadcast;

/**
 * One member's place in a multicast tree: whom it receives from and whom it sends to, as group
 * indices. Immutable; {@code children} is owned by the role and must not be changed.
 *
 * @param parent the index it receives from, or {@code -1} for the source
 * @param children the indices it sends to, in send order
 */
public record TreeRole(int parent, int[] children) {

    /** Whether this member is the tree's source (root). */
    public boolean isSource() {
        return parent < 0;
    }
}
