/**
 * One-to-many collectives on LogP, each with an exact predictor of its model time: the source's
 * payload reaches every member of a {@link org.logplab.core.collective.Group}. Multicast by
 * uniform halving (binomial) and by the Fibonacci series after Gu Naijie, Li Wei and Liu Jing,
 * <i>Fibonacci Series-Based Multicast Algorithm</i>, Chinese Journal of Computers 25(4):365-372,
 * 2002 (docs/algorithms.md §2-3); optimal broadcast after Shou Biao and Chen Guoliang, <i>The
 * Implementation of Optimal Broadcast and Summation Algorithms in the LogP Model</i>, Journal of
 * Software 8(1):22-28, 1997 (docs/algorithms.md §4).
 *
 * <p>{@link org.logplab.core.collective.broadcast.Broadcast} is the contract;
 * {@link org.logplab.core.collective.broadcast.BinomialMulticast},
 * {@link org.logplab.core.collective.broadcast.FibonacciMulticast} and
 * {@link org.logplab.core.collective.broadcast.OptimalBroadcast} implement it,
 * {@link org.logplab.core.collective.broadcast.BroadcastChoice} picks the fastest by prediction and
 * {@link org.logplab.core.collective.broadcast.MulticastCrossover} finds the gap from which uniform
 * halving beats the Fibonacci multicast. The two multicasts share the split-tree helpers: a
 * {@link org.logplab.core.collective.broadcast.SplitRule} cuts a segment of the group into a
 * {@link org.logplab.core.collective.broadcast.Split}, and
 * {@link org.logplab.core.collective.broadcast.SplitTree} gives a member's
 * {@link org.logplab.core.collective.broadcast.TreeRole} without building the tree (the tree
 * all-reduce reuses them); the optimal tree is in {@code org.logplab.core.collective.optimal}.
 */
package org.logplab.core.collective.broadcast;
