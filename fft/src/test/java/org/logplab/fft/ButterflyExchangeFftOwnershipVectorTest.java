package org.logplab.fft;

/** {@link ButterflyExchangeFftOwnershipTest} on the vector kernels: copy and lent exchanges agree to the bit. */
class ButterflyExchangeFftOwnershipVectorTest extends ButterflyExchangeFftOwnershipTest {
    @Override
    FftKernels kernels() {
        return FftKernels.VECTOR;
    }
}
