/**
 * The load-balancing module (issue 5): worker nodes as LogP processors, the light-node, heavy-node
 * and bidirectional policies of Xu, Zhang and Zhang (2009) (docs/algorithms.md §12), work stealing,
 * termination detection, workloads and metrics.
 */
package org.logplab.balance;
