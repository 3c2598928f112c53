/**
 * Broadcasting {@code m} messages from one source to {@code n} processors in the k-port model with
 * the k-tree algorithm, after Ding Ding and Li Weisheng, <i>Algorithm and Analysis of
 * Multiple Messages Broadcast in the Multiport Model</i> (docs/algorithms.md §8), which analyses the
 * k-tree algorithm of Bar-Noy and Ho. Time is counted in rounds.
 *
 * <p>{@link org.logplab.core.collective.ktree.KPortNetwork} is the referee every schedule runs
 * through; {@link org.logplab.core.collective.ktree.KTreeBroadcast} builds the k spanning trees
 * (each processor's {@link org.logplab.core.collective.ktree.KTreeRole} computed locally from
 * {@code (n, k, rank)}), {@link org.logplab.core.collective.ktree.KTreeSchedule} pipelines the
 * messages down them, and {@link org.logplab.core.collective.ktree.KTreeReport#run} is the command
 * line's entry, with the seed's upper bound and Theorem 2's lower bound beside the rounds taken.
 */
package org.logplab.core.collective.ktree;
