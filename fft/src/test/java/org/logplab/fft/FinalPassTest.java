package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fused last pass (codelets + bit reversal through a buffer) equals the in-place codelets
 * followed by the swap-based bit reversal, from its structural minimum of 2^8 points on, odd and
 * even {@code log2 N}, in any split into parts, in plain order and in tiles (from 2^16 points),
 * with the scalar kernels and with the vector ones (where the JVM has them).
 */
class FinalPassTest {

    @ParameterizedTest(name = "vector kernels: {0}")
    @ValueSource(booleans = {false, true})
    void shouldEqualInPlaceCodeletsThenBitReversal(boolean vector) {
        assumeTrue(!vector || FftKernels.VECTOR.available(), "the JVM runs without " + FftKernels.VECTOR_MODULE);
        Random random = new Random(21);
        for (int log = 8; log <= 20; log++) {
            int n = 1 << log;
            TwiddleTable table = TwiddleTable.of(n);
            double[] a = random.doubles(2 * n, -1, 1).toArray();
            double[] expected = a.clone();
            Radix4.difInCache(expected, 0, n, table, false, 1.0, vector);
            BitReversal.permute(expected, log);
            Radix4.stages(a, 0, n, table, false, vector);
            int parts = FinalPass.parts(log);
            // In two uneven pieces, as the fork/join FFT may cut it.
            int cut = parts / 3;
            FinalPass.run(a, log, 0, cut, false, 1.0, vector);
            FinalPass.run(a, log, cut, parts, false, 1.0, vector);
            assertThat(a).as("N=2^%d", log).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "vector kernels: {0}")
    @ValueSource(booleans = {false, true})
    void inverseShouldEqualInPlaceInverseCodeletsThenBitReversal(boolean vector) {
        assumeTrue(!vector || FftKernels.VECTOR.available(), "the JVM runs without " + FftKernels.VECTOR_MODULE);
        Random random = new Random(22);
        for (int log = 8; log <= 20; log++) {
            int n = 1 << log;
            TwiddleTable table = TwiddleTable.of(n);
            double[] a = random.doubles(2 * n, -1, 1).toArray();
            double[] expected = a.clone();
            double scale = 1.0 / n;
            Radix4.difInCache(expected, 0, n, table, true, scale, vector);
            BitReversal.permute(expected, log);
            Radix4.stages(a, 0, n, table, true, vector);
            FinalPass.run(a, log, 0, FinalPass.parts(log), true, scale, vector);
            assertThat(a).as("N=2^%d", log).isEqualTo(expected);
        }
    }
}
