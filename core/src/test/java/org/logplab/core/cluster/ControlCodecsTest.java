package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;
import org.logplab.core.RunResult;
import org.logplab.core.runtime.NodeSnapshot;
import org.logplab.core.runtime.RecvAnyRule;
import org.logplab.core.wire.MalformedFrameException;
import org.logplab.core.wire.PayloadCodec;

/** The control frames' payloads survive the wire, and truncated or padded ones are rejected. */
class ControlCodecsTest {

    private static <T> T roundTrip(PayloadCodec<T> codec, T value, int expectedLength) {
        assertThat(codec.encodedLength(value)).isEqualTo(expectedLength);
        ExpandableArrayBuffer b = new ExpandableArrayBuffer(expectedLength + 16);
        codec.encode(value, b, 3);
        T back = codec.decode(b, 3, expectedLength);
        for (int cut : new int[] {1, expectedLength / 2}) {
            if (cut > 0 && cut <= expectedLength) {
                assertThatThrownBy(() -> codec.decode(b, 3, expectedLength - cut)).as("cut by %d", cut)
                        .isInstanceOf(MalformedFrameException.class);
            }
        }
        assertThatThrownBy(() -> codec.decode(b, 3, expectedLength + 1)).isInstanceOf(MalformedFrameException.class);
        return back;
    }

    @Test
    void letGoEndAndFailureRoundTrip() {
        // Lengths by hand: seq 8 + count 4 + 4 per rank; P 4 + 24 per rank + count 4 + 16 per leftover; rank 4 + length
        // 4 + UTF-8.
        ControlCodecs.LetGo go = roundTrip(ControlCodecs.LET_GO, new ControlCodecs.LetGo(42, new int[] {3, 5, 9}), 8 + 4
                + 12);
        assertThat(go.seq()).isEqualTo(42);
        assertThat(go.ranks()).containsExactly(3, 5, 9);
        ControlCodecs.RunEnd end = roundTrip(ControlCodecs.END, new ControlCodecs.RunEnd(new long[] {10, 20},
                new long[] {1, 2},
                new long[] {2, 1}, List.of(new RunResult.InFlight(0, 1, 3))), 4 + 48 + 4 + 16);
        assertThat(end.finish()).containsExactly(10, 20);
        assertThat(end.sent()).containsExactly(1, 2);
        assertThat(end.received()).containsExactly(2, 1);
        assertThat(end.inFlight()).containsExactly(new RunResult.InFlight(0, 1, 3));
        ControlCodecs.FailureNotice f = roundTrip(ControlCodecs.FAIL, new ControlCodecs.FailureNotice(-1,
                "lost node 2 — ranks 4..5"),
                4 + 4 + "lost node 2 — ranks 4..5".getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        assertThat(f.rank()).isEqualTo(-1);
        assertThat(f.text()).isEqualTo("lost node 2 — ranks 4..5");
    }

    @Test
    void aReportRoundTripsAndIsCheckedAgainstItsSender() {
        NodeSnapshot snapshot = new NodeSnapshot(List.of(
                new NodeSnapshot.Rank(2, NodeSnapshot.Status.RECV_ANY, -1, new RecvAnyRule.Waiter(2, true, 17, 23, 99),
                0, 4, 3),
                new NodeSnapshot.Rank(3, NodeSnapshot.Status.DONE, -1, null, 120, 5, 5)),
                List.of(new RunResult.InFlight(3, 0, 1)));
        Report report = new Report(7, new long[] {1, 2}, new long[] {3, 4}, snapshot);
        // seq 8 + n 4 + 2*16 + count 4 + 2 ranks * 58 + leftovers 4 + 16
        Report back = roundTrip(ControlCodecs.REPORT, report, 8 + 4 + 32 + 4 + 2 * 58 + 4 + 16);
        assertThat(back.appliedSeq()).isEqualTo(7);
        assertThat(back.sentTo()).containsExactly(1, 2);
        assertThat(back.receivedFrom()).containsExactly(3, 4);
        assertThat(back.snapshot()).isEqualTo(snapshot);
        Partition partition = Partition.blocks(4, 2);
        assertThat(back.checkedFrom(partition, 1)).isSameAs(back);
        assertThatThrownBy(() -> back.checkedFrom(partition, 0)).hasMessageContaining("ranks");
        assertThatThrownBy(() -> back.checkedFrom(Partition.blocks(6, 3), 1)).hasMessageContaining("3");
    }

    @Test
    void aReceiveWaitingForATagCarriesItInFourMoreBytes() {
        NodeSnapshot snapshot = new NodeSnapshot(List.of(
                new NodeSnapshot.Rank(0, NodeSnapshot.Status.RECV, 1, null, 0, 0, 2, 4),
                new NodeSnapshot.Rank(1, NodeSnapshot.Status.RECV_ANY, -1, null, 0, 1, 0, 9)),
                List.of());
        Report report = new Report(1, new long[] {0, 0}, new long[] {0, 0}, snapshot);
        // seq 8 + n 4 + 2*16 + count 4 + 2 ranks * (58 + a 4-byte tag) + leftovers 4
        Report back = roundTrip(ControlCodecs.REPORT, report, 8 + 4 + 32 + 4 + 2 * (58 + 4) + 4);
        assertThat(back.snapshot()).isEqualTo(snapshot);
        assertThat(back.snapshot().ranks()).extracting(r -> r.waitFor().toString()).containsExactly(
                "rank 0 waits to receive from rank 1 with tag 4", "rank 1 waits to receive from any rank with tag 9");
    }
}
