package org.logplab.balance.worker;

import org.logplab.balance.workload.Task;

/** Makes the package's batch for tests outside the package. */
public final class BalanceWireTestAccess {
    private BalanceWireTestAccess() {
    }

    /** A migration batch. */
    public static Object batch(Task[] tasks, long senderWork) {
        return new Batch(tasks, senderWork);
    }
}
