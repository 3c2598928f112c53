/**
 * Optimal summation on LogP: {@code N} operands spread over the members of a
 * {@link org.logplab.core.collective.Group} so that the root holds their total at the least model
 * time, after Shou Biao and Chen Guoliang, <i>The Implementation of Optimal Broadcast and Summation
 * Algorithms in the LogP Model</i>, Journal of Software 8(1):22-28, 1997, §3, Algorithm 2
 * (docs/algorithms.md §5), with its Theorem 6 corrected.
 *
 * <p>{@link org.logplab.core.collective.summation.SummationPlan} decides how many members take
 * part and when the total is ready, on the optimal broadcast tree of
 * {@code org.logplab.core.collective.optimal} run in reverse;
 * {@link org.logplab.core.collective.summation.OptimalSummation} is the processor code that meets
 * the plan's time exactly under the model clock.
 */
package org.logplab.core.collective.summation;
