/**
 * The balancing worker that runs on each LogP processor: {@link org.logplab.balance.worker.Worker}
 * is the node's loop (its arrivals on time, its queued tasks in slices, idling, the termination
 * token), with the parts it is made of as classes of their own: the view its policy sees, the
 * dispatch of received messages by tag, the node's queue and migrations, its estimates of the
 * members' loads, the processor with the node's time at hand, Safra's termination detection and
 * the node's metrics, which end in a {@link org.logplab.balance.worker.WorkerRecord}. {@link
 * org.logplab.balance.worker.BalanceWire} encodes migrated tasks for runs split over processes.
 * Uses the policy and workload packages; a worker and everything it holds are used on the node's
 * own thread only.
 */
package org.logplab.balance.worker;
