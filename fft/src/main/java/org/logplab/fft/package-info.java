/**
 * The FFT module: a fast serial FFT and the parallel FFTs whose dual-core speedup LogP Lab measures
 * (Xu, Zhang and Zhang (2009), §4(1), §5.1; docs/algorithms.md §9).
 * <ul>
 *   <li>{@link org.logplab.fft.Fft}: the serial complex FFT (radix-4 decimation in frequency on
 *       interleaved arrays, depth-first above 4,096 points, straight-line codelets for the last
 *       stages fused with the bit reversal in one cache-blocked pass); {@link org.logplab.fft.ComplexArrays}
 *       converts to and from split arrays; {@link org.logplab.fft.FftKernels} picks scalar kernels or,
 *       where the JVM was started with the incubating Vector API, vector ones.</li>
 *   <li>{@link org.logplab.fft.ButterflyExchangeFft} and {@link org.logplab.fft.MasterWorkerFft}: the
 *       seed's butterfly-exchange FFT on the LogP runtime, data already distributed or handed out
 *       and back by a master (copying every block, as the seed, or lending its array);
 *       {@link org.logplab.fft.FftTiming} predicts their model time, {@link org.logplab.fft.FftPhases}
 *       records where their wall-clock time goes.</li>
 *   <li>{@link org.logplab.fft.ForkJoinFft}: the same kernels on a {@code ForkJoinPool}.</li>
 *   <li>{@link org.logplab.fft.SpeedupModel}: the seed's speedup and efficiency model.</li>
 * </ul>
 */
package org.logplab.fft;
