package org.logplab.core.collective.optimal;

/**
 * One node's place in an {@link OptimalTree}: preorder indices of its parent and children (in
 * send order) and its label, the model time at which it has received. {@code children} is owned
 * by the role and must not be changed.
 *
 * @param parent the parent's index, {@code -1} for the root
 * @param children the children's indices in send order
 * @param label model time from the root's start to the end of this node's receive
 */
public record OptimalRole(int parent, int[] children, long label) {

    /** Whether this node is the tree's root. */
    public boolean isRoot() {
        return parent < 0;
    }
}
