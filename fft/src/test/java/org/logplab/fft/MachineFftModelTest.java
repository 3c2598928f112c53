package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MachineFftModelTest {

    @Test
    void shouldAddThePiecesOfEachFormByHand() {
        // N = 1024 on p = 4: serial 1000, local 200, snapshot 10, twiddle 14, combine 8, lent
        // butterflies 9, pack 90, unpack 40, gather 30; a message 5.
        FftCostProbe.Costs c = new FftCostProbe.Costs(1024, 4, 1000, 200, 10, 14, 8, 9, 90, 40, 30);
        MachineFftModel m = new MachineFftModel(c, 5);
        // Seed form: two stages, each the slower snapshot (14) + a message (5) + the combine (8) = 27.
        assertThat(m.distributedNanos(Handover.COPY)).isEqualTo(200 + 2 * 27.0);
        // Lent: two stages, each the half butterflies (9) + the lend and the done word (10) = 19.
        assertThat(m.distributedNanos(Handover.VIEW)).isEqualTo(200 + 2 * 19.0);
        // Seed form: + pack 90 + unpack 40 + 3 scatter and 3 gather messages (30).
        assertThat(m.masterWorkerNanos(Handover.COPY)).isEqualTo(254 + 90 + 40 + 30.0);
        // Lent array: + gather 30 (the last stage writes into the master's array) + the same messages.
        assertThat(m.masterWorkerNanos(Handover.VIEW)).isEqualTo(238 + 30 + 30.0);
        assertThat(m.speedup(false, Handover.COPY)).isEqualTo(1000 / 254.0);
        assertThat(m.speedup(false, Handover.VIEW)).isEqualTo(1000 / 238.0);
        assertThat(m.speedup(true, Handover.COPY)).isEqualTo(1000 / 414.0);
    }

    @Test
    void probeShouldTimeEveryPieceAndRejectBadSizes() {
        FftCostProbe.Costs c = FftCostProbe.measure(1 << 10, 2, 5);
        assertThat(c.n()).isEqualTo(1024);
        assertThat(c.p()).isEqualTo(2);
        for (double t : new double[] {c.serialNanos(), c.localFftNanos(), c.snapshotNanos(), c.twiddleNanos(),
                c.combineNanos(), c.lentButterfliesNanos(), c.packNanos(), c.unpackNanos(), c.gatherNanos()}) {
            assertThat(t).isPositive().isFinite();
        }
        assertThatThrownBy(() -> FftCostProbe.measure(1000, 2, 3)).hasMessageContaining("power of two");
        assertThatThrownBy(() -> FftCostProbe.measure(4, 4, 3)).hasMessageContaining("N/p must be at least 2");
        assertThatThrownBy(() -> FftCostProbe.measure(16, 2, 0)).hasMessageContaining("reps must be at least 1");
    }
}
