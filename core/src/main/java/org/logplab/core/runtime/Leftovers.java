package org.logplab.core.runtime;

import java.util.function.Consumer;
import org.logplab.core.RunResult;

/**
 * The messages a run left in one processor's inbound channels and its unexpected-message queue,
 * sent and never received: counted by channel (a source's queued messages with its channel's) for
 * the run's result (and for a cluster node's quiescent snapshot), then discarded before the next
 * run, so that nothing of one run is seen by the next. A count that finds every channel and the
 * queue empty spares the discard its look at each channel.
 *
 * <p>Threads: whoever reads a finished or blocked processor's channels (the thread that assembles
 * the run's totals, the coordinator under its lock), and the pool between runs; never while the
 * processor's own thread takes messages.
 */
final class Leftovers {
    private final InboundChannels inbound;
    private final UnexpectedQueue unexpected;
    /** Whether the last {@link #report} found every channel and the queue empty. */
    private boolean seenEmpty;

    /** The leftovers of the channels of {@code inbound}, for a processor that queues no unexpected message. */
    Leftovers(InboundChannels inbound) {
        this(inbound, new UnexpectedQueue());
    }

    /** The leftovers of the channels of {@code inbound} and of {@code unexpected}, the messages taken out of them. */
    Leftovers(InboundChannels inbound, UnexpectedQueue unexpected) {
        this.inbound = inbound;
        this.unexpected = unexpected;
    }

    /** Between runs, before the next: nothing counted yet. */
    void reset() {
        seenEmpty = false;
    }

    /**
     * Gives {@code sink} each channel that still holds messages, with how many, counting those of
     * its source in the unexpected-message queue (every one of them came through that channel).
     */
    void report(Consumer<RunResult.InFlight> sink) {
        boolean any = false;
        for (ChannelConsumer in : inbound.consumers()) {
            int left = in.size() + unexpected.countFrom(in.channel.source);
            if (left > 0) {
                sink.accept(new RunResult.InFlight(in.channel.source, in.channel.destination, left));
                any = true;
            }
        }
        seenEmpty = !any;
    }

    /**
     * Between runs: discards every message left (in the channels and the queue) and clears each
     * channel's waiting sender.
     *
     * @return false if there was nothing to do: the last report found none, and no thread has sent since
     */
    boolean discard() {
        if (seenEmpty) {
            return false;
        }
        for (ChannelConsumer in : inbound.consumers()) {
            in.discardAll();
            in.channel.senderWaiting = false;
        }
        unexpected.clear();
        return true;
    }
}
