package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/** The fork/join FFT gives the serial FFT's result, bit for bit, for every pool size. */
class ForkJoinFftTest extends OnKernels {

    @Test
    void shouldEqualTheSerialFftExactly() {
        Random random = new Random(8);
        for (int parallelism : new int[] {1, 2, 3, 4, 16, 64}) {
            ForkJoinPool pool = new ForkJoinPool(parallelism);
            try {
                for (int log = 0; log <= 20; log++) {
                    int n = 1 << log;
                    double[] a = random.doubles(2 * n, -1, 1).toArray();
                    double[] serial = a.clone();
                    Fft.forward(serial);
                    ForkJoinFft.forward(a, pool);
                    assertThat(a).as("N=2^%d parallelism %d", log, parallelism).isEqualTo(serial);
                    ForkJoinFft.inverse(a, pool);
                    Fft.inverse(serial);
                    assertThat(a).as("inverse N=2^%d parallelism %d", log, parallelism).isEqualTo(serial);
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> ForkJoinFft.forward(new double[8], null)).hasMessageContaining("pool");
        assertThatThrownBy(() -> ForkJoinFft.inverse(new double[1 << 16], null)).hasMessageContaining("pool");
        assertThatThrownBy(() -> ForkJoinFft.forward(new double[12], ForkJoinPool.commonPool()))
                .hasMessageContaining("power of two");
    }
}
