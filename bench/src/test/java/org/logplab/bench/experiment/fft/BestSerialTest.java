package org.logplab.bench.experiment.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The best serial time per N and the speedups over it, from hand-made rows worked out by hand. */
class BestSerialTest {

    private static Map<String, Object> row(int n, int p, String engine, long serialNs, long parallelNs) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("n", n);
        r.put("p", p);
        r.put("engine", engine);
        r.put("serial_ns", serialNs);
        r.put("parallel_ns", parallelNs);
        return r;
    }

    @Test
    void theLeastOfOursAndTheSerialPeersWinsAndOursWinsATie() {
        BestSerial fftw = BestSerial.of(500, Map.of("jtransforms", 450L, "fftw", 250L));
        assertThat(fftw.nanos()).isEqualTo(250);
        assertThat(fftw.engine()).isEqualTo("fftw");
        assertThat(fftw.oursNanos()).isEqualTo(500);
        assertThat(fftw.ours()).isFalse();
        // 250 ns over a parallel time of 200 ns: 1.25, where ours over it is 500 / 200 = 2.5.
        assertThat(fftw.speedup(200)).isEqualTo(1.25);
        assertThat(BestSerial.of(300, Map.of("jtransforms", 300L)).engine()).isEqualTo(BestSerial.OURS);
        BestSerial none = BestSerial.of(300, Map.of());
        assertThat(none.ours()).isTrue();
        assertThat(none.nanos()).isEqualTo(300);
        assertThat(none.peerNanos()).isEmpty();
    }

    @Test
    void onlyJTransformsOnOneThreadAndFftwCountAsSerialPeers() {
        assertThat(BestSerial.serialPeer("jtransforms", 1)).isTrue();
        assertThat(BestSerial.serialPeer("fftw", 1)).isTrue();
        assertThat(BestSerial.serialPeer("jtransforms", 2)).isFalse();
        // our own engines on one processor run our serial FFT: they are "ours", not peers
        assertThat(BestSerial.serialPeer("logp", 1)).isFalse();
        assertThat(BestSerial.serialPeer("forkjoin", 1)).isFalse();
    }

    @Test
    void perSizeTakesOursAsTheMedianOfTheRowsSerialTimesAndThePeersFromTheirOneThreadRows() {
        List<Map<String, Object>> rows = new ArrayList<>(List.of(
                // N = 4096: ours timed 30, 26, 24, 28, 100 (an outlier), 28 and 28 ns beside the engines;
                // sorted 24 26 28 28 28 30 100, the median (the 4th of 7) is 28.
                row(4096, 1, "logp", 30, 29),
                row(4096, 2, "logp", 26, 20),
                row(4096, 2, "forkjoin", 24, 16),
                row(4096, 2, "logp-distributed", 28, 14),
                row(4096, 1, "jtransforms", 100, 32),
                row(4096, 2, "jtransforms", 28, 35),
                row(4096, 1, "fftw", 28, 10),
                // N = 65536: ours 500, 520, 480: median 500; JTransforms on one thread 560 and on two 300
                // (not serial); no FFTW.
                row(65536, 2, "logp", 500, 260),
                row(65536, 1, "jtransforms", 520, 560),
                row(65536, 2, "jtransforms", 480, 300)));
        Map<Integer, BestSerial> best = BestSerial.annotate(rows);
        assertThat(best.keySet()).containsExactly(4096, 65536);
        // 4096: ours 28, jtransforms 32, fftw 10 -> fftw, 10 ns.
        assertThat(best.get(4096)).isEqualTo(new BestSerial(10, "fftw", 28, Map.of("jtransforms", 32L, "fftw", 10L)));
        // 65536: ours 500 against jtransforms 560 -> ours.
        assertThat(best.get(65536)).isEqualTo(new BestSerial(500, BestSerial.OURS, 500,
                Map.of("jtransforms", 560L)));
        // Each row: speedup_vs_best = best serial / parallel_ns.
        Map<String, Object> distributed = rows.get(3);
        assertThat(distributed).containsEntry("best_serial_ns", 10L).containsEntry("best_serial_engine", "fftw")
                .containsEntry("speedup_vs_best", 10 / 14.0); // against ours (28 / 14 = 2) it would be 2
        assertThat(rows.get(2)).containsEntry("speedup_vs_best", 10 / 16.0);
        assertThat(rows.get(6)).containsEntry("speedup_vs_best", 1.0); // fftw over itself
        // 65536, logp on 2: 500 / 260
        assertThat(rows.get(7)).containsEntry("best_serial_ns", 500L).containsEntry("best_serial_engine", "serial")
                .containsEntry("speedup_vs_best", 500 / 260.0);
        // jtransforms on one thread against ours: 500 / 560
        assertThat(rows.get(8)).containsEntry("speedup_vs_best", 500 / 560.0);
    }

    @Test
    void aRowWithoutItsTimesIsRefusedByName() {
        Map<String, Object> r = row(4096, 2, "logp", 30, 20);
        r.remove("serial_ns");
        assertThatThrownBy(() -> BestSerial.perSize(List.of(r))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("serial_ns");
    }
}
