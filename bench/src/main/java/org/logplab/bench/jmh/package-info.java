/**
 * The JMH suites ({@code benchmarks.jar}): the runtime's channels and collectives, the machine's
 * own cost of a run, FFTs and load balancing, each beside a peer measured in the same run
 * (JCTools' bare queues, JTransforms, the JDK's fork/join pool) so that their ratios can be read on
 * a noisy host; and {@link org.logplab.bench.jmh.JmhProcess}, which runs the suites in a JVM of
 * their own with the flags they need and counts the benchmarks that failed. Reading JMH's results
 * is the job of {@link org.logplab.bench.jmh.report}.
 */
package org.logplab.bench.jmh;
