/**
 * {@code logplab goal}: a GOAL schedule (LogGOPSim's text format) read within the heap and time
 * limits ({@link org.logplab.bench.experiment.goal.GoalRuns}), run on a clock
 * ({@link org.logplab.bench.experiment.goal.GoalClock}; the model clock exactly as LogGOPSim
 * simulates it, {@link org.logplab.bench.experiment.goal.ModelClockGoal}), and the rows the command
 * prints, with LogGOPSim's own times beside where it is installed
 * ({@link org.logplab.bench.experiment.goal.GoalRows}).
 */
package org.logplab.bench.experiment.goal;
