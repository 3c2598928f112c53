package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A {@link Channel} is a single-producer single-consumer FIFO queue: checked with Lincheck against
 * a sequential queue, one thread sending and one receiving (Lincheck's non-parallel groups), so
 * that every message is received once, in order, and none is lost, including across the ring's
 * growth: the first ring has two entries, so a few queued messages make the sender link rings of 4
 * and 8 while the receiver may be anywhere behind. Model checking explores interleavings under
 * sequential consistency, so it catches steps done in the wrong order but not a release store
 * weakened to a plain one; the stress run adds real threads on the real memory model. Two
 * deliberately broken ends show that the check fails when it should.
 */
@Tag("lincheck")
class ChannelLincheckTest {
    /** The smallest first ring the runtime makes (virtual threads): a few queued messages cross growths. */
    private static final int FIRST_RING = 2;
    private static final int CAPACITY = 1 << 10;

    @Test
    void everyMessageIsReceivedOnceInOrderUnderModelChecking() {
        modelChecking().iterations(12).invocationsPerIteration(500).check(RuntimeEnds.class);
    }

    @Test
    void everyMessageIsReceivedOnceInOrderUnderStress() {
        new StressOptions().threads(2).actorsPerThread(6).actorsBefore(2).actorsAfter(2)
                .iterations(5).invocationsPerIteration(200)
                .sequentialSpecification(FifoQueue.class).check(RuntimeEnds.class);
    }

    @Test
    void findsAHeaderPublishedBeforeItsMessage() {
        assertThatThrownBy(() -> findFirst().check(PublishBeforeFill.class))
                .isInstanceOf(LincheckAssertionError.class)
                .hasMessageContaining("Invalid execution results");
    }

    @Test
    void findsAReceiverThatLeavesARingBeforeReadingItsHeadAgain() {
        assertThatThrownBy(() -> findFirst().check(EarlyLink.class))
                .isInstanceOf(LincheckAssertionError.class)
                .hasMessageContaining("Invalid execution results");
    }

    private static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions().threads(2).actorsPerThread(4).actorsBefore(2).actorsAfter(2)
                .sequentialSpecification(FifoQueue.class);
    }

    /** Model checking that stops at the first failure, as found: a broken end only has to be caught. */
    private static ModelCheckingOptions findFirst() {
        return modelChecking().iterations(12).invocationsPerIteration(500).minimizeFailedScenario(false);
    }

    /**
     * The operations, over a sender and a receiver of one channel. Messages are numbered from 1 in
     * the order sent, so an entry read before it was written (0) shows.
     */
    public abstract static class Spsc {
        private final ChannelEnds.Sender sender;
        private final ChannelEnds.Receiver receiver;
        private long next = 1;

        Spsc(ChannelEnds.Sender sender, ChannelEnds.Receiver receiver) {
            this.sender = sender;
            this.receiver = receiver;
        }

        @Operation(nonParallelGroup = "producer")
        public void sendLong() {
            sender.send(SlotRing.LONG, next++);
        }

        @Operation(nonParallelGroup = "producer")
        public void sendObject() {
            sender.send(SlotRing.OBJECT, next++);
        }

        @Operation(nonParallelGroup = "consumer")
        public String receive() {
            return receiver.receive();
        }
    }

    /** The runtime's own ends, with padded rings; the receiver also counts what is queued. */
    public static final class RuntimeEnds extends Spsc {
        private final ChannelConsumer in;

        public RuntimeEnds() {
            this(new Channel(0, 1, CAPACITY, FIRST_RING, true));
        }

        private RuntimeEnds(Channel channel) {
            super(ChannelEnds.sender(channel.producer()), ChannelEnds.receiver(channel.consumer()));
            this.in = channel.consumer();
        }

        @Operation(nonParallelGroup = "consumer")
        public int size() {
            return in.size();
        }
    }

    /** A sender that publishes each header before its message, into a ring with room for all. */
    public static final class PublishBeforeFill extends Spsc {
        public PublishBeforeFill() {
            this(new Channel(0, 1, CAPACITY, 64, false));
        }

        private PublishBeforeFill(Channel channel) {
            super(new PublishBeforeFillSender(channel.first), ChannelEnds.receiver(channel.consumer()));
        }
    }

    /** A receiver that follows the link to a bigger ring without reading its head entry again. */
    public static final class EarlyLink extends Spsc {
        public EarlyLink() {
            this(new Channel(0, 1, CAPACITY, FIRST_RING, false));
        }

        private EarlyLink(Channel channel) {
            super(ChannelEnds.sender(channel.producer()), new EarlyLinkReceiver(channel.first));
        }
    }

    /** The sequential specification: a FIFO queue of the same messages, never full. */
    public static final class FifoQueue {
        private final ArrayDeque<String> queue = new ArrayDeque<>();
        private long next = 1;

        public void sendLong() {
            queue.add(ChannelEnds.describe(SlotRing.LONG, next++));
        }

        public void sendObject() {
            queue.add(ChannelEnds.describe(SlotRing.OBJECT, next++));
        }

        public String receive() {
            return queue.poll();
        }

        public int size() {
            return queue.size();
        }
    }
}
