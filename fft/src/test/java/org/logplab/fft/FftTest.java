package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.jtransforms.fft.DoubleFFT_1D;
import org.junit.jupiter.api.Test;

/** The serial FFT against the DFT's definition, JTransforms, and its own inverse. */
class FftTest extends OnKernels {

    @Test
    void shouldEqualTheNaiveDftUpTo1024PointsForRandomAndStructuredInputs() {
        Random random = new Random(1);
        for (int n = 1; n <= 1024; n *= 2) {
            for (double[][] x : inputs(random, n)) {
                double[][] expected = NaiveDft.dft(x[0], x[1], -1);
                double[] re = x[0].clone();
                double[] im = x[1].clone();
                Fft.forward(re, im);
                assertThat(NaiveDft.relativeRms(re, im, expected[0], expected[1])).as("N=%d", n).isLessThan(1e-12);
            }
        }
    }

    @Test
    void shouldEqualJTransformsUpTo2To20Points() {
        Random random = new Random(2);
        for (int log = 1; log <= 20; log++) {
            int n = 1 << log;
            for (double[][] x : log <= 16 ? inputs(random, n) : new double[][][] {random(random, n)}) {
                double[] expected = ComplexArrays.interleave(x[0], x[1]);
                new DoubleFFT_1D(n).complexForward(expected);
                double[] a = ComplexArrays.interleave(x[0], x[1]);
                Fft.forward(a);
                assertThat(ComplexArrays.relativeRmsError(a, expected)).as("N=2^%d", log).isLessThan(1e-12);
            }
        }
    }

    @Test
    void inverseShouldUndoForwardAndMatchJTransformsScaledInverse() {
        Random random = new Random(3);
        for (int log = 0; log <= 18; log++) {
            int n = 1 << log;
            double[][] x = random(random, n);
            double[] original = ComplexArrays.interleave(x[0], x[1]);
            double[] a = original.clone();
            Fft.forward(a);
            double[] peer = a.clone();
            Fft.inverse(a);
            assertThat(ComplexArrays.relativeRmsError(a, original)).as("N=2^%d", log).isLessThan(1e-12);
            new DoubleFFT_1D(n).complexInverse(peer, true);
            assertThat(ComplexArrays.relativeRmsError(a, peer)).isLessThan(1e-12);
            // The split convenience form agrees with the interleaved one.
            double[] re = x[0].clone();
            double[] im = x[1].clone();
            Fft.forward(re, im);
            Fft.inverse(re, im);
            assertThat(NaiveDft.relativeRms(re, im, x[0], x[1])).isLessThan(1e-12);
        }
    }

    @Test
    void everySizeUpTo2To16ShouldMatchTheOraclesBothWays() {
        // Each size once, odd and even log2 N, across the small path (swap table, in-place
        // codelets) and the fused last pass: forward against the naive DFT up to 2^11 and
        // JTransforms beyond; inverse against JTransforms' scaled inverse and as forward's undo.
        Random random = new Random(4);
        for (int log = 0; log <= 16; log++) {
            int n = 1 << log;
            double[][] x = random(random, n);
            double[] original = ComplexArrays.interleave(x[0], x[1]);
            double[] expected;
            if (log <= 11) {
                double[][] y = NaiveDft.dft(x[0], x[1], -1);
                expected = ComplexArrays.interleave(y[0], y[1]);
            } else {
                expected = original.clone();
                new DoubleFFT_1D(n).complexForward(expected);
            }
            double[] a = original.clone();
            Fft.forward(a);
            assertThat(ComplexArrays.relativeRmsError(a, expected)).as("forward N=2^%d", log).isLessThan(1e-12);
            double[] peer = original.clone();
            new DoubleFFT_1D(n).complexInverse(peer, true);
            double[] b = original.clone();
            Fft.inverse(b);
            assertThat(ComplexArrays.relativeRmsError(b, peer)).as("inverse N=2^%d", log).isLessThan(1e-12);
            Fft.inverse(a);
            assertThat(ComplexArrays.relativeRmsError(a, original)).as("round trip N=2^%d", log).isLessThan(1e-12);
        }
    }

    @Test
    void shouldTransformAnImpulseToAFlatSpectrumAndACosineToTwoLines() {
        // Hand-worked: delta at 0 -> all ones; cos(2 pi 3 n / 16) -> 8 at k = 3 and k = 13.
        double[] re = new double[16];
        double[] im = new double[16];
        re[0] = 1;
        Fft.forward(re, im);
        for (int k = 0; k < 16; k++) {
            assertThat(re[k]).isEqualTo(1.0);
            assertThat(im[k]).isEqualTo(0.0);
        }
        for (int j = 0; j < 16; j++) {
            re[j] = Math.cos(2 * Math.PI * 3 * j / 16);
            im[j] = 0;
        }
        Fft.forward(re, im);
        for (int k = 0; k < 16; k++) {
            double expected = k == 3 || k == 13 ? 8 : 0;
            assertThat(Math.hypot(re[k] - expected, im[k])).as("k=%d", k).isLessThan(1e-13);
        }
    }

    @Test
    void shouldRejectBadInputWithAClearMessage() {
        assertThatThrownBy(() -> Fft.forward(null, new double[4])).hasMessageContaining("must not be null");
        assertThatThrownBy(() -> Fft.forward(new double[4], new double[8]))
                .hasMessageContaining("differ in length: 4 vs 8");
        assertThatThrownBy(() -> Fft.forward(new double[12], new double[12])).hasMessageContaining("power of two")
                .hasMessageContaining("12");
        assertThatThrownBy(() -> Fft.inverse(new double[0], new double[0])).hasMessageContaining("power of two");
        assertThatThrownBy(() -> Fft.forward((double[]) null)).hasMessageContaining("must not be null");
        assertThatThrownBy(() -> Fft.forward(new double[7])).hasMessageContaining("even length");
        assertThatThrownBy(() -> Fft.forward(new double[12])).hasMessageContaining("power of two")
                .hasMessageContaining("6");
        assertThatThrownBy(() -> ComplexArrays.realParts(new double[3])).hasMessageContaining("even length");
    }

    private static double[][] random(Random random, int n) {
        double[] re = new double[n];
        double[] im = new double[n];
        for (int i = 0; i < n; i++) {
            re[i] = random.nextGaussian();
            im[i] = random.nextGaussian();
        }
        return new double[][] {re, im};
    }

    /** Random, a real ramp, an alternating sign, a single tone and a constant. */
    private static double[][][] inputs(Random random, int n) {
        double[][] ramp = {new double[n], new double[n]};
        double[][] alternating = {new double[n], new double[n]};
        double[][] tone = {new double[n], new double[n]};
        double[][] constant = {new double[n], new double[n]};
        for (int i = 0; i < n; i++) {
            ramp[0][i] = i;
            alternating[0][i] = i % 2 == 0 ? 1 : -1;
            tone[0][i] = Math.cos(2 * Math.PI * 5 * i / n);
            tone[1][i] = Math.sin(2 * Math.PI * 5 * i / n);
            constant[0][i] = 2.5;
            constant[1][i] = -1;
        }
        return new double[][][] {random(random, n), ramp, alternating, tone, constant};
    }
}
