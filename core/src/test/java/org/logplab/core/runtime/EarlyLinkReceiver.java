package org.logplab.core.runtime;

/**
 * A deliberately broken receiving end, for the tests that must catch it: when the head entry holds
 * no message and the sender has linked a bigger ring, it moves on to that ring at once, without
 * reading the head entry again as {@link ChannelConsumer#peek()} does. The sender may have filled
 * that entry, and the rest of the ring, between the read and the look at the link: those messages
 * are skipped.
 */
final class EarlyLinkReceiver implements ChannelEnds.Receiver {
    private SlotRing ring;
    private long head;

    EarlyLinkReceiver(SlotRing first) {
        this.ring = first;
    }

    @Override
    public String receive() {
        int at = entry();
        long header = SlotRing.headerAcquire(ring.words, at);
        if (!SlotRing.holds(header, head)) {
            SlotRing next = ring.next;
            if (next == null) {
                return null;
            }
            ring = next;
            head = 0;
            at = entry();
            header = SlotRing.headerAcquire(ring.words, at);
            if (!SlotRing.holds(header, head)) {
                return null;
            }
        }
        String taken = SlotRing.kind(header) == SlotRing.OBJECT
                ? "object " + ring.payloads[ring.pad + ((int) head & ring.mask)]
                : "long " + ring.words[at + 1];
        SlotRing.headerRelease(ring.words, at, SlotRing.free(head + ring.mask + 1));
        head++;
        return taken;
    }

    private int entry() {
        return ring.pad + 2 * ((int) head & ring.mask);
    }
}
