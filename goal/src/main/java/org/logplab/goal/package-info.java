/**
 * Schedules in GOAL, the Group Operation Assembly Language of Hoefler, Siebert and Lumsdaine (ICPP
 * 2009) that the LogGOPSim simulator reads: each rank's sends, receives and computations with the
 * dependencies between them. This package parses the text format, checks a schedule (labels,
 * dependency cycles, ranks) and writes schedules back out.
 */
package org.logplab.goal;
