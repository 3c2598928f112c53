/**
 * Measurements of a transport's own costs, as {@code logplab measure}, {@code pingpong} and
 * {@code streams} print them: the PRTT estimator's {@code L}, {@code o}, {@code g} in process and
 * across processes over Aeron, ping-pong over message sizes with its Hockney fit, and Aeron's stream
 * layouts; with what each costs before it starts. Times in nanoseconds.
 */
package org.logplab.bench.experiment.measure;
