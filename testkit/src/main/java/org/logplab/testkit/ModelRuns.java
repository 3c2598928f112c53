package org.logplab.testkit;

import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;

/**
 * Runs a program the way a user's test does: once, on a machine of its own, under the model clock
 * (exact, deterministic, in model units) with a trace, so that every assertion of
 * {@link RunAssert} applies to the result.
 *
 * <pre>{@code
 * RunResult run = ModelRuns.traced(new RingAllGather(), LogP.of(6, 2, 4, 8));
 * assertThat(run).matchesPrediction(new RingAllGather()).deliveredEveryMessageOnce();
 * }</pre>
 */
public final class ModelRuns {

    private ModelRuns() {
    }

    /**
     * Runs {@code program} once on {@code params.P()} processors under the model clock, recording a
     * trace. There is no time limit: a program that never ends keeps the test waiting, as any
     * endless loop would (JUnit's {@code @Timeout} bounds it).
     *
     * @throws org.logplab.core.RunFailedException if a rank threw (the exception is its cause) or
     *     the ranks deadlocked
     */
    public static RunResult traced(Program program, LogP params) {
        return Machine.run(RunConfig.builder(params).clock(ClockKind.MODEL).trace(true).build(), program);
    }
}
