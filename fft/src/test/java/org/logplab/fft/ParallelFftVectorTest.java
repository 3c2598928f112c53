package org.logplab.fft;

/** {@link ParallelFftTest}'s tests on the vector kernels. */
class ParallelFftVectorTest extends ParallelFftTest {
    @Override
    FftKernels kernels() {
        return FftKernels.VECTOR;
    }
}
