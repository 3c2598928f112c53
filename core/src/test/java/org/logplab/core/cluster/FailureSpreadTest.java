package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.logplab.core.RunFailedException;

/** Failures before the run exists: kept for it, told to every peer (a peer's own is not told back). */
class FailureSpreadTest {
    private final List<Integer> to = new ArrayList<>();
    private final List<ControlCodecs.FailureNotice> notices = new ArrayList<>();
    private final Transport transport = new Transport() {
        @Override
        public boolean send(int node, DirectBuffer buffer, int offset, int length) {
            assertThat(buffer.getByte(offset)).isEqualTo(FrameKind.FAIL.code);
            byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            to.add(node);
            notices.add(ControlCodecs.FAIL.decode(new UnsafeBuffer(copy), 1, length - 1));
            return true;
        }

        @Override
        public int maxFrameLength() {
            return 1 << 16;
        }
    };
    private final RunPhases phases = new RunPhases(3);
    private final FailureSpread failures =
            new FailureSpread(new ControlSender(2, 3, transport, new FrameSplitter(transport, 3)), phases);

    @Test
    void aLocalFailureDuringSetupIsKeptForTheRunAndToldToEveryPeer() {
        RunFailedException f = new RunFailedException(-1, "node 2: peers did not connect", null);
        failures.local(null, f);
        assertThat(failures.early()).isSameAs(f);
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.FAILED);
        assertThat(to).containsExactly(0, 1);
        assertThat(notices).containsOnly(new ControlCodecs.FailureNotice(-1, "node 2: peers did not connect"));
    }

    @Test
    void aPeersFailureIsKeptForTheRunAndNotToldBack() {
        failures.fromPeer(null, 3, "node 1 (ranks 2..3) reports: rank 3 failed");
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.FAILED);
        assertThat(failures.early().rank()).isEqualTo(3);
        assertThat(failures.early().getMessage()).isEqualTo("node 1 (ranks 2..3) reports: rank 3 failed");
        assertThat(to).isEmpty();
    }

    @Test
    void aPeersFailureBeforeTheRunIsTheOneThatCounts() {
        failures.fromPeer(null, 3, "node 1 (ranks 2..3) reports: rank 3 failed");
        failures.local(null, new RunFailedException(-1, "node 2: lost contact", null));
        assertThat(failures.early().rank()).isEqualTo(3);
        assertThat(to).isEmpty();
    }

    @Test
    void theRunsFailureIsToldToEveryPeer() {
        failures.spread(new RunFailedException(1, "rank 1 failed: boom", null));
        assertThat(phases.get()).isEqualTo(RunPhases.Phase.FAILED);
        assertThat(to).containsExactly(0, 1);
        assertThat(notices).containsOnly(new ControlCodecs.FailureNotice(1, "rank 1 failed: boom"));
    }
}
