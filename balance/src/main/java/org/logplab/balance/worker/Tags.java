package org.logplab.balance.worker;

/** Message tags between balancing nodes. */
final class Tags {
    /** A load notice: {@code long[] {work, state}}. */
    static final int NOTICE = 1;
    /** A request for work: {@code long[] {work wanted, sender's work}}. */
    static final int REQUEST = 2;
    /** Nothing will come: {@code long[] {sender's work}}. */
    static final int DENY = 3;
    /** Migrated tasks: a {@link Batch}. The basic messages of termination detection. */
    static final int TASKS = 4;
    /** A steal attempt: {@code long[] {sender's work}}. */
    static final int STEAL = 5;
    /** The termination token: {@code long[] {sum of counters, black ? 1 : 0}}. */
    static final int TOKEN = 6;
    /** All work is done: stop. */
    static final int STOP = 7;

    private Tags() {
    }
}
