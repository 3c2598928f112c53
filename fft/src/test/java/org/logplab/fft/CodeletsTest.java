package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The straight-line codelets equal the loop kernels they replace. */
class CodeletsTest {

    @Test
    void dif16AndDif8ShouldEqualTheirLoopStages() {
        Random random = new Random(16);
        TwiddleTable table = TwiddleTable.of(16);
        for (int trial = 0; trial < 100; trial++) {
            // 16 points: a span-16 radix-4 stage, then four span-4 butterflies (twiddles 1).
            double[] a = random.doubles(32, -1, 1).toArray();
            double[] loops = a.clone();
            Radix4.butterflies(loops, 0, 16, 0, 4, table);
            for (int b = 0; b < 16; b += 4) {
                spanFour(loops, b);
            }
            Codelets.dif16(a, 0);
            assertClose(a, loops);
            // 8 points at point offset 8: a span-8 stage, then radix-2 pairs.
            double[] c = random.doubles(32, -1, 1).toArray();
            double[] loops8 = c.clone();
            Radix4.butterflies(loops8, 8, 8, 0, 2, table);
            Radix4.radix2(loops8, 8, 8);
            Codelets.dif8(c, 16);
            assertClose(c, loops8);
        }
    }

    /** The span-4 radix-4 butterfly by the definition: outputs k = 0, 2, 1, 3 of the 4-point DFT. */
    private static void spanFour(double[] a, int b) {
        double[] re = new double[4];
        double[] im = new double[4];
        for (int l = 0; l < 4; l++) {
            re[l] = a[2 * (b + l)];
            im[l] = a[2 * (b + l) + 1];
        }
        double[][] y = NaiveDft.dft(re, im, -1);
        int[] order = {0, 2, 1, 3};
        for (int l = 0; l < 4; l++) {
            a[2 * (b + l)] = y[0][order[l]];
            a[2 * (b + l) + 1] = y[1][order[l]];
        }
    }

    private static void assertClose(double[] actual, double[] expected) {
        for (int i = 0; i < actual.length; i++) {
            assertThat(actual[i]).as("index %d", i).isCloseTo(expected[i], within(1e-14));
        }
    }
}
