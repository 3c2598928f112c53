package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The straight-line codelets, every size and form, against two independent oracles: the loop kernels they
 * replace ({@link Radix4}'s stages, the span-4 butterfly by the definition of the 4-point DFT) and the DFT by
 * its definition in bit-reversed order; the buffer forms equal the in-place ones bit for bit.
 */
class CodeletsTest {
    private static final int[] SIZES = {16, 8, 4};

    @Test
    void everyCodeletShouldEqualItsLoopStages() {
        Random random = new Random(16);
        for (int n : SIZES) {
            TwiddleTable table = TwiddleTable.of(n);
            for (int trial = 0; trial < 100; trial++) {
                // At a point offset of one block, as the transforms call them.
                double[] a = random.doubles(4 * n, -1, 1).toArray();
                double[] loops = a.clone();
                loopStages(loops, n, n, table, false);
                double[] x = a.clone();
                forward(n, x, 2 * n);
                assertClose(x, loops, "dif" + n);

                double scale = 1.0 / n;
                double[] inverseLoops = a.clone();
                loopStages(inverseLoops, n, n, table, true);
                for (int i = 2 * n; i < 4 * n; i++) {
                    inverseLoops[i] *= scale;
                }
                double[] y = a.clone();
                inverse(n, y, 2 * n, scale);
                assertClose(y, inverseLoops, "dif" + n + "Inverse");
            }
        }
    }

    @Test
    void everyCodeletShouldEqualTheDftInBitReversedOrder() {
        Random random = new Random(17);
        for (int n : SIZES) {
            int log = Integer.numberOfTrailingZeros(n);
            for (int trial = 0; trial < 20; trial++) {
                double[] re = random.doubles(n, -1, 1).toArray();
                double[] im = random.doubles(n, -1, 1).toArray();
                double[][] dft = NaiveDft.dft(re, im, -1);
                double[][] inverseDft = NaiveDft.dft(re, im, +1);
                double[] a = ComplexArrays.interleave(re, im);
                double[] b = a.clone();
                forward(n, a, 0);
                double scale = 0.5;
                inverse(n, b, 0, scale);
                for (int k = 0; k < n; k++) {
                    int at = 2 * (Integer.reverse(k) >>> (32 - log));
                    assertThat(a[at]).as("dif%d re %d", n, k).isCloseTo(dft[0][k], within(1e-14));
                    assertThat(a[at + 1]).as("dif%d im %d", n, k).isCloseTo(dft[1][k], within(1e-14));
                    assertThat(b[at]).as("dif%dInverse re %d", n, k).isCloseTo(scale * inverseDft[0][k], within(1e-14));
                    assertThat(b[at + 1]).as("dif%dInverse im %d", n, k)
                            .isCloseTo(scale * inverseDft[1][k], within(1e-14));
                }
            }
        }
    }

    @Test
    void bufferFormsShouldEqualTheInPlaceFormsBitForBit() {
        Random random = new Random(18);
        for (int n : SIZES) {
            for (int trial = 0; trial < 100; trial++) {
                double[] a = random.doubles(4 * n, -1, 1).toArray();
                int o = 2 * n * random.nextInt(2);
                int p = 2 * random.nextInt(16);
                double scale = 1.0 / (1 << random.nextInt(20));
                double[] x = a.clone();
                forward(n, x, o);
                double[] d = new double[32 * 16 + 32];
                forwardTo(n, a, o, d, p);
                assertStrided(d, p, x, o, n, "dif" + n + "To");
                x = a.clone();
                inverse(n, x, o, scale);
                inverseTo(n, a, o, d, p, scale);
                assertStrided(d, p, x, o, n, "dif" + n + "InverseTo");
            }
        }
    }

    /**
     * The stages of the loop kernels on the {@code n} points at point offset {@code off}: radix-4 stages of span
     * {@code n} down to 8, then the span-4 butterflies by the definition or the radix-2 pairs.
     */
    private static void loopStages(double[] a, int off, int n, TwiddleTable table, boolean inverse) {
        int span = n;
        for (; span > 4; span >>>= 2) {
            Radix4.stage(a, off, n, span, table, inverse);
        }
        if (span == 4) {
            for (int b = off; b < off + n; b += 4) {
                spanFour(a, b, inverse ? +1 : -1);
            }
        } else {
            Radix4.radix2(a, off, n);
        }
    }

    /** The span-4 radix-4 butterfly by the definition: outputs k = 0, 2, 1, 3 of the 4-point DFT. */
    private static void spanFour(double[] a, int b, int sign) {
        double[] re = new double[4];
        double[] im = new double[4];
        for (int l = 0; l < 4; l++) {
            re[l] = a[2 * (b + l)];
            im[l] = a[2 * (b + l) + 1];
        }
        double[][] y = NaiveDft.dft(re, im, sign);
        int[] order = {0, 2, 1, 3};
        for (int l = 0; l < 4; l++) {
            a[2 * (b + l)] = y[0][order[l]];
            a[2 * (b + l) + 1] = y[1][order[l]];
        }
    }

    private static void forward(int n, double[] a, int o) {
        switch (n) {
            case 16 -> Codelets.dif16(a, o);
            case 8 -> Codelets.dif8(a, o);
            default -> Codelets.dif4(a, o);
        }
    }

    private static void inverse(int n, double[] a, int o, double scale) {
        switch (n) {
            case 16 -> Codelets.dif16Inverse(a, o, scale);
            case 8 -> Codelets.dif8Inverse(a, o, scale);
            default -> Codelets.dif4Inverse(a, o, scale);
        }
    }

    private static void forwardTo(int n, double[] s, int o, double[] d, int p) {
        switch (n) {
            case 16 -> Codelets.dif16To(s, o, d, p);
            case 8 -> Codelets.dif8To(s, o, d, p);
            default -> Codelets.dif4To(s, o, d, p);
        }
    }

    private static void inverseTo(int n, double[] s, int o, double[] d, int p, double scale) {
        switch (n) {
            case 16 -> Codelets.dif16InverseTo(s, o, d, p, scale);
            case 8 -> Codelets.dif8InverseTo(s, o, d, p, scale);
            default -> Codelets.dif4InverseTo(s, o, d, p, scale);
        }
    }

    /** Output point {@code k} at {@code d[p + 32 k]} equals point {@code k} at {@code x[o + 2 k]}, bit for bit. */
    private static void assertStrided(double[] d, int p, double[] x, int o, int n, String form) {
        for (int k = 0; k < n; k++) {
            assertThat(Double.doubleToRawLongBits(d[p + 32 * k])).as("%s re %d", form, k)
                    .isEqualTo(Double.doubleToRawLongBits(x[o + 2 * k]));
            assertThat(Double.doubleToRawLongBits(d[p + 32 * k + 1])).as("%s im %d", form, k)
                    .isEqualTo(Double.doubleToRawLongBits(x[o + 2 * k + 1]));
        }
    }

    private static void assertClose(double[] actual, double[] expected, String form) {
        for (int i = 0; i < actual.length; i++) {
            assertThat(actual[i]).as("%s index %d", form, i).isCloseTo(expected[i], within(1e-14));
        }
    }
}
