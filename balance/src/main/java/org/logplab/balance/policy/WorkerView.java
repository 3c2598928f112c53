package org.logplab.balance.policy;

import java.util.SplittableRandom;

/**
 * What a balancing policy sees of its node and may do: the node's queue and capacity, what it
 * last heard of its domain's loads, and the balancing messages it can send. Every message pays the
 * run's {@code L}, {@code o}, {@code g} and is counted. Loads are queued work in work units (the
 * task running is not queued); times are clock units (model units, or ns under the wall clock).
 * Called only on the node's own thread, between tasks.
 */
public interface WorkerView {
    /** This node's rank. */
    int rank();

    /** The number of nodes. */
    int nodes();

    /** The nodes this one balances with, in increasing rank order. */
    int[] domain();

    /** This node's capacity, work units per time unit. */
    long capacity();

    /** Node {@code j}'s capacity (capacities are known to all: they are the configuration). */
    long capacityOf(int j);

    /** Current time, clock units. */
    long now();

    /** Clock units per time unit of the workload (1 under the model clock, ns per time unit under the wall clock). */
    long timeUnit();

    /** The run's latency {@code L}, overhead {@code o} and gap {@code g} in clock units, as {@code {L, o, g}}. */
    long[] logP();

    /** Work queued here, work units. */
    long queuedWork();

    /** Tasks queued here. */
    int queuedTasks();

    /** The fraction of the time so far that this worker spent running tasks (0 at time 0). */
    double busyFraction();

    /**
     * Node {@code j}'s queued work as last reported (every balancing message carries its sender's
     * queued work, and notices report it), less what {@code j} has worked off at its capacity since
     * (an estimate: it may have received work meanwhile); {@code -1} before anything was heard from it.
     */
    long knownWork(int j);

    /** Sets what this node believes about {@code j}'s queued work (after sending it tasks, say). */
    void assumeWork(int j, long work);

    /** A random source of this node, seeded from the run's seed: runs are reproducible. */
    SplittableRandom random();

    /** Sends a load notice (this node's queued work and {@code state}) to every domain member. */
    void notifyDomain(int state);

    /** Sends a load notice (this node's queued work and {@code state}) to member {@code j} alone. */
    void notify(int j, int state);

    /** Asks {@code j} for about {@code work} work units of tasks ({@link WorkerPolicy#onRequest} there). */
    void request(int j, long work);

    /** Asks {@code j} for tasks as a thief ({@link WorkerPolicy#onSteal} there). */
    void steal(int j);

    /**
     * Moves queued tasks to {@code j}, newest first if {@code newest} (else oldest first), until
     * about {@code work} work units have gone: tasks are taken while the total stays within
     * {@code work}, and one task more if that brings the total nearer to {@code work}. Sends one
     * message with all of them; nothing if no task is taken. Returns the work moved. Nothing
     * moves while no task has run here since tasks last arrived by migration, so that work cannot
     * bounce between nodes without progress.
     */
    long migrate(int j, long work, boolean newest);

    /** Tells a requester or thief {@code j} that nothing will come. */
    void deny(int j);

    /**
     * Counts one occurrence of {@code event}, an event of the policy's own (a switch of mode, say):
     * the counts of every worker are summed into the run's {@code BalanceResult#policyEvents()}
     * (the JSON's {@code policy_events}), so that a user can see what a policy did, not only what
     * came of it. Costs no message and no model time.
     */
    default void count(String event) {
    }

    /**
     * Asks to be called at {@link WorkerPolicy#onIdle} again at {@code time} even if nothing arrives
     * (a time not after now counts as the next clock unit, so that waiting always advances time).
     */
    void wakeAt(long time);
}
