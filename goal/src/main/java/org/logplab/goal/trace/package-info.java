/**
 * Schedules out of runs: the GOAL text of what a model-clock run executed, made from its
 * {@link org.logplab.core.Trace}, each rank's sends, receives and computations in program order,
 * so that LogGOPSim can simulate the run that LogP Lab's model clock timed (and, under the
 * parameters where their rules coincide, gives the same finish times).
 */
package org.logplab.goal.trace;
