package org.logplab.core.runtime;

/**
 * A deliberately broken sending end, for the tests that must catch it: it publishes a message's
 * header before it writes the message's value and payload, so a receiver that sees the header may
 * read what the entry held before. Otherwise as {@link ChannelProducer}, without the look-ahead and
 * without growing: its ring must have room for every message a test sends.
 */
final class PublishBeforeFillSender implements ChannelEnds.Sender {
    private final SlotRing ring;
    private long tail;

    PublishBeforeFillSender(SlotRing ring) {
        this.ring = ring;
    }

    @Override
    public void send(int kind, long seq) {
        int i = (int) tail & ring.mask;
        int at = ring.pad + 2 * i;
        if (!SlotRing.isFreeFor(SlotRing.headerAcquire(ring.words, at), tail)) {
            throw new IllegalStateException("the ring is full");
        }
        SlotRing.headerRelease(ring.words, at, SlotRing.full(tail, kind, false, 0));
        boolean object = kind == SlotRing.OBJECT;
        ring.words[at + 1] = object ? SlotRing.objectValue(8, 0) : seq;
        if (object) {
            ring.makePayloads()[ring.pad + i] = seq;
        }
        tail++;
    }
}
