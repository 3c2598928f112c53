/**
 * Measurement of the runtime itself, on its wall clock: ping-pong and hot-potato round trips
 * ({@link org.logplab.core.measure.PingPong}, {@link org.logplab.core.measure.HotPotato}), the
 * parametrised round trips that estimate {@code L}, {@code o} and {@code g}
 * ({@link org.logplab.core.measure.LogPEstimator}, after Netgauge: Hoefler, Lichei and Rehm,
 * "Low-Overhead LogGP Parameter Assessment for Modern Interconnection Networks", IPDPS 2007
 * workshops), and the fits that summarise such times: Hockney's {@code t0 + m / r_inf}
 * ({@link org.logplab.core.measure.HockneyFit}) and Amdahl's law with overhead
 * ({@link org.logplab.core.measure.AmdahlFit}). Times are in nanoseconds. With them the injected
 * parameters of a run can be recovered, and the host's own transport cost is known.
 */
package org.logplab.core.measure;
