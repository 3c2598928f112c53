/**
 * The tour {@code logplab demo} runs ({@link org.logplab.bench.demo.Tour}): the host's own LogP
 * parameters, a traced broadcast under both clocks, then one step per experiment (multicast,
 * summation, gossip and k-tree, FFT speedup, Amdahl with overhead, load balancing), each adding its
 * section, tables and plots to the report folder and one finding to its headlines.
 */
package org.logplab.bench.demo;
