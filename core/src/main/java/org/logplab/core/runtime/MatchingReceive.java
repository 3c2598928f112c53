package org.logplab.core.runtime;

import static org.logplab.core.Processor.ANY_SOURCE;
import static org.logplab.core.Processor.ANY_TAG;

import java.util.concurrent.locks.LockSupport;
import org.logplab.core.Message;

/**
 * One processor's receives that match by source and tag ({@code recv(src, tag)},
 * {@code recvBy(src, tag, deadline)}), and its {@code recvAny} family while its
 * {@link UnexpectedQueue} holds messages. A message passed over goes into the queue; the one a
 * receive takes is received by the clock rules when it is taken.
 * <ul>
 *   <li>From one source, with no deadline: the first match in the order sent, taken as soon as it
 *       is there (from the queue, else from the channel, passing the others over), waiting for the
 *       channel as {@code recv(src)} does. As {@code recv(src)}, this is deterministic under the model
 *       clock by construction.</li>
 *   <li>From any source, or by a deadline: every message of the channels it matches from is taken
 *       into the queue, and the queue's match decides (see {@link UnexpectedQueue#match}). Under the
 *       model clock a match from one source that is queued is certain (none sent later from there
 *       comes first); otherwise the receive waits, as {@code recvAny} does, for the
 *       {@link Coordinator}'s decision at quiescence ({@link RecvAnyChoice#awaitMatch}), which
 *       takes each view of it through {@link #refresh()}: the messages that reached those channels
 *       meanwhile go into the queue first. Under the wall clock it takes the first delivered,
 *       waiting for its arrival stamp, or gives up once the deadline has passed.</li>
 * </ul>
 * Times are clock units: model units, or nanoseconds since the run's time zero.
 *
 * <p>Used by the processor's own thread, but for {@link #refresh()}, which the coordinator calls
 * under its lock while that thread is blocked in a model-clock matching receive; {@linkplain #reset
 * reset} for each run by the pool.
 */
final class MatchingReceive implements RecvAnyChoice.Match {
    private final ProcessorImpl owner;
    private final RecvAnyChoice choice;
    private final UnexpectedQueue queue;
    /** The owner's clock when it is a wall clock, else null. */
    private final WallClock wall;
    // The current run's, set by reset().
    private Coordinator coordinator;
    private WaitStrategy messageWait;
    private boolean spinning;
    private boolean model;
    private boolean timed;
    // The model-clock receive blocked for the coordinator's decision: what it matches.
    private int waitSource;
    private int waitTag;
    private ChannelConsumer waitOnly;

    /** The matching receives of {@code owner}, whose queue is {@code queue} and wall clock {@code wall} (or null). */
    MatchingReceive(ProcessorImpl owner, RecvAnyChoice choice, UnexpectedQueue queue, WallClock wall) {
        this.owner = owner;
        this.choice = choice;
        this.queue = queue;
        this.wall = wall;
    }

    /** Pool, between runs: receives as {@code r} asks. */
    void reset(Run r) {
        coordinator = r.coordinator;
        messageWait = r.messageWait;
        spinning = r.pool.spinning;
        model = r.model;
        timed = r.timed;
    }

    /** {@code recv(src, tag)}: the first match, waiting for one. */
    Message recv(int src, int tag) {
        checkSource(src);
        owner.checkAbort();
        if (src != ANY_SOURCE) {
            UnexpectedQueue.Entry e = queue.firstMatch(src, tag);
            if (e != null) {
                return owner.receiveQueued(e);
            }
            ChannelConsumer in = owner.consumer(src);
            while (true) {
                if (!in.peek()) {
                    owner.awaitMessage(in, tag);
                }
                if (UnexpectedQueue.tagMatches(in.tag(), tag)) {
                    return owner.take(in);
                }
                owner.passOver(in);
            }
        }
        if (tag == ANY_TAG && queue.isEmpty()) {
            return owner.recvAny();
        }
        return owner.receiveQueued(model ? granted(src, tag, Long.MAX_VALUE) : delivered(tag));
    }

    /** {@code recvBy(src, tag, deadline)}: the first match by the deadline, or null (idling until it). */
    Message recvBy(int src, int tag, long deadline) {
        checkSource(src);
        // A program may poll in a loop that calls nothing else: an aborted run must end it.
        owner.checkAbort();
        if (src == ANY_SOURCE && tag == ANY_TAG && queue.isEmpty()) {
            return owner.recvAnyBy(deadline);
        }
        if (src != ANY_SOURCE && deadline == Long.MAX_VALUE) {
            return recv(src, tag);
        }
        UnexpectedQueue.Entry e = model ? granted(src, tag, deadline) : deliveredBy(src, tag, deadline);
        if (e == null) {
            if (model) {
                owner.clock.idleUntil(deadline);
            }
            return null;
        }
        return owner.receiveQueued(e);
    }

    private void checkSource(int src) {
        if (src != ANY_SOURCE && (src < 0 || src >= owner.size())) {
            throw new IllegalArgumentException("source rank " + src + " is outside 0.." + (owner.size() - 1)
                    + " and is not ANY_SOURCE (-1)");
        }
    }

    /**
     * Model clock: the queued match the coordinator grants (or a certain one from one source), or
     * null if none arrives by {@code deadline}.
     */
    private UnexpectedQueue.Entry granted(int src, int tag, long deadline) {
        ChannelConsumer only = src == ANY_SOURCE ? null : owner.consumer(src);
        passOverAll(only);
        UnexpectedQueue.Entry best = queue.match(src, tag, true);
        if (only != null && best != null) {
            // The first match from one source is final once queued: later sends arrive later.
            return best.message().arrival() <= deadline ? best : null;
        }
        waitSource = src;
        waitTag = tag;
        waitOnly = only;
        choice.awaitMatch(deadline, this, only);
        try {
            while (!choice.decided()) {
                coordinator.block(owner, ProcessorImpl.WAIT_ANY, src, tag, only, null, () -> false);
            }
            return choice.grantedMatch();
        } finally {
            choice.grantWaitOver();
            waitOnly = null;
        }
    }

    /**
     * The coordinator, under its lock, while the owner is blocked in {@link #granted}: takes what
     * reached the channels it matches from into the queue; the match it would take, or null.
     */
    @Override
    public UnexpectedQueue.Entry refresh() {
        passOverAll(waitOnly);
        return queue.match(waitSource, waitTag, true);
    }

    /** Wall clock, any source, no deadline: the first delivered match, waiting for one. */
    private UnexpectedQueue.Entry delivered(int tag) {
        while (true) {
            passOverAll(null);
            UnexpectedQueue.Entry best = queue.match(ANY_SOURCE, tag, timed);
            if (best != null) {
                return arrived(null, ANY_SOURCE, tag, best);
            }
            if (messageWait.await(choice::anyQueued, owner)) {
                continue;
            }
            choice.awaitMatch(Long.MAX_VALUE, null, null);
            try {
                coordinator.block(owner, ProcessorImpl.WAIT_ANY, ANY_SOURCE, tag, null, null, choice::newMessages);
            } finally {
                choice.grantWaitOver();
            }
        }
    }

    /**
     * Wall clock: the first delivered match if it arrives by {@code deadline} (after waiting for it to
     * arrive), else null once {@code deadline} has passed with none.
     */
    private UnexpectedQueue.Entry deliveredBy(int src, int tag, long deadline) {
        ChannelConsumer only = src == ANY_SOURCE ? null : owner.consumer(src);
        for (int spins = 1; ; spins++) {
            passOverAll(only);
            UnexpectedQueue.Entry best = queue.match(src, tag, timed);
            if (best != null && best.message().arrival() <= deadline) {
                return arrived(only, src, tag, best);
            }
            long now = wall.now();
            if (now >= deadline) {
                return null;
            }
            // As RecvAnyWait.deliveredBy: look again every few microseconds, parking between looks
            // unless the run spins.
            if (spinning || deadline - now < WaitStrategy.PARK_ABOVE_NANOS) {
                Thread.onSpinWait();
                if ((spins & 1023) == 0) {
                    owner.checkAbort();
                }
            } else {
                LockSupport.parkNanos(RecvAnyWait.POLL_PARK_NANOS);
                owner.checkAbort();
            }
        }
    }

    /**
     * Wall clock: waits until {@code best} arrives (its stamp, when the run keeps them), then takes
     * whichever match arrived first by then.
     */
    private UnexpectedQueue.Entry arrived(ChannelConsumer only, int src, int tag, UnexpectedQueue.Entry best) {
        if (!timed) {
            return best;
        }
        wall.waitUntil(best.message().arrival());
        passOverAll(only);
        return queue.match(src, tag, true);
    }

    /** Takes every message of {@code only} (null: of every channel) into the queue. */
    private void passOverAll(ChannelConsumer only) {
        if (only != null) {
            while (only.peek()) {
                owner.passOver(only);
            }
            return;
        }
        for (ChannelConsumer in : owner.inbound.consumers()) {
            while (in.peek()) {
                owner.passOver(in);
            }
        }
    }
}
