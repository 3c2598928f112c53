package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Silent peers, the words that name them, and the heartbeat's schedule. */
class PeerLivenessTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final Partition PARTITION = Partition.blocks(6, 3);
    private static final long START = 1_000 * MS;
    private final PeerLiveness liveness = new PeerLiveness(0, 3, 500 * MS, 2_000 * MS, START);

    @Test
    void aPeerIsSilentAfterThePeerTimeoutOnceHeardAndAfterTheConnectTimeoutBefore() {
        liveness.heard(1, START + 100 * MS);
        assertThat(liveness.silent(START + 600 * MS)).isEmpty();
        assertThat(liveness.silent(START + 601 * MS)).containsExactly(1);
        assertThat(liveness.silent(START + 2_001 * MS)).containsExactly(1, 2);
        liveness.heard(1, START + 2_000 * MS);
        assertThat(liveness.silent(START + 2_001 * MS)).containsExactly(2);
    }

    @Test
    void lostContactNamesEverySilentPeerAndWhatCameOfItsLongFrame() {
        FrameAssembler assembler = new FrameAssembler(3);
        // Node 2 was sending a frame of 100 bytes in chunks; 10 bytes of it came.
        UnsafeBuffer chunk = new UnsafeBuffer(new byte[FrameSplitter.CHUNK_HEADER + 10]);
        chunk.putByte(0, FrameKind.CHUNK.code);
        chunk.putInt(1, 100);
        chunk.putInt(5, 0);
        assertThat(assembler.add(2, chunk, 0, chunk.capacity())).isNull();
        liveness.heard(1, START);
        liveness.heard(2, START);
        assertThat(liveness.lostContact(START + 500 * MS, PARTITION, assembler)).isNull();
        assertThat(liveness.lostContact(START + 700 * MS, PARTITION, assembler)).isEqualTo("lost contact on node 0: "
                + "node 1 (ranks 2..3) silent for 700 ms (peer timeout 500 ms); "
                + "node 2 (ranks 4..5) silent for 700 ms (peer timeout 500 ms) "
                + "(10 of 100 bytes of a frame from it had come; the frame was discarded); "
                + "the process died, stopped answering or never joined");
        assertThat(assembler.discarded()).isEqualTo(1);
    }

    @Test
    void aPeerNeverHeardIsNamedWithTheConnectTimeout() {
        liveness.heard(1, START + 2_000 * MS);
        assertThat(liveness.lostContact(START + 2_100 * MS, PARTITION, new FrameAssembler(3)))
                .isEqualTo("lost contact on node 0: node 2 (ranks 4..5) never heard within the connect timeout of "
                        + "2000 ms; the process died, stopped answering or never joined");
    }

    @Test
    void aHeartbeatIsDueEveryHundredMilliseconds() {
        long t = START;
        assertThat(liveness.heartbeatDue(t)).isTrue();
        assertThat(liveness.heartbeatDue(t + 99 * MS)).isFalse();
        assertThat(liveness.heartbeatDue(t + PeerLiveness.HEARTBEAT_MILLIS * MS)).isTrue();
        assertThat(liveness.heartbeatDue(t + 150 * MS)).as("counted from the last one sent").isFalse();
        assertThat(liveness.heartbeatDue(t + 200 * MS)).isTrue();
    }
}
