package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Control frames: the kind byte and the payload, to one peer or to every peer but this node; failures kept. */
class ControlSenderTest {

    /** A frame as the transport was given it. */
    private record Sent(int node, byte[] bytes) {
    }

    /** A transport that records every frame, or fails every send once {@code broken}. */
    private static final class Recording implements Transport {
        final List<Sent> frames = new ArrayList<>();
        boolean broken;

        @Override
        public boolean send(int node, DirectBuffer buffer, int offset, int length) {
            if (broken) {
                throw new IllegalStateException("closed");
            }
            byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            frames.add(new Sent(node, copy));
            return true;
        }

        @Override
        public int maxFrameLength() {
            return 1 << 16;
        }
    }

    private final Recording transport = new Recording();
    private final ControlSender control = new ControlSender(1, 3, transport, new FrameSplitter(transport, 3));

    @Test
    void aFrameWithoutPayloadIsItsKindByte() {
        control.send(0, FrameKind.READY);
        assertThat(transport.frames).hasSize(1);
        assertThat(transport.frames.get(0).node()).isZero();
        assertThat(transport.frames.get(0).bytes()).containsExactly(FrameKind.READY.code);
        assertThat(control.idle()).isTrue();
    }

    @Test
    void aBroadcastGoesToEveryOtherNodeWithItsPayload() {
        ControlCodecs.FailureNotice notice = new ControlCodecs.FailureNotice(3, "rank 3 failed");
        control.broadcast(FrameKind.FAIL, ControlCodecs.FAIL, notice);
        assertThat(transport.frames).extracting(Sent::node).containsExactly(0, 2);
        for (Sent s : transport.frames) {
            assertThat(s.bytes()[0]).isEqualTo(FrameKind.FAIL.code);
            assertThat(ControlCodecs.FAIL.decode(new UnsafeBuffer(s.bytes()), 1, s.bytes().length - 1))
                    .isEqualTo(notice);
        }
    }

    @Test
    void aFrameThatCannotGoIsNotThrownButSaid() {
        transport.broken = true;
        control.broadcast(FrameKind.HEARTBEAT);
        assertThat(control.lastError()).isEqualTo("could not send control frame HEARTBEAT to node 2: closed");
    }
}
