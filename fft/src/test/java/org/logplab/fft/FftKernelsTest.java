package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Choosing the kernels, and the two kernels against each other. */
class FftKernelsTest {

    @Test
    void shouldParseTheThreeNamesAndRejectOthersByName() {
        assertThat(FftKernels.parse("scalar")).isEqualTo(FftKernels.SCALAR);
        assertThat(FftKernels.parse(" Vector ")).isEqualTo(FftKernels.VECTOR);
        assertThat(FftKernels.parse("AUTO")).isEqualTo(FftKernels.VECTOR.available() ? FftKernels.VECTOR
                : FftKernels.SCALAR);
        assertThatThrownBy(() -> FftKernels.parse("simd")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'simd'").hasMessageContaining("scalar, vector or auto");
        assertThatThrownBy(() -> FftKernels.parse(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FftKernels.use(null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(FftKernels.SCALAR.available()).isTrue();
        assertThat(FftKernels.SCALAR.label()).isEqualTo("scalar");
        assertThat(FftKernels.SCALAR.describe()).isEqualTo("scalar Java");
    }

    @Test
    void vectorKernelsShouldAgreeWithTheScalarOnesToRoundingAtEverySize() {
        assumeTrue(FftKernels.VECTOR.available(), "this JVM runs without " + FftKernels.VECTOR_MODULE);
        assertThat(FftKernels.VECTOR.describe()).contains("-bit");
        FftKernels before = FftKernels.active();
        Random random = new Random(9);
        try {
            for (int log = 0; log <= 18; log++) {
                double[] x = random.doubles(2 << log, -1, 1).toArray();
                for (boolean inverse : new boolean[] {false, true}) {
                    double[] scalar = x.clone();
                    double[] vector = x.clone();
                    FftKernels.use(FftKernels.SCALAR);
                    transform(scalar, inverse);
                    FftKernels.use(FftKernels.VECTOR);
                    transform(vector, inverse);
                    // Both are within ~1e-16 of the exact DFT (FftTest, FftVectorTest); here
                    // they must not differ by more than a few roundings of each other.
                    assertThat(ComplexArrays.relativeRmsError(vector, scalar)).as("N=2^%d inverse=%s", log, inverse)
                            .isLessThan(1e-14);
                }
            }
        } finally {
            FftKernels.use(before);
        }
    }

    private static void transform(double[] a, boolean inverse) {
        if (inverse) {
            Fft.inverse(a);
        } else {
            Fft.forward(a);
        }
    }
}
