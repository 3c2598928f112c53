/**
 * {@code logplab goal}: a GOAL schedule (LogGOPSim's text format) read within the heap and time
 * limits ({@link org.logplab.bench.experiment.goal.GoalRuns}), run on a clock
 * ({@link org.logplab.bench.experiment.goal.GoalClock}; the model clock exactly as LogGOPSim
 * simulates it, {@link org.logplab.bench.experiment.goal.ModelClockGoal}), LogGOPSim's own times
 * beside it where it is installed ({@link org.logplab.bench.experiment.goal.LogGopSimBeside}), and
 * the rows the command prints ({@link org.logplab.bench.experiment.goal.GoalRows}).
 */
package org.logplab.bench.experiment.goal;
