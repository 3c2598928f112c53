package org.logplab.fft;

/** {@link ParallelFftStressTest}'s tests on the vector kernels. */
class ParallelFftStressVectorTest extends ParallelFftStressTest {
    @Override
    FftKernels kernels() {
        return FftKernels.VECTOR;
    }
}
