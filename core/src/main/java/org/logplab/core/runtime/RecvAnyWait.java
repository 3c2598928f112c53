package org.logplab.core.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * How one processor's {@code recvAny} and {@code recvAnyBy} wait for the message that
 * {@link RecvAnyChoice} picks: under the model clock, for the {@link Coordinator}'s grant at
 * quiescence; under the wall clock, until a message is queued and then until it arrives (its
 * arrival stamp, in nanoseconds since the run's time zero). Each wait returns the channel whose
 * head message to take, or null if none came by the deadline.
 *
 * <p>Used by the processor's own thread only; {@linkplain #reset reset} for each run by the pool.
 */
final class RecvAnyWait {
    /** How long a wall-clock recvAnyBy parks between looks when it may park. */
    static final long POLL_PARK_NANOS = 20_000;

    private final ProcessorImpl owner;
    private final RecvAnyChoice choice;
    /** The owner's clock when it is a wall clock, else null. */
    private final WallClock wall;
    // The current run's, set by reset().
    private Coordinator coordinator;
    private WaitStrategy messageWait;
    private boolean spinning;
    private boolean timed;

    /** Waits of {@code owner}, whose choice is {@code choice} and whose wall clock is {@code wall} (or null). */
    RecvAnyWait(ProcessorImpl owner, RecvAnyChoice choice, WallClock wall) {
        this.owner = owner;
        this.choice = choice;
        this.wall = wall;
    }

    /** Pool, between runs: waits as {@code r} asks. */
    void reset(Run r) {
        coordinator = r.coordinator;
        messageWait = r.messageWait;
        spinning = r.pool.spinning;
        timed = r.timed;
    }

    /**
     * Model clock: the coordinator decides which message a recvAny takes, at quiescence; null when
     * none arrives by {@code deadline} ({@code Long.MAX_VALUE}: no deadline, and a message comes).
     */
    ChannelConsumer granted(long deadline) {
        choice.awaitGrant(deadline);
        try {
            coordinator.block(owner, ProcessorImpl.WAIT_ANY, -1, null, null, () -> false);
        } finally {
            choice.grantWaitOver();
        }
        return choice.takeGrant();
    }

    /**
     * Wall clock: the queued message with the earliest arrival if that is by {@code deadline} (after
     * waiting for it to arrive), else null once {@code deadline} has passed with none.
     */
    ChannelConsumer deliveredBy(long deadline) {
        for (int spins = 1; ; spins++) {
            ChannelConsumer best = choice.earliest();
            if (best != null && best.arrival(timed) <= deadline) {
                wall.waitUntil(best.arrival(timed));
                return choice.earliest();
            }
            long now = wall.now();
            if (now >= deadline) {
                return null;
            }
            // A message may be queued at any moment: look again every few microseconds, parking
            // between looks unless the run spins (parking costs a wake-up of tens of us here).
            if (spinning || deadline - now < WaitStrategy.PARK_ABOVE_NANOS) {
                Thread.onSpinWait();
                if ((spins & 1023) == 0) {
                    owner.checkAbort();
                }
            } else {
                LockSupport.parkNanos(POLL_PARK_NANOS);
                owner.checkAbort();
            }
        }
    }

    /** Wall clock: the message with the earliest arrival, waiting for one if none is queued. */
    ChannelConsumer delivered() {
        ChannelConsumer best = choice.earliest();
        if (best == null && messageWait.await(() -> choice.earliest() != null, owner)) {
            best = choice.earliest();
        }
        while (best == null) {
            coordinator.block(owner, ProcessorImpl.WAIT_ANY, -1, null, null, () -> choice.earliest() != null);
            best = choice.earliest();
        }
        // Wait until it arrives, then take whichever queued message arrived first by then.
        wall.waitUntil(best.arrival(timed));
        return choice.earliest();
    }
}
