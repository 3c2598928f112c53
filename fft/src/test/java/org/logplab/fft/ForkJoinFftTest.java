package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/** The fork/join FFT gives the serial FFT's result, bit for bit, for every pool size. */
class ForkJoinFftTest {

    @Test
    void shouldEqualTheSerialFftExactly() {
        Random random = new Random(8);
        for (int parallelism : new int[] {1, 2, 3, 4}) {
            ForkJoinPool pool = new ForkJoinPool(parallelism);
            try {
                for (int log = 0; log <= 20; log++) {
                    int n = 1 << log;
                    double[] re = random.doubles(n, -1, 1).toArray();
                    double[] im = random.doubles(n, -1, 1).toArray();
                    double[] sr = re.clone();
                    double[] si = im.clone();
                    Fft.forward(sr, si);
                    ForkJoinFft.forward(re, im, pool);
                    assertThat(re).as("re N=2^%d parallelism %d", log, parallelism).isEqualTo(sr);
                    assertThat(im).as("im N=2^%d parallelism %d", log, parallelism).isEqualTo(si);
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> ForkJoinFft.forward(new double[8], new double[8], null)).hasMessageContaining("pool");
        assertThatThrownBy(() -> ForkJoinFft.forward(new double[6], new double[6], ForkJoinPool.commonPool()))
                .hasMessageContaining("power of two");
    }
}
