package org.logplab.fft;

/** {@link FftTest}'s tests on the vector kernels. */
class FftVectorTest extends FftTest {
    @Override
    FftKernels kernels() {
        return FftKernels.VECTOR;
    }
}
