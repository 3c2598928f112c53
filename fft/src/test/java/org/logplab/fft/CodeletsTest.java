package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The straight-line codelets equal the loop kernels they replace. */
class CodeletsTest {

    @Test
    void dif16AndDif8ShouldEqualTheirLoopStages() {
        Random random = new Random(16);
        TwiddleTable table = TwiddleTable.of(16);
        for (int trial = 0; trial < 100; trial++) {
            double[] re = random.doubles(16, -1, 1).toArray();
            double[] im = random.doubles(16, -1, 1).toArray();
            double[] lr = re.clone();
            double[] li = im.clone();
            Radix4.stage(lr, li, 0, 16, 16, table);
            Radix4.radix4NoTwiddle(lr, li, 0, 16);
            Codelets.dif16(re, im, 0);
            for (int i = 0; i < 16; i++) {
                assertThat(re[i]).isCloseTo(lr[i], org.assertj.core.api.Assertions.within(1e-14));
                assertThat(im[i]).isCloseTo(li[i], org.assertj.core.api.Assertions.within(1e-14));
            }
            double[] r8 = random.doubles(16, -1, 1).toArray();
            double[] i8 = random.doubles(16, -1, 1).toArray();
            double[] l8r = r8.clone();
            double[] l8i = i8.clone();
            Radix4.stage(l8r, l8i, 8, 8, 8, table);
            Radix4.radix2(l8r, l8i, 8, 8);
            Codelets.dif8(r8, i8, 8);
            for (int i = 0; i < 16; i++) {
                assertThat(r8[i]).isCloseTo(l8r[i], org.assertj.core.api.Assertions.within(1e-14));
                assertThat(i8[i]).isCloseTo(l8i[i], org.assertj.core.api.Assertions.within(1e-14));
            }
        }
    }
}
