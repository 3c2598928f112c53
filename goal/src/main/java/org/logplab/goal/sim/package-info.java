/**
 * GOAL schedules on the model clock: {@link org.logplab.goal.sim.GoalSimulator} runs a schedule
 * under the LogGOPS parameters ({@link org.logplab.goal.sim.LogGopsParams}) exactly as LogGOPSim
 * does, event for event, so that every rank's finish time equals LogGOPSim's; the places where
 * LogGOPSim's code departs from the model are named ({@link org.logplab.goal.sim.Quirk}) and each
 * can be left out. A run names what it could not finish, and can be traced for Perfetto.
 */
package org.logplab.goal.sim;
