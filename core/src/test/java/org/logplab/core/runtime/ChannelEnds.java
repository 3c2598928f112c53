package org.logplab.core.runtime;

import org.logplab.core.Message;

/**
 * The two ends of a channel as the concurrency tests drive them, one message at a time, so that a
 * deliberately broken end can stand in for either real one. A message is its kind and a sequence
 * number (the value of a primitive message, the payload of an object message); a receiver
 * describes what it took as {@code "long n"} or {@code "object n"}.
 */
final class ChannelEnds {
    /** The sending side. */
    @FunctionalInterface
    interface Sender {
        /** Sends message {@code seq} of {@code kind} ({@link SlotRing#LONG} or {@link SlotRing#OBJECT}). */
        void send(int kind, long seq);
    }

    /** The receiving side. */
    @FunctionalInterface
    interface Receiver {
        /** Takes the oldest queued message and describes it, or returns null if none is queued. */
        String receive();
    }

    private ChannelEnds() {
    }

    /** The runtime's own sending end; it fails if the channel is full, which the tests never let it be. */
    static Sender sender(ChannelProducer out) {
        return new RuntimeSender(out);
    }

    /** The runtime's own receiving end. */
    static Receiver receiver(ChannelConsumer in) {
        return new RuntimeReceiver(in);
    }

    /** How {@link Receiver#receive()} describes message {@code seq} of {@code kind}. */
    static String describe(int kind, long seq) {
        return (kind == SlotRing.OBJECT ? "object " : "long ") + seq;
    }

    // Plain classes: Lincheck cannot read the fields of a lambda's hidden class or of a record.
    private static final class RuntimeSender implements Sender {
        private final ChannelProducer out;

        RuntimeSender(ChannelProducer out) {
            this.out = out;
        }

        @Override
        public void send(int kind, long seq) {
            if (!out.claim()) {
                throw new IllegalStateException(out.channel + " is full");
            }
            boolean object = kind == SlotRing.OBJECT;
            out.publish(kind, false, 0, object ? SlotRing.objectValue(8, 0) : seq, object ? seq : null,
                    Message.UNSTAMPED, Message.UNSTAMPED);
        }
    }

    private static final class RuntimeReceiver implements Receiver {
        private final ChannelConsumer in;

        RuntimeReceiver(ChannelConsumer in) {
            this.in = in;
        }

        @Override
        public String receive() {
            if (!in.peek()) {
                return null;
            }
            String taken = in.kind() == SlotRing.OBJECT ? "object " + in.payload() : "long " + in.value();
            in.release();
            return taken;
        }
    }
}
