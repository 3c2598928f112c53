/**
 * All-reduce on LogP: every member of a {@link org.logplab.core.collective.Group} contributes a
 * value and every member ends with the combination of all of them, with an exact predictor of the
 * model time. The butterfly (recursive doubling) after Xu Tao, Zhang Lifeng and Zhang Jian,
 * <i>Parallelization of Serial Algorithms</i> (our translation of the title), a Problem A paper of
 * the 2nd MathChina Cup Mathematical Modeling Network Challenge, 2009, §4(3) (docs/algorithms.md
 * §6); the tree reduce-then-broadcast it is compared with runs on the uniform-halving tree of Gu
 * Naijie, Li Wei and Liu Jing, <i>Fibonacci Series-Based Multicast Algorithm</i>, Chinese Journal
 * of Computers 25(4):365-372, 2002 (docs/algorithms.md §2).
 *
 * <p>{@link org.logplab.core.collective.allreduce.AllReduce} is the contract;
 * {@link org.logplab.core.collective.allreduce.ButterflyAllReduce} and
 * {@link org.logplab.core.collective.allreduce.TreeReduceBroadcast} implement it, each with a
 * package-private timing class that evaluates the model rules over its schedule. The tree variant
 * reuses the split-tree helpers and the binomial multicast of
 * {@code org.logplab.core.collective.broadcast}.
 */
package org.logplab.core.collective.allreduce;
