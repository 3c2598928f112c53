/**
 * The FFT engines {@code logplab fft} compares (our serial FFT, the LogP runtime's master/worker
 * and butterfly-exchange forms, fork/join, JTransforms, FFTW), timed in alternation against the
 * serial FFT on the same data; the speedup sweeps over sizes and processors beside the machine
 * model's and the seed paper's predictions; their model-clock runs; and the heap and time a sweep
 * needs before it starts. Times in nanoseconds.
 */
package org.logplab.bench.experiment.fft;
