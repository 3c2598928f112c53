package org.logplab.fft;

/** {@link ForkJoinFftTest}'s tests on the vector kernels. */
class ForkJoinFftVectorTest extends ForkJoinFftTest {
    @Override
    FftKernels kernels() {
        return FftKernels.VECTOR;
    }
}
