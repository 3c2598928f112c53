package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.logplab.core.Message;
import org.logplab.core.wire.WireCodec;

/** Data frames go to the node that runs their destination rank, and come only from the node of their source. */
class RankRouterTest {
    /** Node 0 runs ranks 0..3, node 1 ranks 4..5, node 2 ranks 6..7. */
    private static final Partition PARTITION = Partition.ofSizes(4, 2, 2);
    private final WireCodec codec = new WireCodec();

    /** A frame as the transport was given it. */
    private record Sent(int node, byte[] bytes) {
    }

    /** A transport that records every frame; {@code connected} false: every peer is gone. */
    private static final class Recording implements Transport {
        final List<Sent> frames = new ArrayList<>();
        boolean connected = true;

        @Override
        public boolean send(int node, DirectBuffer buffer, int offset, int length) {
            byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            frames.add(new Sent(node, copy));
            return connected;
        }

        @Override
        public int maxFrameLength() {
            return 1 << 16;
        }
    }

    private final Recording transport = new Recording();
    private final RankRouter router = new RankRouter(PARTITION, 0, codec, new FrameSplitter(transport, 3));

    @Test
    void aMessageGoesAsOneDataFrameToTheNodeOfItsDestination() {
        Message m = new Message(2, 7, 42L, 8, 10, 15);
        router.send(5, m);
        router.send(6, m);
        router.send(7, m);
        assertThat(transport.frames).extracting(Sent::node).containsExactly(1, 2, 2);
        byte[] first = transport.frames.get(0).bytes();
        assertThat(first[0]).isEqualTo(FrameKind.DATA.code);
        WireCodec.Frame decoded = codec.decode(new UnsafeBuffer(first), 1, first.length - 1);
        assertThat(decoded.destination()).isEqualTo(5);
        assertThat(decoded.message()).isEqualTo(m);
        assertThat(router.sentCounts()).containsExactly(0, 1, 2);
    }

    @Test
    void aNodeThatIsNotConnectedIsNamedAndTheFrameStillCounts() {
        transport.connected = false;
        assertThatThrownBy(() -> router.send(4, new Message(0, 0, 1L, 8, 0, 0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot send to rank 4: node 1 (ranks 4..5) is not connected");
        assertThat(router.sentCounts()).containsExactly(0, 1, 0);
    }

    @Test
    void aMessageIsRoutableHereOnlyFromTheNodeOfItsSourceToOneOfOurRanks() {
        assertThat(router.routable(1, 4, 0)).isTrue();
        assertThat(router.routable(2, 7, 3)).isTrue();
        assertThat(router.routable(1, 6, 0)).as("rank 6 is node 2's").isFalse();
        assertThat(router.routable(1, 1, 0)).as("rank 1 is ours").isFalse();
        assertThat(router.routable(1, 4, 5)).as("rank 5 is node 1's").isFalse();
        assertThat(router.routable(1, -1, 0)).isFalse();
        assertThat(router.routable(1, 4, 8)).as("P = 8").isFalse();
        assertThat(router.routable(2, 8, 0)).isFalse();
    }

    @Test
    void acceptedFramesAreCountedByNode() {
        router.accepted(2);
        router.accepted(2);
        router.accepted(1);
        long[] received = router.receivedCounts();
        assertThat(received).containsExactly(0, 1, 2);
        received[1] = 99;
        assertThat(router.receivedCounts()).as("a copy").containsExactly(0, 1, 2);
        router.discardedAfterFailure();
        assertThat(router.discardedCount()).isEqualTo(1);
    }
}
