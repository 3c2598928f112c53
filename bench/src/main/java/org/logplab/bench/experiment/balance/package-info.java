/**
 * The load-balancing runs of {@code logplab balance} and of the demo: every policy on one machine
 * that stays up, over loads and seeds, with response-time statistics and the best policy per load;
 * and what such a sweep costs in heap and time before it starts. Model units under the model
 * clock, nanoseconds under the wall clock.
 */
package org.logplab.bench.experiment.balance;
