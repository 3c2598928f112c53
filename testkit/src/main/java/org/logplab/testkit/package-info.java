/**
 * Assertions for users' JUnit tests of their LogP programs: run a program once under the model
 * clock with a trace ({@link org.logplab.testkit.ModelRuns#traced}), then check the run with
 * {@link org.logplab.testkit.LogPAssertions#assertThat}: a rank's finish time, the makespan against
 * a number or against the program's own prediction ({@link org.logplab.core.PredictedProgram}),
 * every message received exactly once, the number of messages in the trace. The assertions are
 * AssertJ's ({@link org.logplab.testkit.RunAssert} extends its {@code AbstractAssert}), so they
 * chain, take {@code as(...)} descriptions and fail with an {@code AssertionError} that says what
 * was expected and what the run gave, in the run's clock units.
 */
package org.logplab.testkit;
