/**
 * JMH benchmarks, built into {@code bench/target/benchmarks.jar}: each measures a part of LogP
 * Lab (the message path, a run's own cost, the collectives, the FFTs, the balancers), most of them
 * against an established floor or library in the same JMH run on the same host, so that the
 * figures read side by side. Each class's comment says what one operation is and its unit.
 */
package org.logplab.bench.jmh;
