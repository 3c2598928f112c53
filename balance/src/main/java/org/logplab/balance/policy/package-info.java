/**
 * The balancing policies, and the interface between a policy and the worker it steers. A {@link
 * org.logplab.balance.policy.BalancingPolicy} makes one {@link
 * org.logplab.balance.policy.WorkerPolicy} per node, whose callbacks the node's loop calls
 * between tasks; the policy sees its node and acts only through the node's {@link
 * org.logplab.balance.policy.WorkerView} (queue, capacity, what it last heard of its members'
 * loads, and the messages it may send), so that a policy can be tested on a view set by hand
 * without a run. The built-in ones, by name through {@link org.logplab.balance.policy.Policies}:
 * {@code none}, the light-node, heavy-node and bidirectional policies of Xu, Zhang and Zhang
 * (2009) with their domain arithmetic, randomised work stealing and {@code adaptive}. Depends on
 * no other package of the module.
 */
package org.logplab.balance.policy;
