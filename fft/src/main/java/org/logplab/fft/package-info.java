/**
 * The FFT module (issue 4). {@link org.logplab.fft.Fft} is the serial complex FFT (radix-4
 * decimation in frequency on split arrays, straight-line 16- and 8-point codelets, depth-first
 * above 4,096 points, blocked bit reversal); {@link org.logplab.fft.ComplexArrays} converts from
 * and to the interleaved layout of JTransforms. Still to come: the seed's butterfly-exchange
 * parallel FFT on the LogP runtime, a fork/join FFT, and the speedup model of ALGORITHMS.md §9.
 */
package org.logplab.fft;
