package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The generated codelets give bit for bit the results of the hand-written ones they replace. */
class HandWrittenCodeletsTest {

    @Test
    void generatedCodeletsShouldEqualTheHandWrittenOnesBitForBit() {
        Random random = new Random(33);
        for (int trial = 0; trial < 2000; trial++) {
            // Some inputs of a few values, zeros of both signs among them, so that sums and differences of
            // equal values and the signs of zero results are compared too.
            double[] few = {-2, -1, -0.0, 0.0, 1, 2};
            double[] a = trial % 2 == 0
                    ? random.ints(64, 0, few.length).mapToDouble(i -> few[i]).toArray()
                    : random.doubles(64, -1, 1).toArray();
            double scale = 1.0 / (1 << random.nextInt(23));
            int o = 2 * random.nextInt(16);
            int p = 2 * random.nextInt(16);

            double[] x = a.clone();
            double[] y = a.clone();
            Codelets.dif16(x, o % 32);
            HandWrittenCodelets.dif16(y, o % 32);
            assertBits(x, y);
            x = a.clone();
            y = a.clone();
            Codelets.dif16Inverse(x, o % 32, scale);
            HandWrittenCodelets.dif16Inverse(y, o % 32, scale);
            assertBits(x, y);
            x = a.clone();
            y = a.clone();
            Codelets.dif8(x, o);
            HandWrittenCodelets.dif8(y, o);
            assertBits(x, y);
            x = a.clone();
            y = a.clone();
            Codelets.dif8Inverse(x, o, scale);
            HandWrittenCodelets.dif8Inverse(y, o, scale);
            assertBits(x, y);
            x = a.clone();
            y = a.clone();
            Codelets.dif4(x, o);
            HandWrittenCodelets.dif4(y, o);
            assertBits(x, y);

            double[] bx = new double[512];
            double[] by = new double[512];
            Codelets.dif16To(a, o % 32, bx, p);
            HandWrittenCodelets.dif16To(a, o % 32, by, p);
            assertBits(bx, by);
            Codelets.dif16InverseTo(a, o % 32, bx, p, scale);
            HandWrittenCodelets.dif16InverseTo(a, o % 32, by, p, scale);
            assertBits(bx, by);
            Codelets.dif8To(a, o, bx, p);
            HandWrittenCodelets.dif8To(a, o, by, p);
            assertBits(bx, by);
            Codelets.dif8InverseTo(a, o, bx, p, scale);
            HandWrittenCodelets.dif8InverseTo(a, o, by, p, scale);
            assertBits(bx, by);
        }
    }

    private static void assertBits(double[] actual, double[] expected) {
        for (int i = 0; i < actual.length; i++) {
            assertThat(Double.doubleToRawLongBits(actual[i])).as("index %d", i)
                    .isEqualTo(Double.doubleToRawLongBits(expected[i]));
        }
    }
}
