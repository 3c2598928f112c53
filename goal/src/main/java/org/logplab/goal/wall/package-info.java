/**
 * A GOAL schedule on real cores: {@link org.logplab.goal.wall.GoalProgram} runs each rank's
 * operations on one processor of a {@link org.logplab.core.Machine} under the wall clock, its
 * sends and receives real messages of the schedule's sizes, its calcs busy time, its dependencies
 * honoured and its receives matched by source and tag as LogGOPSim matches them; what a schedule
 * that cannot finish leaves undone is named operation by operation.
 */
package org.logplab.goal.wall;
