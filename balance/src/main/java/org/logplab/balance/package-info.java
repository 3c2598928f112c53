/**
 * Dynamic load balancing on the LogP runtime (docs/algorithms.md §12): a {@link
 * org.logplab.balance.BalanceConfig} names a workload, the nodes' capacities, their {@link
 * org.logplab.balance.Topology}, a policy and the LogP parameters; {@link
 * org.logplab.balance.BalanceRun} runs it with one worker per LogP processor and returns a {@link
 * org.logplab.balance.BalanceResult} (makespan against the ideal, response times, messages and
 * migrations per task, work share against capacity share, and whether every task ran exactly
 * once); {@link org.logplab.balance.ForkJoinReference} runs the same task set on a JDK fork/join
 * pool for comparison. The packages form layers without a cycle: this one uses {@code worker}
 * (the node's loop and termination detection), {@code policy} (the balancing policies) and
 * {@code workload} (the tasks); {@code worker} uses {@code policy} and {@code workload}; those two
 * use no other package of the module.
 */
package org.logplab.balance;
