package org.logplab.balance.worker;

import org.logplab.balance.workload.Task;

/** The payload of a migration: the tasks and the sender's queued work after they left. */
record Batch(Task[] tasks, long senderWork) {
    /** Bytes on the wire: the tasks and 8 for the work. */
    int bytes() {
        return tasks.length * Task.WIRE_BYTES + 8;
    }
}
