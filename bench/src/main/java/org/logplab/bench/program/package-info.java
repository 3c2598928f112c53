/**
 * The work behind {@code logplab run}, which puts a user's own algorithm on a LogP machine: the
 * program's Java sources as the command line names them ({@link org.logplab.bench.program.ProgramSources}),
 * compiled in this JVM ({@link org.logplab.bench.program.SourceCompiler}) and kept between runs
 * ({@link org.logplab.bench.program.CompileCache}, {@link org.logplab.bench.program.CompileKey},
 * {@link org.logplab.bench.program.CompiledClasses}); the one class among them that implements
 * {@link org.logplab.core.Program} and how to make it ({@link org.logplab.bench.program.ProgramClass});
 * its predicted makespan, from the class itself ({@link org.logplab.core.PredictedProgram}) or from a
 * formula ({@link org.logplab.bench.program.PredictExpression}); the runs on the model and the wall
 * clock ({@link org.logplab.bench.program.ProgramRuns}, {@link org.logplab.bench.program.RunSettings})
 * with their outcome ({@link org.logplab.bench.program.ProgramRun}), a failure of the program in its
 * author's words ({@link org.logplab.bench.program.ProgramFailure}), and the rows the command prints
 * ({@link org.logplab.bench.program.ProgramRows}). Times are model units under the model clock and
 * nanoseconds under the wall clock.
 */
package org.logplab.bench.program;
