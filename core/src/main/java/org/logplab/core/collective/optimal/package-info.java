/**
 * The optimal single-item broadcast tree of the LogP model, which optimal broadcast and optimal
 * summation share, after Shou Biao and Chen Guoliang, <i>The Implementation of Optimal Broadcast
 * and Summation Algorithms in the LogP Model</i>, Journal of Software 8(1):22-28, 1997
 * (docs/algorithms.md §4), who build on Karp, Sahay, Santos and Schauser, <i>Optimal Broadcast and
 * Summation in the LogP Model</i>, SPAA 1993.
 *
 * <p>{@link org.logplab.core.collective.optimal.OptimalTree} is the tree of the {@code size}
 * smallest labels of the general broadcast tree (labels in model units), in which every node finds
 * its parent and children by a walk from the root over closed-form label counts, with nothing
 * stored per node; {@link org.logplab.core.collective.optimal.TreeCache} lets the members of a run
 * share one tree. The broadcast and summation packages build on this one, which depends on neither.
 */
package org.logplab.core.collective.optimal;
