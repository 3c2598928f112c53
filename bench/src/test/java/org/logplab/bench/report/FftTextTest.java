package org.logplab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.logplab.bench.experiment.fft.BestSerial;

/** The line under {@code logplab fft}'s table that names the baseline of its {@code vs best serial} column. */
class FftTextTest {

    @Test
    void theLineNamesTheBestSerialCodeAtEachNAndHowMuchSlowerOursIs() {
        Map<Integer, BestSerial> best = new LinkedHashMap<>();
        best.put(4096, BestSerial.of(26_000, Map.of("fftw", 9_400L)));
        best.put(1 << 20, BestSerial.of(13_599_000, Map.of("jtransforms", 13_700_000L)));
        // 26.0 / 9.4 = 2.766 -> 2.77x
        assertThat(FftText.bestSerialLine(best)).isEqualTo("best serial at each N, the baseline of 'vs best serial'"
                + " (quote it beside other tools; 'speedup' is over our serial FFT): 2^12 fftw 9.4 us (ours takes"
                + " 2.77x), 2^20 our serial FFT 13,599.0 us");
    }

    @Test
    void withoutAnySerialPeerTheLineSaysTheBaselineIsOurs() {
        assertThat(FftText.bestSerialLine(Map.of(4096, BestSerial.of(26_000, Map.of()))))
                .startsWith("best serial: no serial peer ran (jtransforms at p = 1, fftw)");
    }
}
