/**
 * The report of a JMH JSON result file ({@link org.logplab.bench.jmh.report.JmhReport}): each
 * result placed on our side or the peer's by its method or a parameter, pairs of the two with
 * their ratio and which is better within the error bars (GFLOPS too for the FFT suite), and the
 * speedup over one thread where the suites vary the threads. It reads the file only; it does not
 * depend on the suites.
 */
package org.logplab.bench.jmh.report;
