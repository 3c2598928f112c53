package org.logplab.fft;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Runs a test class's tests on the kernels {@link #kernels()} names ({@link FftKernels#SCALAR}
 * unless a subclass says otherwise), restoring the JVM's choice after each test; a subclass for
 * {@link FftKernels#VECTOR} runs the same tests on the vector kernels, skipped where the JVM
 * lacks them.
 */
abstract class OnKernels {
    private FftKernels before;

    FftKernels kernels() {
        return FftKernels.SCALAR;
    }

    @BeforeEach
    void useKernels() {
        assumeTrue(kernels().available(), "this JVM runs without " + FftKernels.VECTOR_MODULE);
        before = FftKernels.active();
        FftKernels.use(kernels());
    }

    @AfterEach
    void restoreKernels() {
        if (before != null) {
            FftKernels.use(before);
        }
    }
}
