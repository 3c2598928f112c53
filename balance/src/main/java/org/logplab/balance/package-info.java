/**
 * The load-balancing module (issue 5): worker nodes as LogP processors, the light-node,
 * heavy-node and bidirectional policies of ALGORITHMS.md §12, work stealing, termination
 * detection, workloads and metrics. Nothing is implemented yet.
 */
package org.logplab.balance;
