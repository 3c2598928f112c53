/**
 * The FFT module (issue 4): a fast serial radix-2 FFT, the seed's butterfly-exchange parallel FFT
 * on the LogP runtime (block distribution, local stages, {@code log2 p} exchange stages with
 * partner {@code rank XOR 2^j}), a fork/join FFT, and the speedup model of ALGORITHMS.md §9.
 * Nothing is implemented yet.
 */
package org.logplab.fft;
