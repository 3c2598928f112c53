package org.logplab.goal.sim;

/**
 * What a model-clock run of a GOAL schedule did, interval by interval, for a listener such as
 * {@link ModelTrace}. Times are model units; operations are the schedule's numbers. Called on the
 * simulating thread, in the order the simulation handles its events (not in time order).
 */
public interface ModelEvents {
    /** A listener that ignores everything. */
    ModelEvents NONE = new ModelEvents() {
    };

    /** Send {@code op} held its CPU from {@code start} to {@code end} ({@code o + (s-1)O}). */
    default void send(int op, long start, long end) {
    }

    /**
     * The message of send {@code op} held its destination's CPU from {@code start} to {@code end}
     * ({@code o + max((s-1)O, (s-1)G)}): it arrived and was handled.
     */
    default void arrival(int op, long start, long end) {
    }

    /** Calc {@code op} held its CPU from {@code start} to {@code end}. */
    default void calc(int op, long start, long end) {
    }
}
