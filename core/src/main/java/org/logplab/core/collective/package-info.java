/**
 * The collective operations of the seed papers (docs/algorithms.md), one subpackage per family,
 * and {@link org.logplab.core.collective.Group}, the ordered members of one collective operation,
 * which every family takes. The families: {@code broadcast} (binomial, Fibonacci and optimal
 * broadcast, and the split trees of the first two), {@code optimal} (the optimal broadcast tree
 * that broadcast and summation share), {@code summation} (optimal summation), {@code allreduce}
 * (butterfly and tree all-reduce), {@code gossip} (gossiping in a square mesh) and {@code ktree}
 * (multiple-message broadcast in the k-port model). This package depends on none of them.
 */
package org.logplab.core.collective;
