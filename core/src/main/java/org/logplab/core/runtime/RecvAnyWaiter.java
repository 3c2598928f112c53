package org.logplab.core.runtime;

/**
 * A model-clock {@code recvAny} (or {@code recvAnyBy}) waiter at quiescence, as
 * {@link RecvAnyRule} sees it. Times in model units.
 *
 * @param rank the waiting processor
 * @param message whether its next action is to take its earliest queued message (accepted by its
 *     deadline); otherwise it is to time out at its deadline
 * @param action when that action starts: {@code max(receive ready, arrival)} for a message,
 *     {@code max(now, deadline)} for a time-out
 * @param earliestNextArrival the earliest arrival of any message that action may lead to:
 *     {@code action + 2o + L} after a receive, {@code action + o + L} after a time-out
 * @param key what must beat the bound for the waiter to go: the message's arrival, or the time-out's time
 */
public record RecvAnyWaiter(int rank, boolean message, long action, long earliestNextArrival, long key) {
}
