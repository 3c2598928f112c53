package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.logplab.core.wire.MalformedFrameException;

/** Frames from non-peers, control frames the wrong way and payloads where none belongs are rejected and counted. */
class FrameChecksTest {
    private static final Partition PARTITION = Partition.blocks(6, 3);
    private final FrameChecks atZero = new FrameChecks(PARTITION, 0);
    private final FrameChecks atOne = new FrameChecks(PARTITION, 1);

    @Test
    void onlyPeersMaySend() {
        assertThat(atOne.fromPeer(0)).isTrue();
        assertThat(atOne.fromPeer(2)).isTrue();
        assertThat(atOne.fromPeer(1)).isFalse();
        assertThat(atOne.fromPeer(3)).isFalse();
        assertThat(atOne.fromPeer(-1)).isFalse();
        assertThat(atOne.misaddressed()).isEqualTo(3);
        assertThat(atOne.lastRejection()).isEqualTo("a frame from node -1, not a peer of node 1");
        assertThat(atOne.malformed()).isZero();
    }

    @Test
    void onlyNodeZeroHearsReadyReportAndBye() {
        for (FrameKind kind : new FrameKind[] {FrameKind.READY, FrameKind.REPORT, FrameKind.BYE}) {
            assertThat(atZero.controlAllowed(1, kind, kind.empty() ? 0 : 5)).as("%s to node 0", kind).isTrue();
            assertThat(atOne.controlAllowed(2, kind, kind.empty() ? 0 : 5)).as("%s to node 1", kind).isFalse();
        }
        assertThat(atOne.misaddressed()).isEqualTo(3);
        assertThat(atOne.lastRejection()).isEqualTo("a BYE frame from node 2 (ranks 4..5) to node 1: it is for node 0");
    }

    @Test
    void onlyNodeZeroSaysGoLetGoEndAndFin() {
        for (FrameKind kind : new FrameKind[] {FrameKind.GO, FrameKind.LET_GO, FrameKind.END, FrameKind.FIN}) {
            assertThat(atOne.controlAllowed(0, kind, kind.empty() ? 0 : 5)).as("%s from node 0", kind).isTrue();
            assertThat(atOne.controlAllowed(2, kind, kind.empty() ? 0 : 5)).as("%s from node 2", kind).isFalse();
        }
        assertThat(atOne.misaddressed()).isEqualTo(4);
        assertThat(atOne.lastRejection())
                .isEqualTo("a FIN frame from node 2 (ranks 4..5) to node 1: only node 0 sends it");
    }

    @Test
    void heartbeatsAndFailuresGoEveryWay() {
        assertThat(atOne.controlAllowed(2, FrameKind.HEARTBEAT, 0)).isTrue();
        assertThat(atZero.controlAllowed(2, FrameKind.FAIL, 12)).isTrue();
        assertThat(atOne.controlAllowed(2, FrameKind.FAIL, 12)).isTrue();
        assertThat(atOne.misaddressed() + atZero.misaddressed()).isZero();
    }

    @Test
    void aPayloadWhereNoneBelongsIsMalformed() {
        assertThatThrownBy(() -> atOne.controlAllowed(0, FrameKind.GO, 3))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage("a GO frame with 3 payload bytes");
    }

    @Test
    void theProtocolsOwnRejectionsAreCountedToo() {
        atZero.rejectMalformed("bad control frame END from node 1 (ranks 2..3): no");
        atZero.rejectMisaddressed("a message 2 -> 0 while the run is SETUP");
        assertThat(atZero.malformed()).isEqualTo(1);
        assertThat(atZero.misaddressed()).isEqualTo(1);
        assertThat(atZero.lastRejection()).isEqualTo("a message 2 -> 0 while the run is SETUP");
    }
}
